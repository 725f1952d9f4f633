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
        self.operation = operation; self.inputs = inputs; self.extent = extent
    }

    var kernel: Kernel? { if case let .kernel(k, _, _, _, _) = operation { return k }; return nil }

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
}
