import Testing

@testable import IrisCore

/// Colour runs of the shape curves → matrix → curves as tables, against the exact kernels; runs of any
/// other shape, or too steep for the tables, get no form.
@Suite struct ChannelMatrixFormTests {
    /// A colour matrix step: `rows` (r, g, b coefficients per output channel) and a bias, alpha kept.
    static func matrix(_ rows: [SIMD3<Float>], bias: SIMD3<Float> = .zero) -> ColorCubeBaker.Step {
        var columns = [Float](repeating: 0, count: 16)
        for r in 0..<3 {
            for c in 0..<3 { columns[c * 4 + r] = rows[r][c] }
        }
        columns[15] = 1
        return .init(BuiltInKernels.colorMatrix, KernelArguments([.mat4(columns), .vec4(SIMD4(bias, 0))]))
    }

    /// Saturation 1.15 and contrast 1.05 about mid grey (Rec. 709 luma), as CIColorControls builds them.
    static let saturationAndContrast: ColorCubeBaker.Step = {
        let luma = SIMD3<Float>(0.2126, 0.7152, 0.0722), s: Float = 1.15, k: Float = 1.05
        let rows = (0..<3).map { r in
            SIMD3<Float>((0..<3).map { c in k * ((1 - s) * luma[c] + (r == c ? s : 0)) })
        }
        return matrix(rows, bias: SIMD3(repeating: 0.5 * (1 - k)))
    }()

