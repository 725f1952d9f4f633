import IrisCore
import Testing

@Suite struct InterleavedChromaTests {
    /// A 5×3 I420 frame whose chroma rows are padded (stride 4 for 3 samples), every byte distinct.
    static func paddedI420() throws -> PixelBuffer {
        let luma = PixelBuffer.Plane(bytes: (0..<15).map { UInt8($0) }, bytesPerRow: 5)
        let cb = PixelBuffer.Plane(bytes: [100, 101, 102, 0, 110, 111, 112, 0], bytesPerRow: 4)
        let cr = PixelBuffer.Plane(bytes: [200, 201, 202, 0, 210, 211, 212, 0], bytesPerRow: 4)
        return try PixelBuffer(width: 5, height: 3, format: .i420, planes: [luma, cb, cr])
    }

    @Test func chromaIsInterleavedSampleBySampleAndLumaKept() throws {
        let i420 = try Self.paddedI420()
        let nv12 = try #require(i420.interleavingChroma())
        #expect(nv12.format == .nv12)
        #expect(nv12.planes[0] == i420.planes[0])
        #expect(nv12.planes[1].bytesPerRow == 6)
        #expect(nv12.planes[1].bytes == [100, 200, 101, 201, 102, 202, 110, 210, 111, 211, 112, 212])
        #expect(nv12.interleavingChroma() == nil)
    }

    @Test func planForAnInterleavingRendererReadsTwoPlanesAndCountsTheBytes() throws {
        let image = Image(buffer: try Self.paddedI420(), colorimetry: .default)
        let interleaved = try Compiler(options: CompilerOptions(interleavesChroma: true)).plan(image)
        #expect(interleaved.leaves.map(\.channels) == [1, 2])
        #expect(interleaved.leaves.allSatisfy { $0.buffer.format == .nv12 })
        #expect(interleaved.leaves[1].buffer.planes[1].bytes.prefix(4) == [100, 200, 101, 201])
        #expect(interleaved.planningTraffic.cpuConverted == 12)

        let planar = try Compiler(options: CompilerOptions()).plan(image)
        #expect(planar.leaves.map(\.channels) == [1, 1, 1])
        #expect(planar.planningTraffic.total == 0)
        #expect(interleaved.kernelNodes.contains { $0.kernel.name == "irisYCbCrBiplanar" })
        #expect(planar.kernelNodes.contains { $0.kernel.name == "irisYCbCrTriplanar" })
    }

    @Test func aFrameInADMABufKeepsItsPlanesForImport() throws {
        let i420 = try Self.paddedI420()
        let bytes = i420.packedBytes
        let memory = bytes.withUnsafeBytes { raw in
            let copy = UnsafeMutableRawPointer.allocate(byteCount: raw.count, alignment: 16)
            copy.copyMemory(from: raw.baseAddress!, byteCount: raw.count)
            let dmabuf = DMABuf(
                width: 5, height: 3, fourCC: "YU12",
                planes: [
                    .init(fd: 3, offset: 0, bytesPerRow: 5), .init(fd: 3, offset: 15, bytesPerRow: 3),
                    .init(fd: 3, offset: 21, bytesPerRow: 3)
                ], modifier: nil)
            let address = UInt(bitPattern: copy)
            return BorrowedMemory(base: copy, count: raw.count, lender: "test", dmabuf: dmabuf) {
                UnsafeMutableRawPointer(bitPattern: address)?.deallocate()
            }
        }
        let planes = [(0, 15, 5), (15, 6, 3), (21, 6, 3)].map {
            PixelBuffer.Plane(borrowing: memory, offset: $0.0, count: $0.1, bytesPerRow: $0.2)
        }
        let lent = try PixelBuffer(width: 5, height: 3, format: .i420, planes: planes)
        let plan = try Compiler(options: CompilerOptions(interleavesChroma: true)).plan(Image(buffer: lent))
        #expect(plan.leaves.map(\.channels) == [1, 1, 1])
        #expect(plan.planningTraffic.total == 0)
    }
}
