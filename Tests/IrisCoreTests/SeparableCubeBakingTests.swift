import Testing

@testable import IrisCore

/// Separable runs (each output channel a function of its own input) are baked from the cube's three axes;
/// the cube and its measured error must be exactly what the full size³ bake gives.
@Suite struct SeparableCubeBakingTests {
    /// Per channel: a gain (a white point) then a gamma (a tone curve), in linear light.
    static let perChannel = Kernel(color: "separableTestCurve") { s0, p in
        let c = s0.unpremultiplied
        let curved = (c.rgb * p.vec3("gain")).maximum(vec3(0)).power(vec3(p.float("gamma")))
        return vec4(curved, c.a).premultiplied
    }

    /// Mixes the channels: half way to the pixel's mean (a desaturation).
    static let mixing = Kernel(color: "separableTestDesaturate") { s0, _ in
        let c = s0.unpremultiplied
        let mean = c.rgb.dot(vec3(1.0 / 3))
        return vec4(c.rgb.mixed(with: vec3(mean), 0.5), c.a).premultiplied
    }

    static func run(_ kernel: Kernel, _ arguments: [KernelValue]) -> [ColorCubeBaker.Step] {
        [
            .init(BuiltInKernels.srgbToLinear), .init(kernel, KernelArguments(arguments)),
            .init(BuiltInKernels.linearToSRGB)
        ]
    }

    static let curveRun = run(perChannel, [.vec3(SIMD3(0.9, 1, 0.8)), .float(1.2)])

    @Test func aPerChannelRunIsSeparableAndAMixingOneIsNot() {
        #expect(ColorCubeBaker.isSeparable(Self.curveRun))
        #expect(!ColorCubeBaker.isSeparable(Self.run(Self.mixing, [])))
    }

    @Test(arguments: [17, 33, 65])
    func theAxesGiveTheFullBakesCubeAndError(size: Int) throws {
        let separable = try #require(ColorCubeBaker.separableCube(Self.curveRun, size: size))
        let full = ColorCube(
            size: size, entries: try #require(ColorCubeBaker.evaluate(Self.curveRun, ColorCube.gridColors(size: size))))
        #expect(separable.isSeparable && full.isSeparable)
        var largest: Float = 0
        for (a, b) in zip(separable.entries, full.entries) {
            let d = a - b
            largest = max(largest, abs(d.x), abs(d.y), abs(d.z), abs(d.w))
        }
        #expect(largest <= 1e-6, "entries differ by \(largest)")
        let fast = ColorCubeBaker.separableError(of: separable, for: Self.curveRun, colorManagement: true)
        let exact = ColorCubeBaker.error(of: full, for: Self.curveRun, colorManagement: true)
        #expect(abs(fast - exact) <= 1e-6, "error along the axes \(fast), over every cell \(exact)")
    }

    /// The baker takes the axis path for the curve and still meets its tolerance, checked the slow way.
    @Test func theBakedCubeMeetsTheToleranceOverEveryCell() throws {
        let cube = try #require(ColorCubeBaker.cube(for: Self.curveRun, colorManagement: true))
        #expect(ColorCubeBaker.error(of: cube, for: Self.curveRun, colorManagement: true) <= ColorCubeBaker.tolerance)
    }
}
