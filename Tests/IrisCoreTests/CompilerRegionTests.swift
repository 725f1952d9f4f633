import XCTest
@testable import IrisCore

final class CompilerRegionTests: XCTestCase {
    func testOversizedRenderSplitsIntoTilesThatFit() throws {
        let big = Image(buffer: TestImages.nv12(width: 1500, height: 1000))
        let image = try big.applyingFilter("CISepiaTone")
        let plan = try Compiler(options: .init(maximumTextureSize: 512)).plan(image)
        XCTAssertGreaterThan(plan.tiles.count, 1)
        for tile in plan.tiles {
            for r in tile.passRects + tile.leafRects where !r.isEmpty {
                XCTAssertLessThanOrEqual(r.width, 512)
                XCTAssertLessThanOrEqual(r.height, 512)
            }
        }
        // The tiles cover the output exactly once.
        let area = plan.tiles.map { $0.output.width * $0.output.height }.reduce(0, +)
        XCTAssertEqual(area, 1500 * 1000)
        XCTAssertEqual(try Compiler().plan(image).tiles.count, 1)
        // What the compiler tiles, the one validator accepts at the same limit, and refuses below it.
        XCTAssertNoThrow(try plan.validate(PlanRequirements(maximumTextureSize: 512)))
        XCTAssertThrowsError(try plan.validate(PlanRequirements(maximumTextureSize: 100))) { error in
            guard case let .textureTooLarge(_, width, height, limit)? = error as? PlanError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(limit, 100)
            XCTAssertGreaterThan(max(width, height), 100)
        }
    }

    func testTilesAccountForABlursMargin() throws {
        let big = Image(buffer: TestImages.nv12(width: 1500, height: 1000)).clampedToExtent()
        let image = try big.applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(8)]).cropped(
            to: Rect(width: 1500, height: 1000))
        let plan = try Compiler(options: .init(maximumTextureSize: 512)).plan(image)
        for tile in plan.tiles {
            for (p, r) in tile.passRects.enumerated() where !r.isEmpty && p < plan.passes.count - 1 {
                XCTAssertTrue(r.contains(tile.output.intersection(r).insetBy(dx: 0, dy: 0)))
                XCTAssertLessThanOrEqual(max(r.width, r.height), 512)
            }
        }
    }

    func testRegionOfInterestGrowsThroughABlurAndStaysInsideLeaves() throws {
        let source = Image(buffer: TestImages.rgba(width: 100, height: 80))
        let image = try source.applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(3)])
        let plan = try Compiler().plan(image, rect: Rect(x: 40, y: 30, width: 10, height: 10))
        let tile = try XCTUnwrap(plan.tiles.first)
        XCTAssertTrue(tile.leafRects[0].width > 10 && tile.leafRects[0].width < 100, "\(tile.leafRects[0])")
        XCTAssertTrue(tile.leafRects[0].contains(Rect(x: 40, y: 30, width: 10, height: 10)))
    }

    func testBlurWiderThanTheTextureLimitCannotBeTiled() throws {
        let source = Image(buffer: TestImages.rgba(width: 200, height: 200)).clampedToExtent()
        let image = try source.applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(40)])
            .cropped(to: Rect(width: 200, height: 200))
        XCTAssertThrowsError(try Compiler(options: .init(maximumTextureSize: 32)).plan(image)) { error in
            guard case let .cannotTile(limit, needed)? = error as? PlanError else { return XCTFail("\(error)") }
            XCTAssertEqual(limit, 32)
            XCTAssertGreaterThan(needed, 32)
            XCTAssertTrue("\(error)".contains("at most 32 px"), "\(error)")
        }
    }

    func testEmptyAndInfiniteExtentsAreTypedErrors() {
        XCTAssertThrowsError(try Compiler().plan(Image(color: SIMD4(1, 0, 0, 1)))) { error in
            XCTAssertEqual(error as? PlanError, .infiniteExtent)
        }
        let empty = Image(buffer: TestImages.rgba(width: 8, height: 8)).cropped(
            to: Rect(x: 100, y: 100, width: 5, height: 5))
        XCTAssertThrowsError(try Compiler().plan(empty)) { error in
            XCTAssertEqual(error as? PlanError, .emptyExtent)
        }
        XCTAssertThrowsError(
            try Compiler(options: .init(outputFormat: .nv12)).plan(Image(buffer: TestImages.rgba(width: 8, height: 8)))
        ) { error in
            XCTAssertEqual(error as? PlanError, .unsupportedOutputFormat(.nv12))
        }
    }

    func testConstantColorCroppedHasAFiniteExtent() throws {
        let red = Image(color: SIMD4(1, 0, 0, 1)).cropped(to: Rect(width: 16, height: 16))
        XCTAssertEqual(red.extent, Rect(width: 16, height: 16))
        let plan = try Compiler().plan(red)
        XCTAssertEqual(plan.outputRect, Rect(width: 16, height: 16))
        XCTAssertEqual(plan.leaves.count, 0)
    }
}
