import IrisCore
import IrisGLES
import Foundation
import Testing

/// Small kernels with hand-checkable results.
enum TestKernels {
    static let gain = Kernel(
        color: "testGain", parameters: [.init("k", "float")],
        glsl: """
            vec4 testGain(vec4 s0, float k) { return vec4(s0.rgb * k, s0.a); }
            """, cpu: nil)

    static let add = Kernel(
        color: "testAdd", inputCount: 2, parameters: [],
        glsl: """
            vec4 testAdd(vec4 s0, vec4 s1) { return s0 + s1; }
            """, cpu: nil)

    /// Reads the input `by` pixels further along: output(x) = input(x + by).
    static let shift = Kernel(
        warp: "testShift", parameters: [.init("by", "vec2")],
        glsl: """
            vec2 testShift(vec2 dc, vec2 by) { return dc + by; }
            """, cpu: nil, roi: { _, rect, _ in rect })

    /// Mean of the pixel and its left and right neighbours.
    static let box3 = Kernel(
        general: "testBox3", parameters: [],
        glsl: """
            vec4 testBox3(vec2 dc) {
                return (sample0(dc - vec2(1.0, 0.0)) + sample0(dc) + sample0(dc + vec2(1.0, 0.0))) / 3.0;
            }
            """, cpu: nil, roi: { _, rect, _ in rect.insetBy(dx: -1, dy: 0) })

    static let broken = Kernel(
        color: "testBroken", parameters: [],
        glsl: """
            vec4 testBroken(vec4 s0) { return s0 +; }
            """, cpu: nil)
}

/// One renderer for the tests that need no special options; creating a context costs a few milliseconds
/// and every test would otherwise pay it.
let sharedRenderer: Result<GLESRenderer, any Error> = Result { try GLESRenderer() }

func renderer(_ options: GLESRenderer.Options? = nil) throws -> GLESRenderer {
    if let options { return try GLESRenderer(options: options) }
    return try sharedRenderer.get()
}

/// A packed RGBA8 or BGRA8 buffer whose bytes come from `pixel(x, row)`, rows counted from the top.
func packedBuffer(width: Int, height: Int, format: PixelFormat = .rgba8, _ pixel: (Int, Int) -> SIMD4<UInt8>)
    -> PixelBuffer
{
    var buffer = PixelBuffer(width: width, height: height, format: format)
    for row in 0..<height {
        for x in 0..<width {
            let p = pixel(x, row), o = row * buffer.planes[0].bytesPerRow + x * 4
            for c in 0..<4 { buffer.planes[0].bytes[o + c] = p[c] }
        }
    }
    return buffer
}

/// A distinctive RGBA pattern: every pixel differs from its neighbours in R or G.
func pattern(_ x: Int, _ row: Int) -> SIMD4<UInt8> { SIMD4(UInt8(x * 13 % 256), UInt8(row * 29 % 256), 200, 255) }

func leaf(_ buffer: PixelBuffer, plane: Int = 0, swapsRedBlue: Bool = false) -> RenderPlan.Leaf {
    RenderPlan.Leaf(
        buffer: buffer, plane: plane, channels: buffer.format.planes[plane].bytesPerSample, swapsRedBlue: swapsRedBlue)
}

func kernel(_ kernel: Kernel, _ inputs: [RenderPlan.Expression], _ arguments: [KernelValue] = [], extent: Rect)
    -> RenderPlan.Expression
{
    .kernel(
        .init(kernel: kernel, inputs: inputs, arguments: KernelArguments(arguments), label: kernel.name, extent: extent)
    )
}

/// A plan rendered as one tile. Each pass renders `passRects[i]` (default: the output rect), each leaf
/// uploads `leafRects[i]` (default: its whole extent).
func plan(
    leaves: [RenderPlan.Leaf], passes: [RenderPlan.Pass], output: Rect, format: PixelFormat = .rgba8,
    passRects: [Rect]? = nil, leafRects: [Rect]? = nil
) -> RenderPlan {
    let tile = RenderPlan.Tile(
        output: output,
        passRects: (passRects ?? passes.dropLast().map { _ in output }) + [output],
        leafRects: leafRects ?? leaves.map(\.extent))
    return RenderPlan(
        leaves: leaves, passes: passes, tiles: [tile], outputRect: output, outputFormat: format,
        maximumTextureSize: .max)
}

/// The first channel and position where `actual` and `expected` differ by more than `tolerance`.
func assertPixels(
    _ actual: PixelBuffer, equal expected: (Int, Int) -> SIMD4<Int>, tolerance: Int = 1,
    file: StaticString = #filePath, line: UInt = #line
) {
    for row in 0..<actual.height {
        for x in 0..<actual.width {
            let o = row * actual.planes[0].bytesPerRow + x * 4
            let got = SIMD4<Int>((0..<4).map { Int(actual.planes[0].bytes[o + $0]) })
            let want = expected(x, row)
            if (0..<4).contains(where: { abs(got[$0] - want[$0]) > tolerance }) {
                Issue.record("pixel (x \(x), row \(row)): got \(got), expected \(want)")
                return
            }
        }
    }
}

extension SIMD4 where Scalar == UInt8 {
    var int: SIMD4<Int> { SIMD4<Int>(Int(x), Int(y), Int(z), Int(w)) }
}
