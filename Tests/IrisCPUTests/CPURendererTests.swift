import IrisCore
import Foundation
import IrisCPU
import Testing

@Suite(.serialized) struct CPURendererTests {
    let renderer = CPURenderer()
    let a = SIMD4<UInt8>(10, 20, 30, 255), b = SIMD4<UInt8>(40, 50, 60, 255), c = SIMD4<UInt8>(70, 80, 90, 128)
    let d = SIMD4<UInt8>(100, 110, 120, 255), e = SIMD4<UInt8>(130, 140, 150, 0), f = SIMD4<UInt8>(160, 170, 180, 255)

    @Test func identityCopyKeepsRowOrder() throws {
        let source = TestPlans.buffer([[a, b, c], [d, e, f]])
        let leaf = RenderPlan.Leaf(buffer: source, plane: 0, channels: 4, swapsRedBlue: false)
        let direct = TestPlans.single([leaf], .leaf(0), extent: leaf.extent, output: leaf.extent)
        #expect((try renderer.execute(direct)) == source)
        // Through a kernel the float path runs; it must be exact too.
        let viaKernel = TestPlans.single(
            [leaf], TestKernels.node(TestKernels.identity, [.leaf(0)], extent: leaf.extent),
            extent: leaf.extent, output: leaf.extent)
        #expect((try renderer.execute(viaKernel)) == source)
    }

    @Test func bottomRowIsGlobalRowZero() throws {
        let source = TestPlans.buffer([[a, b], [d, f]])
        let leaf = RenderPlan.Leaf(buffer: source, plane: 0, channels: 4, swapsRedBlue: false)
        // Render only global row 0 (the bottom row in memory) through the float path.
        let plan = TestPlans.single(
            [leaf], TestKernels.node(TestKernels.identity, [.leaf(0)], extent: leaf.extent),
            extent: leaf.extent, output: Rect(x: 0, y: 0, width: 2, height: 1))
        #expect(TestPlans.pixels(try renderer.execute(plan)) == [[d, f]])
    }

    @Test func swapsRedBlueLeafAndStoresBytesAsIs() throws {
        let source = TestPlans.buffer([[a, b]], format: .bgra8)
        let leaf = RenderPlan.Leaf(buffer: source, plane: 0, channels: 4, swapsRedBlue: true)
        let swapped = [[SIMD4(a.z, a.y, a.x, a.w), SIMD4(b.z, b.y, b.x, b.w)]]
        for root in [
            RenderPlan.Expression.leaf(0), TestKernels.node(TestKernels.identity, [.leaf(0)], extent: leaf.extent)
        ] {
            let plan = TestPlans.single([leaf], root, extent: leaf.extent, output: leaf.extent)
            #expect(TestPlans.pixels(try renderer.execute(plan)) == swapped)
            // A bgra8 output stores the root's 4 values unchanged: the compiler adds any swizzle.
            let bgra = TestPlans.single([leaf], root, extent: leaf.extent, output: leaf.extent, format: .bgra8)
            let out = try renderer.execute(bgra)
            #expect(out.format == .bgra8)
            #expect(TestPlans.pixels(out) == swapped)
        }
    }

