import IrisCPU
import IrisCore
import IrisFilters
import Testing

/// A camera chain whose last filter reads pixel positions (CIVignette) keeps the CPU's direct row path: the
/// kernel runs on the cube's output row. Its pixels must equal the span interpreter's (which a sub-rectangle
/// starting at an odd column takes) within one code value, and the exact kernels' (no cube) within two.
@Suite(.serialized) struct PositionedKernelDirectPathTests {
    static var cubes: Context.Options {
        var options = Context.Options()
        options.colorCubes = true
        return options
    }
    static var exact: Context.Options {
        var options = Context.Options()
        options.colorCubes = false
        return options
    }

    /// A colour kernel that reads positions and makes the left half of the picture half transparent.
    static let halfClear = Kernel(
        color: "testHalfClear", usesDestCoord: true, parameters: [],
        glsl: """
            vec4 testHalfClear(vec4 s0, vec2 dc) { return dc.x < 32.0 ? s0 * 0.5 : s0; }
            """,
        cpu: { px, _, coords, _ in
            for i in px.indices where coords[i].x < 32 { px[i] *= 0.5 }
        })

    static func chains(_ format: PixelFormat) throws -> [(String, Image)] {
        let frame = Image(frame: Frame(buffer: ColorCubeAgreementTests.frame(format), colorimetry: .default))
        let colour = try frame.applyingFilter(.sepiaTone(intensity: 0.5)).applyingFilter(.vibrance(amount: 0.3))
        return [
            ("vignette", try colour.applyingFilter(.vignette(intensity: 0.6, radius: 1.2))),
            ("lightening vignette", try colour.applyingFilter(.vignette(intensity: -0.8, radius: 0.5))),
            (
                "two vignettes",
                try colour.applyingFilter(.vignette(intensity: 0.4, radius: 1))
                    .applyingFilter(.vignette(intensity: 0.3, radius: 0.7))
            ),
            (
                "half-transparent half",
                Image.make(Self.halfClear, [colour], KernelArguments([]), extent: colour.extent, label: "half clear")
            )
        ]
    }

    @Test(arguments: [PixelFormat.nv12, .nv21, .i420])
    func positionedKernelsAfterTheCubeKeepTheDirectPathAndAgree(format: PixelFormat) throws {
        for (name, image) in try Self.chains(format) {
            _ = try Self.expectDirectRows(image, part: Rect(x: 3, y: 5, width: 40, height: 30), "\(format) \(name)")
        }
    }

    /// Expects `image` to take the CPU's direct camera rows, within one code value of the span interpreter
    /// (which `part`, starting at an odd column, takes) and two of the exact kernels; returns the render.
    static func expectDirectRows(_ image: Image, part: Rect, _ what: String) throws -> PixelBuffer {
        let (plan, _) = try Context(renderer: Renderers.cpu, options: cubes).planAndRenderer(image)
        #expect(CPURenderer.rendersDirectly(plan), "\(what): \(PlanPrinter.plan(plan, renderer: "cpu"))")
        let whole = try Renderers.render(image, on: Renderers.cpu, options: cubes)
        let worst = try worstAgainstSpanInterpreter(image, whole: whole, options: cubes, part: part)
        #expect(worst <= 1, "\(what): direct rows against the span interpreter, worst \(worst)")
        let d = maxDifference(whole, try Renderers.render(image, on: Renderers.cpu, options: exact))
        #expect(d.value <= 2, "\(what): against the exact kernels, worst \(d.value) at \(d.x),\(d.row)")
        return whole
    }

    @Test func blueFirstOutputIsTheSamePictureSwapped() throws {
        for (name, image) in try Self.chains(.nv12) {
            var bgra = Self.cubes
            bgra.outputFormat = .bgra8
            let a = try Renderers.render(image, on: Renderers.cpu, options: Self.cubes)
            let b = try Renderers.render(image, on: Renderers.cpu, options: bgra)
            #expect(b.format == .bgra8)
            // rgba(x:row:) reads both layouts in R, G, B, A order.
            #expect(maxDifference(a, b).value == 0, "\(name)")
        }
    }
}
