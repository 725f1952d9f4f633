import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// Plans over `RenderLimits` are refused before anything is allocated, naming the filter and the size.
@Suite(.serialized) struct RenderLimitsTests {
    let picture = Image(buffer: PixelBuffer(width: 320, height: 240, format: .rgba8))

    private func scaled(_ scale: Double) throws -> Image {
        try picture.applyingFilter(
            "CIAffineTransform",
            parameters: ["inputTransform": .transform(AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0))])
    }

    private func planError(_ image: Image, _ limits: RenderLimits = .init()) -> PlanError? {
        do {
            _ = try Compiler(options: CompilerOptions(limits: limits)).plan(image)
            return nil
        } catch { return error }
    }

    @Test func anOutputOverTheLimitNamesTheFilterThatGrewIt() throws {
        #expect(
            planError(try scaled(100))
                == .outputTooLarge(width: 32000, height: 24000, limit: 64_000_000, culprit: "CIAffineTransform"))
        #expect(
            planError(try scaled(100))?.description
                == "CIAffineTransform makes the output 32000×24000: 768 Mpx, over the limit of 64 Mpx (raise it with --max-pixels)"
        )
        // A size that overflows an Int as a pixel count is refused the same way, without trapping.
        guard case let .outputTooLarge(w, h, _, culprit)? = planError(try scaled(1e15)) else {
            Issue.record("not refused")
            return
        }
        #expect(w == 320_000_000_000_000_000)
        #expect(h == 240_000_000_000_000_000)
        #expect(culprit == "CIAffineTransform")
        // A requested rectangle of an infinite image has no culprit filter.
        let infinite = Image(color: SIMD4(1, 0, 0, 1))
        guard
            case .outputTooLarge(_, _, _, nil)? = planError(
                infinite.cropped(to: Rect(x: 0, y: 0, width: 10_000, height: 10_000)))
        else {
            Issue.record("not refused")
            return
        }
    }

    @Test func raisingTheOutputLimitLeavesTheMemoryLimit() throws {
        var limits = RenderLimits()
        limits.maximumOutputPixels = 1_000_000_000
        // 768 Mpx of RGBA8 is 3 GB of output alone.
        guard case let .memoryOverLimit(bytes, limit, _)? = planError(try scaled(100), limits) else {
            Issue.record("not refused")
            return
        }
        #expect(bytes == (32000 * 24000 * 4))
        #expect(limit == (1 << 30))
        #expect(planError(try scaled(100), .unlimited) == nil)
    }

    @Test func anIntermediateOverTheLimitNamesItsPass() throws {
        // ×20 is 6400×4800 (31 Mpx); the gamma is stored because the blur reads it at many points.
        let image = try scaled(20).applyingFilter("CIGammaAdjust", parameters: ["inputPower": .number(2)])
            .applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(2)])
        var limits = RenderLimits()
        limits.maximumIntermediatePixels = 10_000_000
        guard case let .intermediateTooLarge(_, label, w, h, limit)? = planError(image, limits) else {
            Issue.record("not refused")
            return
        }
        #expect(label == "CIGammaAdjust")
        #expect(w == 6400 && h == 4800 && limit == 10_000_000)
        // Under the default limits the two stored passes (16 B/px) and the output pass 1 GiB.
        guard case let .memoryOverLimit(bytes, _, largest)? = planError(image) else {
            Issue.record("not refused")
            return
        }
        #expect(bytes > (1 << 30))
        #expect(["CIGammaAdjust", "CIGaussianBlur"].contains(largest), "\(largest)")
        limits = RenderLimits(maximumMemory: 4 << 30)
        #expect(planError(image, limits) == nil)
    }

    @Test func aHugeBlurMarginGivesUpTilingInsteadOfPlanningMillionsOfTiles() throws {
        let image = try picture.clampedToExtent().applyingFilter(
            "CIGaussianBlur", parameters: ["inputRadius": .number(40)]
        )
        .cropped(to: Rect(x: 0, y: 0, width: 7000, height: 7000))
        do {
            _ = try Compiler(options: CompilerOptions(maximumTextureSize: 64)).plan(image)
            Issue.record("expected an error")
        } catch {
            guard case .cannotTile? = error as? PlanError else {
                Issue.record("\(error)")
                return
            }
        }
    }
}
