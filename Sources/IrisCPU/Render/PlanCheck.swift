import IrisCore

/// Everything that could stop a render, found before any pixel is computed: a kernel without a Swift
/// body, an unsupported output, and indices or sizes that would read out of bounds.
enum PlanCheck {
    static func validate(_ plan: RenderPlan) throws {
        guard plan.outputFormat == .rgba8 || plan.outputFormat == .bgra8 else {
            throw RenderError.unsupportedOutputFormat(plan.outputFormat)
        }
        if plan.outputRect.isInfinite { throw RenderError.infiniteExtent }
        if plan.outputRect.isEmpty { throw RenderError.emptyExtent }
        guard !plan.passes.isEmpty else { throw InvalidPlanError.noPasses }

        for (index, pass) in plan.passes.enumerated() {
            try checkExpression(pass.root, pass: index, plan: plan)
        }
        for (index, leaf) in plan.leaves.enumerated() { try checkLeaf(leaf, index: index) }
        for (t, tile) in plan.tiles.enumerated() {
            guard tile.passRects.count == plan.passes.count else {
                throw InvalidPlanError.tilePassCount(tile: t, expected: plan.passes.count, got: tile.passRects.count)
            }
            for (p, rect) in (tile.passRects + [tile.output]).enumerated() where !rect.isEmpty {
                guard !rect.isInfinite, rect == rect.integral else {
                    throw InvalidPlanError.rectNotIntegral(tile: t, pass: p, rect: rect.description)
                }
            }
        }
        if !isIntegral(plan.outputRect) {
            throw InvalidPlanError.rectNotIntegral(tile: -1, pass: plan.passes.count - 1, rect: plan.outputRect.description)
        }
    }

    private static func isIntegral(_ r: Rect) -> Bool {
        r.x == r.x.rounded() && r.y == r.y.rounded() && r.width == r.width.rounded() && r.height == r.height.rounded()
    }

    private static func checkExpression(_ e: RenderPlan.Expression, pass: Int, plan: RenderPlan) throws {
        switch e {
        case let .leaf(i):
            guard plan.leaves.indices.contains(i) else {
                throw InvalidPlanError.leafIndex(pass: pass, leaf: i, leafCount: plan.leaves.count)
            }
        case let .intermediate(k):
            guard k >= 0, k < pass else { throw InvalidPlanError.intermediateIndex(pass: pass, reads: k) }
        case .constant:
            break
        case let .lookup(node):
            try checkExpression(node.input, pass: pass, plan: plan)
        case let .kernel(node):
            for input in node.inputs { try checkExpression(input, pass: pass, plan: plan) }
            guard node.kernel.cpu != nil else { throw RenderError.missingCPUBody(kernel: node.kernel.name) }
            // Colour bodies index `others` by input; a short list would crash inside the body.
            if node.kernel.kind == .color, node.inputs.count != node.kernel.inputCount {
                throw InvalidPlanError.kernelInputCount(kernel: node.kernel.name, expected: node.kernel.inputCount, got: node.inputs.count)
            }
        }
    }

    private static func checkLeaf(_ leaf: RenderPlan.Leaf, index: Int) throws {
        let buffer = leaf.buffer
        guard buffer.planes.indices.contains(leaf.plane), buffer.format.planes.indices.contains(leaf.plane) else {
            throw InvalidPlanError.leafPlane(leaf: index, plane: leaf.plane, planeCount: buffer.planes.count)
        }
        guard (1...4).contains(leaf.channels) else { throw InvalidPlanError.leafChannels(leaf: index, channels: leaf.channels) }
        // `planes` is a public var, so a buffer can hold fewer bytes than its geometry promises.
        let plane = buffer.planes[leaf.plane]
        let rowBytes = leaf.width * buffer.format.planes[leaf.plane].bytesPerSample
        let needed = leaf.height > 0 ? plane.bytesPerRow * (leaf.height - 1) + rowBytes : 0
        guard plane.bytesPerRow >= rowBytes, plane.bytes.count >= needed else {
            throw InvalidPlanError.leafTooSmall(leaf: index, needed: needed, got: plane.bytes.count)
        }
    }
}
