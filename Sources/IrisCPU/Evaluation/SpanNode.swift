import IrisCore

/// One node of a pass's expression tree, built once per render thread so that its scratch arrays are
/// reused span after span without locks or allocation.
protocol SpanNode: AnyObject {
    /// Writes the node's premultiplied colours at `points` into `out`, resized to `points.count`.
    func evaluate(_ points: SpanPoints, into out: inout [SIMD4<Float>])
}

/// What a thread needs to instantiate a pass's tree: the plan's leaves and the finished earlier passes.
struct SpanNodeFactory {
    let leaves: [RenderPlan.Leaf]
    /// Per pass index: the tile's stored result; only passes before the current one are read.
    let images: [PassImage]

    /// Builds the tree. `RenderPlan.validate` has already checked indices, input counts and Swift bodies.
    func make(_ expression: RenderPlan.Expression) -> SpanNode {
        switch expression {
        case let .leaf(index):
            return LeafNode(leaves[index])
        case let .intermediate(index):
            return IntermediateNode(images[index])
        case let .constant(value):
            return ConstantNode(value)
        case let .lookup(node):
            let interpreted = CubeLookupNode(node, input: make(node.input))
            if case let .kernel(decode) = node.input, let source = YCbCrSource(decode, leaves: leaves) {
                let decoded = DecodedSpanNode(source: source, cube: CubeInterpolator(node.cube), fallback: interpreted)
                return ExtentMaskNode.wrapping(decoded, extent: node.extent)
            }
            return ExtentMaskNode.wrapping(interpreted, extent: node.extent)
        case let .kernel(node):
            let inputs = node.inputs.map(make)
            let evaluated: SpanNode
            switch node.kernel.cpu {
            case let .color(body)?: evaluated = ColorKernelNode(body, node.arguments, inputs)
            case let .warp(body)?: evaluated = WarpKernelNode(body, node.arguments, inputs.first)
            case let .general(body)?: evaluated = GeneralKernelNode(body, node.arguments, inputs)
            case nil: return ConstantNode(.zero)
            }
            if node.kernel.role == .separableBlur, let (index, clamp) = Self.storedInput(node.inputs.first),
                let blur = SeparableBlurNode(
                    kernel: node.kernel, arguments: node.arguments, image: images[index], clampedTo: clamp,
                    fallback: evaluated)
            {
                return ExtentMaskNode.wrapping(blur, extent: node.extent)
            }
            let masked = ExtentMaskNode.wrapping(evaluated, extent: node.extent)
            if let leaf = ChromaUpsampleNode.matches(node, leaves: leaves) {
                return ChromaUpsampleNode(leaf: leaf, fallback: masked)
            }
            if let source = YCbCrSource(node, leaves: leaves) {
                return ExtentMaskNode.wrapping(
                    DecodedSpanNode(source: source, cube: nil, fallback: masked), extent: node.extent)
            }
            return masked
        }
    }

    /// A stored pass read directly or through an edge-extending clamp: its index and the clamp's rectangle.
    static func storedInput(_ expression: RenderPlan.Expression?) -> (index: Int, clamp: Rect?)? {
        switch expression {
        case let .intermediate(index)?: return (index, nil)
        case let .kernel(node)?:
            guard node.kernel.role == .clampToRect, case let .intermediate(index)? = node.inputs.first else {
                return nil
            }
            let r = node.arguments.vec4(0)
            return (index, Rect(x: Double(r.x), y: Double(r.y), width: Double(r.z), height: Double(r.w)))
        default: return nil
        }
    }

    /// True when some node reads the points' coordinates (any kernel); otherwise row spans skip filling them.
    static func readsCoordinates(_ expression: RenderPlan.Expression) -> Bool {
        switch expression {
        case .kernel: return true
        case let .lookup(node): return readsCoordinates(node.input)
        case .leaf, .intermediate, .constant: return false
        }
    }
}

extension Array where Element == SIMD4<Float> {
    /// Resizes to `count` and sets every element to `value`.
    @inline(__always)
    mutating func fill(_ value: SIMD4<Float>, count: Int) {
        removeAll(keepingCapacity: true)
        append(contentsOf: repeatElement(value, count: count))
    }
}
