import IrisCore
import IrisGLES
import Testing

/// llvmpipe is a software rasteriser, so plans for it read an I420 frame's chroma as one interleaved plane
/// (`GLESRenderer.prefersInterleavedChroma`); the pixels must be those of the three planes read apart.
@Suite(.serialized) struct InterleavedChromaRenderTests {
    /// An odd-sized I420 frame (chroma 19×12, the last column and row half covered) with varied colours.
    static func frame(width: Int = 37, height: Int = 23) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, format: .i420)
        for i in buffer.planes[0].bytes.indices { buffer.planes[0].bytes[i] = UInt8(16 + (i * 7) % 220) }
        for i in buffer.planes[1].bytes.indices { buffer.planes[1].bytes[i] = UInt8(40 + (i * 13) % 180) }
        for i in buffer.planes[2].bytes.indices { buffer.planes[2].bytes[i] = UInt8(30 + (i * 29) % 200) }
        return buffer
    }

    @Test func interleavedChromaRendersTheSamePixels() throws {
        let gles = try GLESRenderer()  // its own: the shared one's traffic counts other tests' renders too
        try #require(gles.info.isSoftwareRasterizer, "these tests run on llvmpipe")
        #expect(gles.prefersInterleavedChroma)
        let decoded = Image(buffer: Self.frame(), colorimetry: .default)
        let image = try Image.apply(
            TestKernels.gain, inputs: [decoded], arguments: [.float(0.8)], extent: decoded.extent)
        func render(interleaving: Bool) throws -> (PixelBuffer, ByteTraffic) {
            let options = CompilerOptions(
                maximumTextureSize: gles.maximumTextureSize, bakesColorCubes: true, interleavesChroma: interleaving)
            let plan = try Compiler(options: options).plan(image)
            let before = gles.traffic
            let pixels = try gles.execute(plan)
            return (pixels, gles.traffic - before)
        }
        let (interleaved, interleavedTraffic) = try render(interleaving: true)
        let (planar, planarTraffic) = try render(interleaving: false)
        let differing = zip(interleaved.planes[0].bytes, planar.planes[0].bytes).filter { $0 != $1 }.count
        #expect(differing == 0)
        // 19×12 chroma samples, two bytes each, interleaved once and uploaded as one plane.
        #expect(interleavedTraffic.cpuConverted - planarTraffic.cpuConverted == 19 * 12 * 2)
        #expect(interleavedTraffic.gpuUploaded == planarTraffic.gpuUploaded)
    }

    @Test func tilesReadTheInterleavedPlaneAsTheyReadThePlanes() throws {
        let gles = try renderer()
        let image = Image(buffer: Self.frame(), colorimetry: .default)
        func render(interleaving: Bool) throws -> PixelBuffer {
            let plan = try Compiler(
                options: CompilerOptions(maximumTextureSize: 16, interleavesChroma: interleaving)
            ).plan(image)
            #expect(plan.tiles.count > 1)
            return try gles.execute(plan)
        }
        let (interleaved, planar) = (try render(interleaving: true), try render(interleaving: false))
        #expect(zip(interleaved.planes[0].bytes, planar.planes[0].bytes).allSatisfy { $0 == $1 })
    }

    @Test func aContextOnGLESPlansTheInterleavedRead() throws {
        let gles = try renderer()
        let context = Context(renderer: gles)
        let image = Image(buffer: Self.frame(width: 8, height: 4))
        let (plan, chosen) = try context.planAndRenderer(image)
        #expect(chosen.name == gles.name)
        #expect(plan.leaves.map(\.channels) == [1, 2])
        let planar = try Compiler(options: CompilerOptions(maximumTextureSize: gles.maximumTextureSize)).plan(image)
        #expect(planar.leaves.map(\.channels) == [1, 1, 1])
        let (viaContext, viaPlanes) = (try context.render(image), try gles.execute(planar))
        #expect(zip(viaContext.planes[0].bytes, viaPlanes.planes[0].bytes).allSatisfy { $0 == $1 })
    }
}
