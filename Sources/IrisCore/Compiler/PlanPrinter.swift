/// Text dumps of a recipe and of its plan, printed when `IRIS_PRINT_TREE=1` (Core Image's `CI_PRINT_TREE`).
public enum PlanPrinter {
    /// The recipe as an indented tree, each node with its extent.
    public static func recipe(_ image: Image) -> String {
        var lines: [String] = []
        var seen: [ObjectIdentifier: Int] = [:]
        func walk(_ i: Image, _ depth: Int) {
            let pad = String(repeating: "  ", count: depth)
            if let n = seen[ObjectIdentifier(i)] {
                lines.append("\(pad)↑ node \(n) (shared)")
                return
            }
            seen[ObjectIdentifier(i)] = seen.count
            switch i.node {
            case let .plane(b, index):
                lines.append("\(pad)\(b.format) plane \(index) \(i.extent)")
            case let .constant(c):
                lines.append("\(pad)color \(KernelValue.vec4(c)) \(i.extent)")
            case let .encoded(inner):
                lines.append("\(pad)source \(i.extent)")
                walk(inner, depth + 1)
            case let .kernel(app):
                let note = app.colorMatrix != nil ? " (color matrix)" : app.affine != nil ? " (affine)" : ""
                lines.append("\(pad)\(app.label)\(note) \(i.extent)")
                app.inputs.forEach { walk($0, depth + 1) }
            case let .lookup(cube, input, label):
                lines.append("\(pad)\(label) (cube \(cube.size)³) \(i.extent)")
                walk(input, depth + 1)
            }
        }
        walk(image, 1)
        return "recipe:\n" + lines.joined(separator: "\n")
    }

    /// The plan: leaves, one line per pass with its fused program, intermediates and tiles.
    public static func plan(_ plan: RenderPlan, renderer: String) -> String {
        let limit = plan.maximumTextureSize == .max ? "unlimited" : String(plan.maximumTextureSize)
        var lines = [
            "plan (\(renderer), max texture \(limit)): \(plan.passes.count) pass(es), \(plan.leaves.count) leaf(s), "
                + "\(plan.tiles.count) tile(s), output \(plan.outputRect) \(plan.outputFormat)"
        ]
        for (i, leaf) in plan.leaves.enumerated() {
            lines.append(
                "  leaf\(i): \(leaf.buffer.format) plane \(leaf.plane), \(leaf.width)×\(leaf.height), \(leaf.channels) channel(s)"
            )
        }
        for (i, pass) in plan.passes.enumerated() {
            let role = i == plan.passes.count - 1 ? "output" : "intermediate"
            lines.append("  pass \(i) (\(role), extent \(pass.extent)): program \(program(pass.root))")
        }
        for (i, tile) in plan.tiles.enumerated().prefix(16) {
            let passes = tile.passRects.enumerated().map { "p\($0.offset) \($0.element)" }.joined(separator: ", ")
            let leaves = tile.leafRects.enumerated().map { "l\($0.offset) \($0.element)" }.joined(separator: ", ")
            lines.append("  tile \(i) \(tile.output): \(passes); \(leaves)")
        }
        if plan.tiles.count > 16 { lines.append("  … \(plan.tiles.count - 16) more tile(s)") }
        return lines.joined(separator: "\n")
    }

    /// A program as nested calls, e.g. `linear_to_srgb(CISepiaTone+CIHueAdjust(srgb_to_linear(leaf0)))`.
    public static func program(_ e: RenderPlan.Expression) -> String {
        switch e {
        case let .leaf(i): return "leaf\(i)"
        case let .intermediate(k): return "pass\(k)"
        case let .constant(c): return "color\(KernelValue.vec4(c))"
        case let .kernel(node):
            let args = node.inputs.map(program).joined(separator: ", ")
            return "\(node.label)(\(args))"
        case let .lookup(node):
            return "\(node.label)(\(program(node.input)))"
        }
    }
}
