import IrisCPU
import IrisCore
import IrisFilters
import Synchronization
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Frames whose planes borrow memory lent by a device (a camera's mapped buffer), read in place: both
/// renderers draw them exactly as they draw the same bytes copied into host memory, and the memory goes
/// back to its lender once, when the last holder lets go.
@Suite(.serialized) struct BorrowedPlaneTests {
    final class Lender: Sendable {
        let returns = Atomic(0)

        /// The give-backs once they have settled: a render's worker threads may drop their last reference a
        /// moment after the render returns, so wait (up to 2 s) for the first, then make sure no second comes.
        func settledReturns() -> Int {
            for _ in 0..<200 where returns.load(ordering: .relaxed) == 0 { usleep(10_000) }
            usleep(20_000)
            return returns.load(ordering: .relaxed)
        }
    }

    /// `buffer`'s planes copied one after another into freshly allocated memory, as a camera's buffer holds
    /// them, and a buffer whose planes borrow that memory. The memory is freed when it is given back.
    static func lent(_ buffer: PixelBuffer, to lender: Lender) throws -> PixelBuffer {
        let total = buffer.planes.reduce(0) { $0 + $1.byteCount }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 64)
        var offset = 0
        var offsets: [Int] = []
        for plane in buffer.planes {
            plane.withUnsafeBytes { memory.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            offsets.append(offset)
            offset += plane.byteCount
        }
        let address = UInt(bitPattern: memory)
        let borrowed = BorrowedMemory(base: memory, count: total, lender: "test buffer") {
            lender.returns.add(1, ordering: .relaxed)
            UnsafeMutableRawPointer(bitPattern: address)?.deallocate()
        }
        let planes = zip(buffer.planes, offsets).map {
            PixelBuffer.Plane(borrowing: borrowed, offset: $1, count: $0.byteCount, bytesPerRow: $0.bytesPerRow)
        }
        return try PixelBuffer(width: buffer.width, height: buffer.height, format: buffer.format, planes: planes)
    }

    static func chain(_ buffer: PixelBuffer) throws -> Image {
        try Image(frame: Frame(buffer: buffer, colorimetry: .default))
            .applyingFilter(.sepiaTone(intensity: 0.5)).applyingFilter(.vignette(intensity: 0.8, radius: 1))
    }

    @Test(arguments: [PixelFormat.nv12, .i420, .yuyv])
    func bothRenderersDrawBorrowedPlanesAsTheirHostCopy(format: PixelFormat) throws {
        let host = ColorCubeAgreementTests.frame(format, width: 66, height: 38)
        let lender = Lender()
        do {
            let borrowed = try Self.lent(host, to: lender)
            #expect(borrowed == host)
            #expect(borrowed.hostByteCount == 0 && host.hostByteCount == host.planes.reduce(0) { $0 + $1.byteCount })
            for renderer in [Renderers.cpu as any Renderer, try Renderers.glesRenderer()] {
                let expected = try Renderers.render(try Self.chain(host), on: renderer)
                let got = try Renderers.render(try Self.chain(borrowed), on: renderer)
                #expect(maxDifference(expected, got).value == 0, "\(format) on \(renderer)")
                let encoding = EncoderPlanes(layout: .i420, colorimetry: .default)
                let context = Context(renderer: renderer)
                let planesFromHost = try context.render(try Self.chain(host), encoding: encoding)
                let planesFromBorrowed = try context.render(try Self.chain(borrowed), encoding: encoding)
                #expect(planesFromHost == planesFromBorrowed, "\(format) encoder planes on \(renderer)")
            }
            #expect(lender.returns.load(ordering: .relaxed) == 0, "given back while a frame still holds it")
        }
        #expect(lender.settledReturns() == 1)
    }

    @Test func theLastHolderGivesTheMemoryBackOnce() throws {
        let lender = Lender()
        var frames: [Frame] = []
        var image: Image?
        do {
            let borrowed = try Self.lent(ColorCubeAgreementTests.frame(.nv12, width: 16, height: 8), to: lender)
            frames = [Frame(buffer: borrowed), Frame(buffer: borrowed)]
            image = Image(frame: frames[0])
        }
        frames.removeAll()
        #expect(lender.returns.load(ordering: .relaxed) == 0, "the image still reads the planes")
        image = nil
        #expect(image == nil)
        #expect(lender.settledReturns() == 1)
    }

    @Test func writingAPlaneCopiesItIntoHostMemory() throws {
        let lender = Lender()
        let host = ColorCubeAgreementTests.frame(.nv12, width: 16, height: 8)
        var buffer = try Self.lent(host, to: lender)
        buffer.planes[0].bytes[3] = host.planes[0].bytes[3] &+ 1
        #expect(buffer.planes[0].borrowedMemory == nil && buffer.planes[1].borrowedMemory != nil)
        #expect(buffer.planes[0].bytes[3] == host.planes[0].bytes[3] &+ 1)
        #expect(buffer.planes[0].bytes[4] == host.planes[0].bytes[4])
        #expect(buffer.hostByteCount == host.planes[0].byteCount)
        buffer.planes[1].bytes = []
        #expect(lender.settledReturns() == 1, "no plane borrows the memory any more")
    }
}
