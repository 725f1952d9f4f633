/// The compiler step that replaces each maximal run of position-independent colour kernels sitting on a
/// kernel with opaque unit output (a Y'CbCr decoder) by one lookup node, when `ColorCubeBaker` finds a cube
/// accurate enough. A run stops below any node another consumer also reads, so shared results stay shared.
/// A run that cannot be baked whole is left exact whole: baking only its lower part would feed the cube's
/// error into kernels that may magnify it (a gamma below 1 near black), where no check has measured it.
struct ColorCubeBaking {
    let colorManagement: Bool
    /// Where bakes of earlier runs are kept, if anywhere.
    let store: BakedCubeStore?
    private var consumers: [ObjectIdentifier: Int] = [:]
    private var memo: [ObjectIdentifier: GraphNode] = [:]
    /// Nodes of runs found unbakeable; their lower parts are not tried again.
    private var exact = Set<ObjectIdentifier>()

    init(root: GraphNode, colorManagement: Bool, store: BakedCubeStore? = nil) {
        self.colorManagement = colorManagement
        self.store = store
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

    /// The graph with every bakeable run replaced. Runs are chosen from the top down (the longest run wins),
    /// then the new graph is built from the bottom up; both walks are iterative, as a recipe may chain
    /// thousands of kernels.
    mutating func rewrite(_ root: GraphNode) -> GraphNode {
        var stack: [(node: GraphNode, inputsDone: Bool)] = [(root, false)]
        while let (node, inputsDone) = stack.popLast() {
            let id = ObjectIdentifier(node)
            if memo[id] != nil { continue }
            if !inputsDone, plans[id] == nil { plans[id] = bakePlan(node) ?? .rebuild }
            guard let plan = plans[id] else { continue }
            let below: [GraphNode]
            switch plan {
            case .rebuild: below = node.inputs
            case let .bake(_, _, _, under): below = [under]
            }
            if inputsDone {
                memo[id] = build(node, plan)
                continue
            }
            stack.append((node, true))
            for input in below.reversed() where memo[ObjectIdentifier(input)] == nil { stack.append((input, false)) }
        }
        return memo[ObjectIdentifier(root)] ?? root
    }

    private enum Plan {
        case rebuild
        /// Replace `run` (bottom first) by `cube`, then apply `encode` (the run's top, left exact) if any.
        case bake(ColorCube, run: [GraphNode], encode: GraphNode?, below: GraphNode)
    }

    private var plans: [ObjectIdentifier: Plan] = [:]

    private func build(_ node: GraphNode, _ plan: Plan) -> GraphNode {
        switch plan {
        case .rebuild:
            let inputs = node.inputs.map { memo[ObjectIdentifier($0)] ?? $0 }
            if zip(inputs, node.inputs).allSatisfy({ $0 === $1 }) { return node }
            return GraphNode(node.operation, inputs: inputs, extent: node.extent)
        case let .bake(cube, run, encode, below):
            let labels = run.compactMap { node -> String? in
                if case let .kernel(_, _, label, _, _) = node.operation { return label }
                return nil
            }
            let extent = run.dropFirst().reduce(run[0].extent) { $0.intersection($1.extent) }
            let lookup = GraphNode(
                .lookup(cube, label: "cube\(cube.size)[\(labels.joined(separator: "→"))]"),
                inputs: [memo[ObjectIdentifier(below)] ?? below], extent: extent)
            guard let encode else { return lookup }
            return GraphNode(encode.operation, inputs: [lookup], extent: encode.extent)
        }
    }

    /// How to bake the run ending at `top`, or nil when there is none to bake.
    private mutating func bakePlan(_ top: GraphNode) -> Plan? {
        // A byte-order swizzle stays outside the run: the output path applies it when it stores the bytes,
        // and inside the run it would hide the encode the run ends with.
        func joinsRun(_ node: GraphNode) -> Bool {
            node.kernel?.isPositionIndependent == true && node.kernel?.role != .swizzleBGRA
        }
        guard joinsRun(top), !exact.contains(ObjectIdentifier(top)) else { return nil }
        var run = [top]
        var below = top.inputs[0]
        while joinsRun(below), consumers[ObjectIdentifier(below)] == 1 {
            run.append(below)
            below = below.inputs[0]
        }
        // One kernel is cheaper to run than to look up; a run needs two or more to pay for the cube. Every
        // node of the run ends on the same `below`, so none of them is tried again (a long chain stays linear).
        guard run.count >= 2, below.kernel?.traits.contains(.opaqueUnitOutput) == true else {
            for node in run { exact.insert(ObjectIdentifier(node)) }
            return nil
        }
        run.reverse()
        let steps = run.compactMap { node -> ColorCubeBaker.Step? in
            guard case let .kernel(kernel, arguments, _, _, _) = node.operation else { return nil }
            return ColorCubeBaker.Step(kernel, arguments)
        }
        // A run that ends in the output encode is tried whole first, then with the encode left as a kernel
        // after the cube: the encode is steep near black (an invert, a strong saturation), which a uniform
        // cube cannot follow but the exact encode can. The error is measured after the encode either way.
        // A run whose whole form failed at a nearby value (a slider moved) tries the shorter form first.
        let splits =
            run.count >= 3 && (run.last?.kernel?.role == .linearToSRGB || run.last?.kernel?.role == .unpremultiply)
        let management = colorManagement, length = run.count, store = store
        let whole = {
            ColorCubeBaker.cube(for: steps, colorManagement: management, store: store).map { ($0, length) }
        }
        let split = {
            splits
                ? ColorCubeBaker.cube(for: Array(steps.dropLast()), colorManagement: management, store: store).map {
                    ($0, length - 1)
                } : nil
        }
        let splitFirst = splits && ColorCubeBaker.nearbyBakeFailed(for: steps, colorManagement: colorManagement)
        let baked = splitFirst ? split() ?? whole() : whole() ?? split()
        guard let (cube, length) = baked else {
            for node in run { exact.insert(ObjectIdentifier(node)) }
            return nil
        }
        let encode = run.count > length ? run[length] : nil
        return .bake(cube, run: Array(run.prefix(length)), encode: encode, below: below)
    }
}
