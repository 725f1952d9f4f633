import IrisCPU
import IrisCore
import IrisFilters
import Testing

/// A camera chain with stored images composited over it, cropped and moved by whole pixels (how a detector
/// overlay places its labels), keeps the CPU's direct row path, and its pixels equal the span interpreter's
/// (which a sub-rectangle starting at an odd column takes) within one code value and the exact kernels'
/// within two. A move by a fraction of a pixel blends texels, which the direct path does not do: that plan
/// takes the span interpreter.
@Suite(.serialized) struct PlacedImageDirectPathTests {
    /// A small RGBA sheet with opaque, half-transparent and clear texels (straight alpha, as a label's).
    static var sheet: PixelBuffer {
        var b = PixelBuffer(width: 24, height: 12, format: .rgba8)
        for row in 0..<b.height {
            for x in 0..<b.width {
                let o = row * b.planes[0].bytesPerRow + x * 4
                b.planes[0].bytes[o] = UInt8((x * 37 + row * 11) % 256)
                b.planes[0].bytes[o + 1] = UInt8((x * 5 + row * 29) % 256)
                b.planes[0].bytes[o + 2] = UInt8(255 - x * 10)
                b.planes[0].bytes[o + 3] = [255, 128, 0, 200][(x + row) % 4]
            }
        }
        return b
    }

    /// `label` pieces of the sheet placed over a vignetted colour chain at `moves` (x, y), as
    /// `Image.overlaying` places its labels.
    static func labelled(_ format: PixelFormat, moves: [(Double, Double)]) throws -> Image {
        let frame = Image(frame: Frame(buffer: ColorCubeAgreementTests.frame(format), colorimetry: .default))
        var result = try frame.applyingFilter(.sepiaTone(intensity: 0.5)).applyingFilter(.vibrance(amount: 0.3))
            .applyingFilter(.vignette(intensity: 0.6, radius: 1.2))
        let extent = result.extent
        let sheet = Image(buffer: Self.sheet)
        for (i, move) in moves.enumerated() {
            let cut = Rect(x: Double(2 * i), y: Double(i), width: 14, height: 8)
            let label = sheet.cropped(to: cut).transformed(
                by: AffineTransform(translationX: move.0 - cut.minX, y: move.1 - cut.minY))
            result = label.composited(over: result).cropped(to: extent)
        }
        return result
    }

    static var cubes: Context.Options { PositionedKernelDirectPathTests.cubes }

    @Test(arguments: [PixelFormat.nv12, .i420])
    func labelsMovedByWholePixelsKeepTheDirectPathAndAgree(format: PixelFormat) throws {
        // Inside the frame, across its right edge, and across its top.
        let image = try Self.labelled(format, moves: [(5, 9), (55, 20), (30, 43)])
        let (plan, _) = try Context(renderer: Renderers.cpu, options: Self.cubes).planAndRenderer(image)
        #expect(plan.passes.count == 2, "\(PlanPrinter.plan(plan, renderer: "cpu"))")
        let whole = try PositionedKernelDirectPathTests.expectDirectRows(
            image, part: Rect(x: 3, y: 5, width: 58, height: 40), "\(format)")
        // The labels are there: a pixel under an opaque sheet texel shows that texel, whatever the frame.
        let unlabelled = try Renderers.render(
            try Self.labelled(format, moves: []), on: Renderers.cpu, options: Self.cubes)
        #expect(maxDifference(whole, unlabelled).value > 100)
    }

    @Test func aLabelMovedByAFractionOfAPixelTakesTheSpanInterpreter() throws {
        let image = try Self.labelled(.nv12, moves: [(5.5, 9)])
        let (plan, _) = try Context(renderer: Renderers.cpu, options: Self.cubes).planAndRenderer(image)
        #expect(!CPURenderer.rendersDirectly(plan))
        let exact = try Renderers.render(image, on: Renderers.cpu, options: PositionedKernelDirectPathTests.exact)
        let cubed = try Renderers.render(image, on: Renderers.cpu, options: Self.cubes)
        #expect(maxDifference(cubed, exact).value <= 2)
    }
}
