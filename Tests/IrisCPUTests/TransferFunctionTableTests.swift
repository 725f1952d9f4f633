import IrisCore
import Foundation
import Testing

/// The colour-management kernels' Swift bodies read the sRGB curves from tables; these sweeps check them
/// against the exact formulas over a dense sample of every float input they can see.
@Suite(.serialized) struct TransferFunctionTableTests {
    /// Every 257th float bit pattern in [0, limit], plus the 8-bit values and the curve's edge cases.
    private func inputs(upTo limit: Float) -> [Float] {
        var values = stride(from: UInt32(0), through: limit.bitPattern, by: 257).map { Float(bitPattern: $0) }
        values += (0...255).map { Float($0) / 255 }
        let edges: [Float] = [0.04045, 0.0031308, 1, 128, -0.5, .infinity]
        values += edges + edges.map(\.nextUp) + edges.map(\.nextDown)
        return values
    }

    private func run(_ kernel: Kernel, _ values: [Float]) -> [Float] {
        guard case let .color(body)? = kernel.cpu else {
            Issue.record("no colour body")
            return []
        }
        var pixels = values.map { SIMD4<Float>($0, $0, $0, 1) }
        body(&pixels, [], [], KernelArguments([]))
        return pixels.map(\.x)
    }

    private func byte(_ v: Float) -> Int { Int((min(max(v, 0), 1) * 255 + 0.5).rounded(.down)) }

    private func check(_ kernel: Kernel, exact: (Float) -> Float, upTo limit: Float) {
        let values = inputs(upTo: limit)
        let fast = run(kernel, values)
        var worst: Float = 0, worstByte = 0
        for (v, f) in zip(values, fast) {
            let e = exact(v)
            worst = max(worst, abs(f - e) / max(1, abs(e)))
            worstByte = max(worstByte, abs(byte(f) - byte(e)))
        }
        #expect(worst <= 1e-5, "\(kernel.name): largest error \(worst)")
        #expect(worstByte <= 1, "\(kernel.name): 8-bit outputs differ by \(worstByte)")
    }

    @Test func sRGBToLinearTableMatchesFormula() {
        check(BuiltInKernels.srgbToLinear, exact: TransferFunction.sRGBToLinear, upTo: 2)
    }

    @Test func linearToSRGBTableMatchesFormula() {
        check(BuiltInKernels.linearToSRGB, exact: TransferFunction.linearToSRGB, upTo: 256)
    }

    @Test func naNStaysNaN() {
        #expect(run(BuiltInKernels.srgbToLinear, [.nan])[0].isNaN)
        #expect(run(BuiltInKernels.linearToSRGB, [.nan])[0].isNaN)
    }
}
