import IrisCore

/// A one-input colour kernel left after a camera chain's cube because it reads each pixel's position
/// (CIVignette), run on the cube's output row with the row's pixel centres, as the span interpreter would
/// run it, so such a chain keeps the direct row path (`YCbCrOutputPath`).
struct PositionedColorKernel: Sendable {
    typealias Body = @Sendable (inout [SIMD4<Float>], [[SIMD4<Float>]], [SIMD2<Float>], KernelArguments) -> Void
    let body: Body
    let arguments: KernelArguments

    /// Nil for anything but an ordinary one-input colour kernel with a Swift body that covers `rect`.
    init?(_ node: RenderPlan.KernelNode, covering rect: Rect) {
        guard node.kernel.kind == .color, node.kernel.role == .ordinary, node.inputs.count == 1,
            node.extent.contains(rect), case let .color(body)? = node.kernel.cpu
        else { return nil }
        self.body = body
        arguments = node.arguments
    }

    /// Runs the kernels in order on `colours`, whose pixel i sits at `coordinates[i]`.
    static func run(
        _ kernels: [PositionedColorKernel], on colours: inout [SIMD4<Float>], at coordinates: [SIMD2<Float>]
    ) {
        for kernel in kernels { kernel.body(&colours, [], coordinates, kernel.arguments) }
    }
}
