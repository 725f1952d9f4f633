import IrisCore

/// A colour kernel: inputs evaluated at the same points, the body run in place on input 0's colours.
final class ColorKernelNode: SpanNode {
    typealias Body = @Sendable (inout [SIMD4<Float>], [[SIMD4<Float>]], [SIMD2<Float>], KernelArguments) -> Void

    private let body: Body
    private let arguments: KernelArguments
    private let inputs: [SpanNode]
    /// Colours of inputs 1…N-1, kept between spans so their storage is reused.
    private var others: [[SIMD4<Float>]]

    init(_ body: @escaping Body, _ arguments: KernelArguments, _ inputs: [SpanNode]) {
        self.body = body
        self.arguments = arguments
        self.inputs = inputs
        others = Array(repeating: [], count: max(inputs.count - 1, 0))
    }

    func evaluate(_ points: SpanPoints, into out: inout [SIMD4<Float>]) {
        if let first = inputs.first {
            first.evaluate(points, into: &out)
        } else {
            out.fill(.zero, count: points.count)  // a generator: its body sets every pixel
        }
        for i in others.indices { inputs[i + 1].evaluate(points, into: &others[i]) }
        body(&out, others, points.coords, arguments)
        // A body that changed the count is a bug in it; keep the span's size so callers stay in bounds.
        if out.count != points.count { out.resize(to: points.count, fill: .zero) }
    }
}

/// A warp kernel: maps the points, then reads its input at the mapped points.
final class WarpKernelNode: SpanNode {
    typealias Body = @Sendable (inout [SIMD2<Float>], KernelArguments) -> Void

    private let body: Body
    private let arguments: KernelArguments
    private let input: SpanNode?
    private var warped: [SIMD2<Float>] = []

    init(_ body: @escaping Body, _ arguments: KernelArguments, _ input: SpanNode?) {
        self.body = body
        self.arguments = arguments
        self.input = input
    }

    func evaluate(_ points: SpanPoints, into out: inout [SIMD4<Float>]) {
        guard let input else {
            out.fill(.zero, count: points.count)
            return
        }
        warped.removeAll(keepingCapacity: true)
        warped.append(contentsOf: points.coords)
        body(&warped, arguments)
        input.evaluate(SpanPoints(arbitrary: warped), into: &out)
        if out.count != points.count { out.resize(to: points.count, fill: .zero) }
    }
}

/// A general kernel: its body reads any input at any points through `sample`.
final class GeneralKernelNode: SpanNode {
    typealias Body =
        @Sendable ([SIMD2<Float>], (Int, [SIMD2<Float>]) -> [SIMD4<Float>], KernelArguments) -> [SIMD4<Float>]

    private let body: Body
    private let arguments: KernelArguments
    private let inputs: [SpanNode]

    init(_ body: @escaping Body, _ arguments: KernelArguments, _ inputs: [SpanNode]) {
        self.body = body
        self.arguments = arguments
        self.inputs = inputs
    }

    func evaluate(_ points: SpanPoints, into out: inout [SIMD4<Float>]) {
        let inputs = self.inputs
        out = body(
            points.coords,
            { index, coords in
                var colours: [SIMD4<Float>] = []
                guard inputs.indices.contains(index) else {
                    colours.fill(.zero, count: coords.count)
                    return colours
                }
                inputs[index].evaluate(SpanPoints(arbitrary: coords), into: &colours)
                return colours
            }, arguments)
        if out.count != points.count { out.resize(to: points.count, fill: .zero) }
    }
}
