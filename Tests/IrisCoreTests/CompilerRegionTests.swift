import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

@Suite(.serialized) struct CompilerRegionTests {
    @Test func oversizedRenderSplitsIntoTilesThatFit() throws {
        let big = Image(buffer: TestImages.nv12(width: 1500, height: 1000))
        let image = try big.applyingFilter("CISepiaTone")
        let plan = try Compiler(options: .init(maximumTextureSize: 512)).plan(image)
        #expect(plan.tiles.count > 1)
        for tile in plan.tiles {
            for r in tile.passRects + tile.leafRects where !r.isEmpty {
                #expect(r.width <= 512)
                #expect(r.height <= 512)
            }
        }
        // The tiles cover the output exactly once.
        let area = plan.tiles.map { $0.output.width * $0.output.height }.reduce(0, +)
        #expect(area == (1500 * 1000))
        #expect((try Compiler().plan(image).tiles.count) == 1)
        // What the compiler tiles, the one validator accepts at the same limit, and refuses below it.
        #expect(throws: Never.self) { try plan.validate(PlanRequirements(maximumTextureSize: 512)) }
        do {
            _ = try plan.validate(PlanRequirements(maximumTextureSize: 100))
            Issue.record("expected an error")
        } catch {
            guard case let .textureTooLarge(_, width, height, limit)? = error as? PlanError else {
                Issue.record("\(error)")
                return
            }
            #expect(limit == 100)
            #expect(max(width, height) > 100)
        }
    }

    @Test func tilesAccountForABlursMargin() throws {
        let big = Image(buffer: TestImages.nv12(width: 1500, height: 1000)).clampedToExtent()
        let image = try big.applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(8)]).cropped(
            to: Rect(width: 1500, height: 1000))
        let plan = try Compiler(options: .init(maximumTextureSize: 512)).plan(image)
        for tile in plan.tiles {
            for (p, r) in tile.passRects.enumerated() where !r.isEmpty && p < plan.passes.count - 1 {
                #expect(r.contains(tile.output.intersection(r).insetBy(dx: 0, dy: 0)))
                #expect(max(r.width, r.height) <= 512)
            }
        }
    }

    @Test func regionOfInterestGrowsThroughABlurAndStaysInsideLeaves() throws {
        let source = Image(buffer: TestImages.rgba(width: 100, height: 80))
        let image = try source.applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(3)])
        let plan = try Compiler().plan(image, rect: Rect(x: 40, y: 30, width: 10, height: 10))
        let tile = try #require(plan.tiles.first)
        #expect(tile.leafRects[0].width > 10 && tile.leafRects[0].width < 100, "\(tile.leafRects[0])")
        #expect(tile.leafRects[0].contains(Rect(x: 40, y: 30, width: 10, height: 10)))
    }

    @Test func blurWiderThanTheTextureLimitCannotBeTiled() throws {
        let source = Image(buffer: TestImages.rgba(width: 200, height: 200)).clampedToExtent()
        let image = try source.applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(40)])
            .cropped(to: Rect(width: 200, height: 200))
        do {
            _ = try Compiler(options: .init(maximumTextureSize: 32)).plan(image)
            Issue.record("expected an error")
        } catch {
            guard case let .cannotTile(limit, needed)? = error as? PlanError else {
                Issue.record("\(error)")
                return
            }
            #expect(limit == 32)
            #expect(needed > 32)
            #expect("\(error)".contains("at most 32 px"), "\(error)")
        }
    }

    @Test func emptyAndInfiniteExtentsAreTypedErrors() {
        do {
            _ = try Compiler().plan(Image(color: SIMD4(1, 0, 0, 1)))
            Issue.record("expected an error")
        } catch {
            #expect((error as? PlanError) == .infiniteExtent)
        }
        let empty = Image(buffer: TestImages.rgba(width: 8, height: 8)).cropped(
            to: Rect(x: 100, y: 100, width: 5, height: 5))
        do {
            _ = try Compiler().plan(empty)
            Issue.record("expected an error")
        } catch {
            #expect((error as? PlanError) == .emptyExtent)
        }
        do {
            _ = try Compiler(options: .init(outputFormat: .nv12)).plan(
                Image(buffer: TestImages.rgba(width: 8, height: 8)))
            Issue.record("expected an error")
        } catch {
            #expect((error as? PlanError) == .unsupportedOutputFormat(.nv12))
        }
    }

    @Test func constantColorCroppedHasAFiniteExtent() throws {
        let red = Image(color: SIMD4(1, 0, 0, 1)).cropped(to: Rect(width: 16, height: 16))
        #expect(red.extent == Rect(width: 16, height: 16))
        let plan = try Compiler().plan(red)
        #expect(plan.outputRect == Rect(width: 16, height: 16))
        #expect(plan.leaves.count == 0)
    }
}
