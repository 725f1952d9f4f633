/// The compiler step that replaces each maximal run of position-independent colour kernels sitting on a
/// kernel with opaque unit output (a Y'CbCr decoder) by one lookup node, when `ColorCubeBaker` finds a cube
/// accurate enough. A run stops below any node another consumer also reads, so shared results stay shared.
/// A run that cannot be baked whole is left exact whole: baking only its lower part would feed the cube's
/// error into kernels that may magnify it (a gamma below 1 near black), where no check has measured it.
struct ColorCubeBaking {
    let colorManagement: Bool
    private var consumers: [ObjectIdentifier: Int] = [:]
    private var memo: [ObjectIdentifier: GraphNode] = [:]
    /// Nodes of runs found unbakeable; their lower parts are not tried again.
    private var exact = Set<ObjectIdentifier>()

    init(root: GraphNode, colorManagement: Bool) {
        self.colorManagement = colorManagement
        var visited = Set<ObjectIdentifier>()
        var stack = [root]
        while let node = stack.popLast() {
            guard visited.insert(ObjectIdentifier(node)).inserted else { continue }
            for input in node.inputs {
                consumers[ObjectIdentifier(input), default: 0] += 1
                stack.append(input)
            }
        }
    }

    mutating func rewrite(_ node: GraphNode) -> GraphNode {
        if let done = memo[ObjectIdentifier(node)] { return done }
        let result = baked(node) ?? rebuilt(node)
        memo[ObjectIdentifier(node)] = result
        return result
    }

    /// The lookup that replaces the run ending at `top`, or nil when there is none to bake.
    private mutating func baked(_ top: GraphNode) -> GraphNode? {
        guard top.kernel?.isPositionIndependent == true, !exact.contains(ObjectIdentifier(top)) else { return nil }
        var run = [top]
        var below = top.inputs[0]
        while below.kernel?.isPositionIndependent == true, consumers[ObjectIdentifier(below)] == 1 {
            run.append(below)
            below = below.inputs[0]
        }
        // One kernel is cheaper to run than to look up; a run needs two or more to pay for the cube.
        guard run.count >= 2, below.kernel?.traits.contains(.opaqueUnitOutput) == true else { return nil }
        run.reverse()
        let steps = run.compactMap { node -> ColorCubeBaker.Step? in
            guard case let .kernel(kernel, arguments, _, _, _) = node.operation else { return nil }
            return ColorCubeBaker.Step(kernel, arguments)
        }
        // A run that ends in the output encode is tried whole first, then with the encode left as a kernel
        // after the cube: the encode is steep near black (an invert, a strong saturation), which a uniform
        // cube cannot follow but the exact encode can. The error is measured after the encode either way.
        var baked = ColorCubeBaker.cube(for: steps, colorManagement: colorManagement).map { ($0, run.count) }
        if baked == nil, run.count >= 3, let last = run.last?.kernel?.role, last == .linearToSRGB || last == .unpremultiply {
            baked = ColorCubeBaker.cube(for: Array(steps.dropLast()), colorManagement: colorManagement).map { ($0, run.count - 1) }
        }
        guard let (cube, length) = baked else {
            for node in run { exact.insert(ObjectIdentifier(node)) }
            return nil
        }
        let encode = run.count > length ? run[length] : nil
        run = Array(run.prefix(length))
        let labels = run.compactMap { node -> String? in
            if case let .kernel(_, _, label, _, _) = node.operation { return label }
            return nil
        }
        let extent = run.dropFirst().reduce(run[0].extent) { $0.intersection($1.extent) }
        let lookup = GraphNode(.lookup(cube, label: "cube\(cube.size)[\(labels.joined(separator: "→"))]"),
                               inputs: [rewrite(below)], extent: extent)
        guard let encode else { return lookup }
        return GraphNode(encode.operation, inputs: [lookup], extent: encode.extent)
    }

    private mutating func rebuilt(_ node: GraphNode) -> GraphNode {
        let inputs = node.inputs.map { rewrite($0) }
        if zip(inputs, node.inputs).allSatisfy({ $0 === $1 }) { return node }
        return GraphNode(node.operation, inputs: inputs, extent: node.extent)
    }
}