    @Test func oneAndTwoChannelLeaves() throws {
        var nv12 = PixelBuffer(width: 4, height: 2, format: .nv12)
        nv12.planes[0].bytes = [1, 2, 3, 4, 5, 6, 7, 8]
        nv12.planes[1].bytes = [100, 200, 50, 60]
        let luma = RenderPlan.Leaf(buffer: nv12, plane: 0, channels: 1, swapsRedBlue: false)
        let chroma = RenderPlan.Leaf(buffer: nv12, plane: 1, channels: 2, swapsRedBlue: false)
        #expect(chroma.extent == Rect(width: 2, height: 1))
        let y = try renderer.execute(TestPlans.single([luma], .leaf(0), extent: luma.extent, output: luma.extent))
        #expect(
            TestPlans.pixels(y) == [
                [1, 2, 3, 4].map { SIMD4($0, 0, 0, 255) }, [5, 6, 7, 8].map { SIMD4($0, 0, 0, 255) }
            ])
        let cbcr = try renderer.execute(
            TestPlans.single([chroma], .leaf(0), extent: chroma.extent, output: chroma.extent))
        #expect(TestPlans.pixels(cbcr) == [[SIMD4(100, 200, 0, 255), SIMD4(50, 60, 0, 255)]])
    }

    @Test func bilinearAtHalfPixelOffsets() throws {
        var gray = PixelBuffer(width: 2, height: 2, format: .i420)  // plane 0 is a plain 2×2 byte plane
        gray.planes[0].bytes = [0, 200, 100, 50]  // top row 0 200, bottom row 100 50
        let leaf = RenderPlan.Leaf(buffer: gray, plane: 0, channels: 1, swapsRedBlue: false)
        func render(offset: SIMD2<Float>) throws -> [[UInt8]] {
            let root = TestKernels.node(TestKernels.shift, [.leaf(0)], [.vec2(offset)], extent: leaf.extent)
            let out = try renderer.execute(TestPlans.single([leaf], root, extent: leaf.extent, output: leaf.extent))
            return TestPlans.pixels(out).map { $0.map(\.x) }
        }
        // Half a pixel right: between the two columns; the right column's points leave the extent: 0.
        #expect((try render(offset: SIMD2(0.5, 0))) == [[100, 0], [75, 0]])
        // 0.4 right: the right column stays inside the extent and clamps to the edge texel.
        #expect((try render(offset: SIMD2(0.4, 0))) == [[80, 200], [80, 50]])
        // Half a pixel up from the bottom row: the average of the rows; the top row leaves the extent.
        #expect((try render(offset: SIMD2(0, 0.5))) == [[0, 0], [50, 125]])
        // Both: the four texels' mean at the bottom-left pixel, (0 + 200 + 100 + 50) / 4 = 87.5 → 88.
        #expect((try render(offset: SIMD2(0.5, 0.5))[1][0]) == 88)
    }

    @Test func zeroOutsideLeafAndPassExtent() throws {
        let source = TestPlans.buffer([[a, b], [d, f]])
        let leaf = RenderPlan.Leaf(buffer: source, plane: 0, channels: 4, swapsRedBlue: false)
        let around = Rect(x: -1, y: -1, width: 4, height: 4)
        let out = TestPlans.pixels(
            try renderer.execute(TestPlans.single([leaf], .leaf(0), extent: leaf.extent, output: around)))
        let z = SIMD4<UInt8>(0, 0, 0, 0)
        #expect(out == [[z, z, z, z], [z, a, b, z], [z, d, f, z], [z, z, z, z]])
        // A constant is defined everywhere, but a pass is 0 outside its extent.
        let constant = TestPlans.single(
            [], .constant(SIMD4(1, 0, 0, 1)), extent: Rect(x: 0, y: 0, width: 1, height: 1),
            output: Rect(x: 0, y: 0, width: 2, height: 1))
        #expect(TestPlans.pixels(try renderer.execute(constant)) == [[SIMD4(255, 0, 0, 255), z]])
        // A warp reading past the leaf's edge gets 0 there, not the clamped edge.
        let shifted = TestKernels.node(TestKernels.shift, [.leaf(0)], [.vec2(SIMD2(1, 0))], extent: leaf.extent)
        let warped = TestPlans.pixels(
            try renderer.execute(TestPlans.single([leaf], shifted, extent: leaf.extent, output: leaf.extent)))
        #expect(warped == [[b, z], [f, z]])
    }

    @Test func twoInputColorKernel() throws {
        let one = TestPlans.buffer([[SIMD4(10, 20, 30, 40), SIMD4(200, 0, 0, 100)]])
        let two = TestPlans.buffer([[SIMD4(1, 2, 3, 4), SIMD4(100, 0, 0, 200)]])
        let leaves = [one, two].map { RenderPlan.Leaf(buffer: $0, plane: 0, channels: 4, swapsRedBlue: false) }
        let root = TestKernels.node(TestKernels.add, [.leaf(0), .leaf(1)], extent: leaves[0].extent)
        let out = try renderer.execute(
            TestPlans.single(leaves, root, extent: leaves[0].extent, output: leaves[0].extent))
        #expect(TestPlans.pixels(out) == [[SIMD4(11, 22, 33, 44), SIMD4(255, 0, 0, 255)]])
    }

    /// Pass 0 halves a 4×1 row into an intermediate; pass 1 box-blurs it, reading one pixel past each side.
    func intermediatePlan(tiles: [RenderPlan.Tile]? = nil) -> RenderPlan {
        let source = TestPlans.buffer([
            [SIMD4(0, 60, 120, 255), SIMD4(30, 90, 150, 255), SIMD4(60, 120, 180, 255), SIMD4(90, 150, 210, 255)]
        ])
        let leaf = RenderPlan.Leaf(buffer: source, plane: 0, channels: 4, swapsRedBlue: false)
        let half = TestKernels.node(TestKernels.scale, [.leaf(0)], [.float(0.5)], extent: leaf.extent)
        let blur = TestKernels.node(TestKernels.boxBlur3, [.intermediate(0)], extent: leaf.extent)
        let output = leaf.extent
        let oneTile = RenderPlan.Tile(
            output: output, passRects: [Rect(x: -1, y: 0, width: 6, height: 1), output], leafRects: [leaf.extent])
        return RenderPlan(
            leaves: [leaf], passes: [.init(root: half, extent: leaf.extent), .init(root: blur, extent: leaf.extent)],
            tiles: tiles ?? [oneTile], outputRect: output, outputFormat: .rgba8, maximumTextureSize: Int.max)
    }

    @Test func intermediateFeedsGeneralKernel() throws {
        let out = TestPlans.pixels(try renderer.execute(intermediatePlan()))
        // Halved red: 0, 15, 30, 45 (alpha 127.5); outside the extent the intermediate is 0.
        // Blurred: (0+0+15)/3=5, (0+15+30)/3=15, (15+30+45)/3=30, (30+45+0)/3=25.
        #expect(out[0].map(\.x) == [5, 15, 30, 25])
        #expect(out[0].map(\.w) == [85, 128, 128, 85])
    }

    @Test func tilesMatchSingleTile() throws {
        // A 2-pass plan over a 9×7 noise image: scale+shift into an intermediate, then a blur added to the source.
        let source = TestPlans.noise(width: 9, height: 7)
        let leaf = RenderPlan.Leaf(buffer: source, plane: 0, channels: 4, swapsRedBlue: false)
        let ext = leaf.extent
        let shifted = TestKernels.node(TestKernels.shift, [.leaf(0)], [.vec2(SIMD2(0.25, -0.5))], extent: ext)
        let first = TestKernels.node(TestKernels.scale, [shifted], [.float(0.7)], extent: ext)
        let blur = TestKernels.node(TestKernels.boxBlur3, [.intermediate(0)], extent: ext)
        let second = TestKernels.node(
            TestKernels.add, [blur, TestKernels.node(TestKernels.scale, [.leaf(0)], [.float(0.3)], extent: ext)],
            extent: ext)
        let passes: [RenderPlan.Pass] = [.init(root: first, extent: ext), .init(root: second, extent: ext)]
        func tile(_ r: Rect) -> RenderPlan.Tile {
            .init(output: r, passRects: [r.insetBy(dx: -1, dy: 0), r], leafRects: [ext])
        }
        let whole = RenderPlan(
            leaves: [leaf], passes: passes, tiles: [tile(ext)], outputRect: ext, outputFormat: .rgba8,
            maximumTextureSize: Int.max)
        let quarters = [
            Rect(x: 0, y: 0, width: 5, height: 3), Rect(x: 5, y: 0, width: 4, height: 3),
            Rect(x: 0, y: 3, width: 5, height: 4), Rect(x: 5, y: 3, width: 4, height: 4)
        ]
        // No texture limit: each tile's pass 0 is 2 px wider than its output and every tile uploads the whole leaf.
        let tiled = RenderPlan(
            leaves: [leaf], passes: passes, tiles: quarters.map(tile), outputRect: ext, outputFormat: .rgba8,
            maximumTextureSize: Int.max)
        let reference = try renderer.execute(whole)
        #expect((try renderer.execute(tiled)) == reference)
        // Splitting work differently (one thread, tiny spans, many threads) must not change a byte.
        for options in [CPURenderer.Options(threads: 1, spanLength: 2), .init(threads: 16, spanLength: 3)] {
            #expect((try CPURenderer(options: options).execute(tiled)) == reference)
        }
    }

    @Test func missingCPUBodyThrowsBeforeRendering() {
        let source = TestPlans.buffer([[a]])
        let leaf = RenderPlan.Leaf(buffer: source, plane: 0, channels: 4, swapsRedBlue: false)
        let root = TestKernels.node(
            TestKernels.scale, [TestKernels.node(TestKernels.glslOnly, [.leaf(0)], extent: leaf.extent)],
            [.float(1)], extent: leaf.extent)
        do {
            _ = try renderer.execute(TestPlans.single([leaf], root, extent: leaf.extent, output: leaf.extent))
            Issue.record("expected an error")
        } catch {
            #expect((error as? PlanError) == .missingCPUBody(pass: 0, kernel: "testGLSLOnly"))
        }
    }

    @Test func rejectsUnrenderablePlans() {
        let leaf = RenderPlan.Leaf(buffer: TestPlans.buffer([[a]]), plane: 0, channels: 4, swapsRedBlue: false)
        do {
            _ = try renderer.execute(
                TestPlans.single([leaf], .leaf(0), extent: leaf.extent, output: leaf.extent, format: .nv12))
            Issue.record("expected an error")
        } catch {
            #expect((error as? PlanError) == .unsupportedOutputFormat(.nv12))
        }
        do {
            _ = try renderer.execute(TestPlans.single([leaf], .leaf(3), extent: leaf.extent, output: leaf.extent))
            Issue.record("expected an error")
        } catch {
            #expect((error as? PlanError) == .leafIndex(pass: 0, leaf: 3, leafCount: 1))
        }
        let forward = RenderPlan(
            leaves: [leaf], passes: [.init(root: .intermediate(0), extent: leaf.extent)],
            tiles: [.init(output: leaf.extent, passRects: [leaf.extent], leafRects: [leaf.extent])],
            outputRect: leaf.extent, outputFormat: .rgba8, maximumTextureSize: Int.max)
        do {
            _ = try renderer.execute(forward)
            Issue.record("expected an error")
        } catch {
            #expect((error as? PlanError) == .intermediateIndex(pass: 0, reads: 0))
        }
    }

    @Test func rendererIdentity() {
        #expect(renderer.name == "cpu")
        #expect(renderer.maximumTextureSize == Int.max)
        #expect(renderer.planRequirements.requiresCPUBodies)
        #expect(renderer.planRequirements.maximumTextureSize == Int.max)
    }
}
