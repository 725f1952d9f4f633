import XCTest
@testable import IrisCore

/// Plans over `RenderLimits` are refused before anything is allocated, naming the filter and the size.
final class RenderLimitsTests: XCTestCase {
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

    func testAnOutputOverTheLimitNamesTheFilterThatGrewIt() throws {
        XCTAssertEqual(
            planError(try scaled(100)),
            .outputTooLarge(width: 32000, height: 24000, limit: 64_000_000, culprit: "CIAffineTransform"))
        XCTAssertEqual(
            planError(try scaled(100))?.description,
            "CIAffineTransform makes the output 32000×24000: 768 Mpx, over the limit of 64 Mpx (raise it with --max-pixels)"
        )
        // A size that overflows an Int as a pixel count is refused the same way, without trapping.
        guard case let .outputTooLarge(w, h, _, culprit)? = planError(try scaled(1e15)) else {
            return XCTFail("not refused")
        }
        XCTAssertEqual(w, 320_000_000_000_000_000)
        XCTAssertEqual(h, 240_000_000_000_000_000)
        XCTAssertEqual(culprit, "CIAffineTransform")
        // A requested rectangle of an infinite image has no culprit filter.
        let infinite = Image(color: SIMD4(1, 0, 0, 1))
        guard
            case .outputTooLarge(_, _, _, nil)? = planError(
                infinite.cropped(to: Rect(x: 0, y: 0, width: 10_000, height: 10_000)))
        else {
            return XCTFail("not refused")
        }
    }

    func testRaisingTheOutputLimitLeavesTheMemoryLimit() throws {
        var limits = RenderLimits()
        limits.maximumOutputPixels = 1_000_000_000
        // 768 Mpx of RGBA8 is 3 GB of output alone.
        guard case let .memoryOverLimit(bytes, limit, _)? = planError(try scaled(100), limits) else {
            return XCTFail("not refused")
        }
        XCTAssertEqual(bytes, 32000 * 24000 * 4)
        XCTAssertEqual(limit, 1 << 30)
        XCTAssertNil(planError(try scaled(100), .unlimited))
    }

    func testAnIntermediateOverTheLimitNamesItsPass() throws {
        // ×20 is 6400×4800 (31 Mpx); the gamma is stored because the blur reads it at many points.
        let image = try scaled(20).applyingFilter("CIGammaAdjust", parameters: ["inputPower": .number(2)])
            .applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(2)])
        var limits = RenderLimits()
        limits.maximumIntermediatePixels = 10_000_000
        guard case let .intermediateTooLarge(_, label, w, h, limit)? = planError(image, limits) else {
            return XCTFail("not refused")
        }
        XCTAssertEqual(label, "CIGammaAdjust")
        XCTAssertEqual([w, h, limit], [6400, 4800, 10_000_000])
        // Under the default limits the two stored passes (16 B/px) and the output pass 1 GiB.
        guard case let .memoryOverLimit(bytes, _, largest)? = planError(image) else { return XCTFail("not refused") }
        XCTAssertGreaterThan(bytes, 1 << 30)
        XCTAssertTrue(["CIGammaAdjust", "CIGaussianBlur"].contains(largest), largest)
        limits = RenderLimits(maximumMemory: 4 << 30)
        XCTAssertNil(planError(image, limits))
    }

    func testAHugeBlurMarginGivesUpTilingInsteadOfPlanningMillionsOfTiles() throws {
        let image = try picture.clampedToExtent().applyingFilter(
            "CIGaussianBlur", parameters: ["inputRadius": .number(40)]
        )
        .cropped(to: Rect(x: 0, y: 0, width: 7000, height: 7000))
        XCTAssertThrowsError(try Compiler(options: CompilerOptions(maximumTextureSize: 64)).plan(image)) { error in
            guard case .cannotTile? = error as? PlanError else { return XCTFail("\(error)") }
        }
    }
}
