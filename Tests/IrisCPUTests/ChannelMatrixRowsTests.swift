@testable import IrisCPU
@testable import IrisCore
import Testing

/// The camera path's rows for a curves → matrix → curves run give `ChannelMatrixForm.bytes` for every
/// pixel, and a camera frame through such a chain takes that path and agrees with the exact kernels.
@Suite struct ChannelMatrixRowsTests {
    static let gamma = Kernel(color: "channelMatrixRowsTestGamma") { s0, p in
        vec4(s0.rgb.maximum(vec3(0)).power(vec3(p.float("power"))), s0.a)
    }

    /// Saturation 1.3 and contrast 1.1 about mid grey, Rec. 709 luma: a matrix that mixes channels.
    static let saturation: ColorMatrix = {
        let luma = [0.2126, 0.7152, 0.0722], s = 1.3, k = 1.1
        let rows = (0..<3).map { r in (0..<3).map { c in k * ((1 - s) * luma[c] + (r == c ? s : 0)) } + [0] }
        return ColorMatrix(rows: rows + [[0, 0, 0, 1]], bias: SIMD4(repeating: 0.5 * (1 - k)) * SIMD4(1, 1, 1, 0))
    }()

    static let run: [ColorCubeBaker.Step] = [
        .init(BuiltInKernels.srgbToLinear),
        .init(BuiltInKernels.colorMatrix, saturation.kernelArguments),
        .init(gamma, KernelArguments([.float(0.8)]))
    ]

    @Test(arguments: [false, true]) func rowsGiveTheFormsBytes(swapsRedBlue: Bool) throws {
        let form = try #require(ChannelMatrixForm(run: Self.run, colorManagement: true))
        let n = ChannelMatrixForm.beforeCount
        let r = (0..<n).map { UInt16($0) }
        let g = (0..<n).map { UInt16(($0 * 7 + 3) % n) }
        let b = (0..<n).map { UInt16(($0 * 13 + 5) % n) }
        var words = [UInt32](repeating: 0, count: n)
        r.withUnsafeBufferPointer { rp in
            g.withUnsafeBufferPointer { gp in
                b.withUnsafeBufferPointer { bp in
                    words.withUnsafeMutableBufferPointer {
                        ChannelMatrixRows().encode(
                            form, r: rp.baseAddress!, g: gp.baseAddress!, b: bp.baseAddress!, count: n,
                            swapsRedBlue: swapsRedBlue, into: $0.baseAddress!)
                    }
                }
            }
        }
        var wrong = 0
        for i in 0..<n {
            let expected = form.bytes(SIMD3(Int(r[i]), Int(g[i]), Int(b[i])))
            let (first, third) = swapsRedBlue ? (expected.z, expected.x) : (expected.x, expected.z)
            let word = UInt32(first) | UInt32(expected.y) << 8 | UInt32(third) << 16 | 0xFF00_0000
            if words[i] != word { wrong += 1 }
        }
        #expect(wrong == 0, "\(wrong) of \(n) pixels differ from the form")
    }

    /// An NV12 frame through saturation, a gamma (above 1, so a cube follows it where the saturation pushes
    /// colours below 0) and a brightness: the plan's camera path carries the form,
    /// and its bytes are within 2 code values of the exact kernels' (the cube's own allowance).
    @Test func aCameraFrameTakesTheFormAndAgreesWithTheExactKernels() throws {
        var buffer = PixelBuffer(width: 64, height: 48, format: .nv12)
        var state: UInt64 = 5
        for p in buffer.planes.indices {
            for i in buffer.planes[p].bytes.indices {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let ramp = p == 0 ? 16 + (i * 3) % 200 : 96 + (i * 5) % 64
                buffer.planes[p].bytes[i] = UInt8(ramp + Int(state >> 60))
            }
        }
        let frame = Image(frame: Frame(buffer: buffer, colorimetry: Colorimetry(matrix: .bt709, range: .video)))
        let brightness = ColorMatrix(
            rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]], bias: SIMD4(0.03, 0.03, 0.03, 0))
        let image = try Image.apply(
            Self.gamma, inputs: [frame.applyingColorMatrix(Self.saturation, label: "saturation")],
            arguments: [.float(1.25)], extent: frame.extent
        ).applyingColorMatrix(brightness, label: "brightness")

        var baked = Context.Options()
        baked.colorCubes = true
        let context = Context(renderer: CPURenderer(), options: baked)
        let (plan, _) = try context.planAndRenderer(image)
        let pass = try #require(plan.passes.last)
        let path = try #require(YCbCrOutputPath(pass: pass, rect: plan.outputRect, leaves: plan.leaves))
        #expect(path.channelMatrix != nil, "the camera path did not take the form")

        var exactOptions = Context.Options()
        exactOptions.colorCubes = false
        let fast = try context.render(image).planes[0].bytes
        let exact = try Context(renderer: CPURenderer(), options: exactOptions).render(image).planes[0].bytes
        #expect(fast.count == exact.count)
        let largest = zip(fast, exact).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 2, "largest difference \(largest) code values")
    }
}
