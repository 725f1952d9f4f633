import IrisCore
import IrisGLES
import Foundation
import Testing

@Suite(.serialized) struct TilingTests {
    private let extent = Rect(width: 64, height: 48)
    private var source: PixelBuffer { packedBuffer(width: 64, height: 48, pattern) }

    /// gain into an intermediate, then box3: the intermediate needs one more column on each side.
    private var passes: [RenderPlan.Pass] {
        [
            .init(root: kernel(TestKernels.gain, [.leaf(0)], [.float(0.5)], extent: extent), extent: extent),
            .init(root: kernel(TestKernels.box3, [.intermediate(0)], extent: extent), extent: extent)
        ]
    }

    private func tile(_ output: Rect) -> RenderPlan.Tile {
        let needed = output.insetBy(dx: -1, dy: 0).intersection(extent)
        return RenderPlan.Tile(output: output, passRects: [needed, output], leafRects: [needed])
    }

    private func tiledPlan(_ outputs: [Rect], maximumTextureSize: Int = .max) -> RenderPlan {
        RenderPlan(
            leaves: [leaf(source)], passes: passes, tiles: outputs.map(tile), outputRect: extent,
            outputFormat: .rgba8, maximumTextureSize: maximumTextureSize)
    }

    @Test func twoByTwoTilesEqualOneTile() throws {
        let whole = try renderer().execute(tiledPlan([extent]))
        let quarters = [
            Rect(x: 0, y: 0, width: 32, height: 24), Rect(x: 32, y: 0, width: 32, height: 24),
            Rect(x: 0, y: 24, width: 32, height: 24), Rect(x: 32, y: 24, width: 32, height: 24)
        ]
        let gles = try renderer(.init(maximumTextureSize: 40))
        let tiled = try gles.execute(tiledPlan(quarters, maximumTextureSize: 40))
        #expect(tiled.planes[0].bytes == whole.planes[0].bytes)
        // And the top-left quarter (y 24..<48) lands in memory rows 0..<24.
        #expect(tiled.rgba(x: 0, row: 0) == whole.rgba(x: 0, row: 0))
        #expect(tiled.rgba(x: 0, row: 0) != SIMD4(0, 0, 0, 0))
    }

    @Test func tileOfAnOffsetOutputRect() throws {
        let output = Rect(x: 8, y: 4, width: 32, height: 20)
        let halves = [Rect(x: 8, y: 4, width: 16, height: 20), Rect(x: 24, y: 4, width: 16, height: 20)]
        let single = RenderPlan(
            leaves: [leaf(source)], passes: passes, tiles: [tile(output)], outputRect: output, outputFormat: .rgba8,
            maximumTextureSize: .max)
        let split = RenderPlan(
            leaves: [leaf(source)], passes: passes, tiles: halves.map(tile), outputRect: output, outputFormat: .rgba8,
            maximumTextureSize: .max)
        let a = try renderer().execute(single), b = try renderer().execute(split)
        #expect(a.width == 32)
        #expect(a.planes[0].bytes == b.planes[0].bytes)
        // Output row 0 is global row 23 = memory row 48 - 23 - 1 = 24 of the source; column 0 is x 8.
        let p = pattern(8, 24)
        let expected = (pattern(7, 24).int &+ pattern(9, 24).int &+ p.int)
        let got = a.rgba(x: 0, row: 0).int
        #expect(abs(got[1] - Int((Float(expected[1]) / 6).rounded())) <= 2)
    }

    @Test func oversizedTileIsRefusedAsAPlanError() throws {
        let gles = try renderer(.init(maximumTextureSize: 40))
        #expect(gles.planRequirements.maximumTextureSize == 40)
        do {
            _ = try gles.execute(tiledPlan([extent]))
            Issue.record("expected an error")
        } catch {
            // The first rectangle over GL's limit: pass 0 of the single tile, the whole 64×48 extent.
            #expect((error as? PlanError) == .textureTooLarge(.pass(0, tile: 0), width: 64, height: 48, limit: 40))
        }
    }

    @Test func tileOverThePlansOwnLimitIsRefused() throws {
        // A plan that claims a limit its tiles break is malformed, whatever the renderer could hold.
        do {
            _ = try renderer().execute(tiledPlan([extent], maximumTextureSize: 40))
            Issue.record("expected an error")
        } catch {
            #expect((error as? PlanError) == .textureTooLarge(.pass(0, tile: 0), width: 64, height: 48, limit: 40))
        }
    }

    @Test func concurrentCallersGetTheSameResult() throws {
        let gles = try renderer()
        let expected = try gles.execute(tiledPlan([extent]))
        let plan = tiledPlan([extent])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            #expect((try? gles.execute(plan).planes[0].bytes) == expected.planes[0].bytes)
        }
    }
}