    static let brightness = matrix(
        [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)], bias: SIMD3(repeating: 0.02))

    static let gamma = Kernel(color: "channelMatrixTestGamma") { s0, p in
        vec4(s0.rgb.maximum(vec3(0)).power(vec3(p.float("power"))), s0.a)
    }

    static func gamma(_ power: Float) -> ColorCubeBaker.Step { .init(gamma, KernelArguments([.float(power)])) }

    /// Each channel pushed by the square of its distance from the mean: mixes channels, and not linearly.
    static let spread = Kernel(color: "channelMatrixTestSpread") { s0, _ in
        let c = s0.rgb, mean = c.dot(vec3(1.0 / 3))
        return vec4(c + (c - vec3(mean)) * (c - vec3(mean)), s0.a)
    }

    static func largest(_ d: SIMD3<Float>) -> Float { max(abs(d.x), abs(d.y), abs(d.z)) }

    /// GStreamer's colour chain as Iris runs it: sRGB decode, saturation and contrast, a gamma, a brightness,
    /// the sRGB encode.
    static let chain: [ColorCubeBaker.Step] = [
        .init(BuiltInKernels.srgbToLinear), saturationAndContrast, gamma(0.9091), brightness,
        .init(BuiltInKernels.linearToSRGB)
    ]

    @Test func kernelsAreProbedForTheirShape() throws {
        let decode = try #require(ChannelMatrixForm.shape(of: .init(BuiltInKernels.srgbToLinear)))
        #expect(decode.perChannel && !decode.affine)
        let mixing = try #require(ChannelMatrixForm.shape(of: Self.saturationAndContrast))
        #expect(!mixing.perChannel && mixing.affine)
        let diagonal = try #require(ChannelMatrixForm.shape(of: Self.brightness))
        #expect(diagonal.perChannel && diagonal.affine)
        let curve = try #require(ChannelMatrixForm.shape(of: Self.gamma(0.9091)))
        #expect(curve.perChannel && !curve.affine)
        #expect(ChannelMatrixForm.shape(of: .init(Self.spread)) == nil)
    }

    /// Every coordinate pattern: the form's bytes within 1.5 code values of the exact run, rounding included.
    @Test(arguments: [true, false]) func theFormFollowsTheExactRun(withEncode: Bool) throws {
        let run = withEncode ? Self.chain : Array(Self.chain.dropLast())
        let form = try #require(ChannelMatrixForm(run: run, colorManagement: true))
        #expect(form.endsEncoded == withEncode)
        // The matrix is the saturation and contrast one; the brightness, diagonal, went into the curves after.
        let expected = try #require(ChannelMatrixForm.affine([Self.saturationAndContrast]))
        for c in 0..<3 {
            #expect(Self.largest(form.rows[c] - expected.rows[c]) < 1e-6)
            #expect(abs(form.offset[c] - expected.offset[c]) < 1e-6)
        }
        let unit = Float(ChannelMatrixForm.beforeCount - 1)
        var state: UInt64 = 99
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % ChannelMatrixForm.beforeCount
        }
        let coordinates = (0..<20_000).map { _ in SIMD3(next(), next(), next()) } + [.zero, SIMD3(repeating: 16_384)]
        let exact = try #require(
            ColorCubeBaker.evaluate(Self.chain, coordinates.map { SIMD4(SIMD3<Float>($0) / unit, 1) }))
        var largest: Float = 0
        for (u, e) in zip(coordinates, exact) {
            let shown = (SIMD3(e.x, e.y, e.z).clamped(lowerBound: .zero, upperBound: .one)) * 255
            largest = max(largest, Self.largest(SIMD3<Float>(form.bytes(u)) - shown))
        }
        #expect(largest <= 1.5, "largest difference \(largest) code values")
    }

    @Test func otherShapesGetNoForm() {
        let decode = ColorCubeBaker.Step(BuiltInKernels.srgbToLinear)
        let encode = ColorCubeBaker.Step(BuiltInKernels.linearToSRGB)
        // A curve between two mixing matrices.
        #expect(
            ChannelMatrixForm(
                run: [decode, Self.saturationAndContrast, Self.gamma(0.8), Self.saturationAndContrast, encode],
                colorManagement: true) == nil)
        #expect(
            ChannelMatrixForm(
                run: [decode, .init(Self.spread), Self.saturationAndContrast, encode], colorManagement: true)
                == nil)
        // Curves alone are the separable cube's business (`ChannelByteTables`).
        #expect(ChannelMatrixForm(run: [decode, Self.gamma(0.8), encode], colorManagement: true) == nil)
    }

    /// A sawtooth of 4,000 teeth a unit after a matrix: its table's samples, 16 a tooth, cannot follow it,
    /// and the check refuses it.
    @Test func aRunTooSteepForTheTablesGetsNoForm() {
        let run = [
            ColorCubeBaker.Step(BuiltInKernels.srgbToLinear), Self.saturationAndContrast,
            ColorCubeBaker.Step(Self.sawtooth, KernelArguments([.float(4000)]))
        ]
        #expect(ChannelMatrixForm.shape(of: run[2])?.perChannel == true)
        #expect(ChannelMatrixForm(run: run, colorManagement: true) == nil)
    }

    static let sawtooth = Kernel(color: "channelMatrixTestSawtooth") { s0, p in
        vec4((s0.rgb * vec3(p.float("teeth"))).fraction, s0.a)
    }

    /// The baker attaches the form to a mixing run's cube, and none to a per-channel one's.
    @Test func theBakerAttachesTheForm() throws {
        // A gamma above 1, smooth where the matrix pushes colours below 0, so a cube follows the run.
        let run = [
            ColorCubeBaker.Step(BuiltInKernels.srgbToLinear), Self.saturationAndContrast, Self.gamma(1.2),
            Self.brightness
        ]
        let cube = try #require(ColorCubeBaker.cube(for: run, colorManagement: true))
        #expect(cube.channelMatrix != nil)
        let curves = [
            ColorCubeBaker.Step(BuiltInKernels.srgbToLinear), Self.gamma(0.8), Self.brightness,
            ColorCubeBaker.Step(BuiltInKernels.linearToSRGB)
        ]
        let separable = try #require(ColorCubeBaker.cube(for: curves, colorManagement: true))
        #expect(separable.isSeparable && separable.channelMatrix == nil)
    }
}
