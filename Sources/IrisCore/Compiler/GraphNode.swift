/// The compiler's working graph: the recipe after colour management and folding, before it is split
/// into passes. Reference identity keeps shared sub-recipes shared.
final class GraphNode {
    enum Operation {
        case leaf(Int)
        case constant(SIMD4<Float>)
        case kernel(Kernel, KernelArguments, label: String, colorMatrix: ColorMatrix?, affine: AffineTransform?)
        /// A baked run of colour kernels applied to the single input's colour (see `ColorCubeBaker`).
        case lookup(ColorCube, label: String)
    }

    let operation: Operation
    let inputs: [GraphNode]
    let extent: Rect
    var consumers = 0
    var passIndex: Int?

    init(_ operation: Operation, inputs: [GraphNode] = [], extent: Rect) {
        self.operation = operation
        self.inputs = inputs
        self.extent = extent
    }

    var isLookup: Bool {
        if case .lookup = operation { return true }
        return false
    }

    /// Every node below `root` once, inputs before the nodes that read them, counting in `consumers` how
    /// many edges reach each node. Iterative: a recipe may chain thousands of filters.
    static func postOrderCountingConsumers(_ root: GraphNode) -> [GraphNode] {
        var visited = Set<ObjectIdentifier>([ObjectIdentifier(root)])
        var order: [GraphNode] = []
        root.consumers += 1
        var stack: [(node: GraphNode, next: Int)] = [(root, 0)]
        while let (node, next) = stack.popLast() {
            guard next < node.inputs.count else {
                order.append(node)
                continue
            }
            stack.append((node, next + 1))
            let input = node.inputs[next]
            input.consumers += 1
            if visited.insert(ObjectIdentifier(input)).inserted { stack.append((input, 0)) }
        }
        return order
    }

    var kernel: Kernel? {
        if case let .kernel(k, _, _, _, _) = operation { return k }
        return nil
    }

    /// Cheap enough to evaluate again at every point a general kernel reads: leaves, constants, and
    /// warps or crops of those.
    var isCheapToResample: Bool {
        switch operation {
        case .leaf, .constant: return true
        case .lookup: return false
        case let .kernel(k, _, _, _, _):
            let isCrop = k.role == .crop
            return (k.kind == .warp || isCrop) && inputs.allSatisfy(\.isCheapToResample)
        }
    }

    /// The number of kernels in this sub-recipe when it is only colour kernels, warps and crops over leaves
    /// and constants (what a pass can recompute at any point in full precision); nil otherwise.
    var pointwiseKernelCount: Int? {
        switch operation {
        case .leaf, .constant: return 0
        case .lookup: return nil
        case let .kernel(k, _, _, _, _):
            guard k.kind == .color || k.kind == .warp || k.role == .crop else { return nil }
            var total = 1
            for input in inputs {
                guard let count = input.pointwiseKernelCount else { return nil }
                total += count
            }
            return total
        }
    }
}
