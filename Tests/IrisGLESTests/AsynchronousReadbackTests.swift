import IrisCore
import IrisGLES
import Testing

/// `GLESRenderer.submit`: readbacks into pixel buffer objects, collected after the next frame is submitted,
/// give exactly what the waiting render gives.
@Suite struct AsynchronousReadbackTests {
    /// A 4:2:0 frame with a pattern that differs per `seed`, through a colour matrix, as a plan.
    static func plan(_ seed: Int, renderer: GLESRenderer, width: Int = 66, height: Int = 38) throws -> RenderPlan {
        var frame = PixelBuffer(width: width, height: height, format: .nv12)
        frame.planes[0].bytes = (0..<frame.planes[0].byteCount).map { UInt8(($0 * 7 + seed * 31) % 220 + 16) }
        frame.planes[1].bytes = (0..<frame.planes[1].byteCount).map { UInt8(($0 * 3 + seed * 17) % 200 + 28) }
        let image = try Image(frame: Frame(buffer: frame, colorimetry: .default))
            .applyingColorMatrix(
                ColorMatrix(
                    rows: [[0.8, 0.1, 0.1, 0], [0.2, 0.7, 0.1, 0], [0.1, 0.2, 0.6, 0], [0, 0, 0, 1]],
                    bias: SIMD4(0.05, 0, 0.02, 0)), label: "mix")
        return try Context(renderer: renderer).planAndRenderer(image).0
    }

    @Test(arguments: [EncoderPlanes.Layout.i420, .nv12], [false, true])
    func pipelinedReadbacksEqualWaitingOnes(layout: EncoderPlanes.Layout, keepingPicture: Bool) throws {
        let gles = try GLESRenderer()
        #expect(gles.info.readsBackAsynchronously, "llvmpipe is GLES 3.2: \(gles.info)")
        let encoding = EncoderPlanes(layout: layout, colorimetry: Colorimetry(matrix: .bt709, range: .video))
        let plans = try (0..<3).map { try Self.plan($0, renderer: gles) }
        let waited = try plans.map { try gles.execute($0, encoding: encoding, keepingPicture: keepingPicture) }
        // Frame n + 1 is submitted before frame n is collected.
        var results: [EncodedRender] = []
        var pending = try gles.submit(plans[0], encoding: encoding, keepingPicture: keepingPicture)
        #expect(pending.isAsynchronous)
        for plan in plans.dropFirst() {
            let next = try gles.submit(plan, encoding: encoding, keepingPicture: keepingPicture)
            results.append(try pending.result())
            pending = next
        }
        results.append(try pending.result())
        for (got, expected) in zip(results, waited) {
            #expect(got.planes.planes.map(\.bytes) == expected.planes.planes.map(\.bytes))
            #expect(got.planes.format == expected.planes.format && got.planes.width == expected.planes.width)
            #expect(got.picture?.planes[0].bytes == expected.picture?.planes[0].bytes)
            #expect((got.picture == nil) == !keepingPicture)
        }
        // Asking again gives the same bytes, not a second readback.
        #expect(try pending.result().planes.planes.map(\.bytes) == waited[2].planes.planes.map(\.bytes))
    }

    /// What moved: the same GPU readback as a waiting render, and no CPU copy: the planes read the mapped
    /// buffer in place, and the buffer goes back when they are let go.
    @Test func trafficCountsTheReadbackAndTheCopyOut() throws {
        let gles = try GLESRenderer()
        let encoding = EncoderPlanes(layout: .i420)
        let plan = try Self.plan(1, renderer: gles, width: 64, height: 48)
        _ = try gles.execute(plan)  // the colour cube llvmpipe bakes the matrix into is uploaded once, here
        let before = gles.traffic
        _ = try gles.execute(plan, encoding: encoding, keepingPicture: true)
        let waited = gles.traffic - before
        let middle = gles.traffic
        var render: EncodedRender? = try gles.submit(plan, encoding: encoding, keepingPicture: true).result()
        let pipelined = gles.traffic - middle
        let bytes = 64 * 48 * 3 / 2 + 64 * 48 * 4
        #expect(waited.gpuReadBack == bytes && pipelined.gpuReadBack == bytes)
        #expect(pipelined.cpuCopied == waited.cpuCopied && pipelined.gpuUploaded == waited.gpuUploaded)
        let lender = render?.planes.planes[0].borrowedMemory?.lender ?? "no lender"
        #expect(lender.hasPrefix("GL readback buffer"))
        #expect(render?.picture?.planes[0].borrowedMemory?.lender == lender, "one buffer holds planes and picture")
        render = nil
        // Let go, the buffer is unmapped and reused: many more frames in flight one at a time still read right.
        let expected = try gles.execute(plan, encoding: encoding, keepingPicture: true)
        for _ in 0..<6 {
            let again = try gles.submit(plan, encoding: encoding, keepingPicture: true).result()
            #expect(again.planes.planes.map(\.bytes) == expected.planes.planes.map(\.bytes))
            #expect(again.picture?.planes[0].bytes == expected.picture?.planes[0].bytes)
        }
    }

    /// A render nobody collects gives its buffer back, and later renders are unaffected.
    @Test func anAbandonedReadbackLetsItsBufferGo() throws {
        let gles = try GLESRenderer()
        let encoding = EncoderPlanes(layout: .nv12)
        let plans = try (0..<2).map { try Self.plan($0, renderer: gles) }
        for _ in 0..<8 { _ = try gles.submit(plans[0], encoding: encoding, keepingPicture: false) }
        let expected = try gles.execute(plans[1], encoding: encoding, keepingPicture: false)
        let got = try gles.submit(plans[1], encoding: encoding, keepingPicture: false).result()
        #expect(got.planes.planes.map(\.bytes) == expected.planes.planes.map(\.bytes))
    }

    /// A plan split into tiles (the renderer's textures smaller than the frame) cannot read its planes in one
    /// pass: `submit` finishes it, and it equals the waiting render.
    @Test func aTiledPlanFinishesInSubmit() throws {
        let gles = try GLESRenderer(options: .init(maximumTextureSize: 32))
        let encoding = EncoderPlanes(layout: .i420)
        let plan = try Self.plan(3, renderer: gles)
        #expect(plan.tiles.count > 1)
        let pending = try gles.submit(plan, encoding: encoding, keepingPicture: true)
        #expect(!pending.isAsynchronous)
        let expected = try gles.execute(plan, encoding: encoding, keepingPicture: true)
        let got = try pending.result()
        #expect(got.planes.planes.map(\.bytes) == expected.planes.planes.map(\.bytes))
        #expect(got.picture?.planes[0].bytes == expected.picture?.planes[0].bytes)
    }

    /// Turned off (as GLES 2 has it), `submit` renders and reads back before it returns.
    @Test func withoutPixelBufferObjectsSubmitWaits() throws {
        var options = GLESRenderer.Options()
        options.asynchronousReadback = false
        let gles = try GLESRenderer(options: options)
        #expect(!gles.info.readsBackAsynchronously)
        let encoding = EncoderPlanes(layout: .i420)
        let plan = try Self.plan(2, renderer: gles)
        let pending = try gles.submit(plan, encoding: encoding, keepingPicture: false)
        #expect(!pending.isAsynchronous)
        let expected = try gles.execute(plan, encoding: encoding, keepingPicture: false)
        #expect(try pending.result().planes.planes.map(\.bytes) == expected.planes.planes.map(\.bytes))
    }
}
