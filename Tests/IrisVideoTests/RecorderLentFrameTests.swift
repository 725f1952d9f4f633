import Foundation
import IrisCore
import IrisVideo
import Synchronization
import Testing

/// Pictures whose planes lie in lent memory (`BorrowedMemory`: a GLES readback's mapped buffer) are encoded
/// where they lie: the encoder references them instead of the recorder copying them, the file holds them bit
/// for bit, and each memory is given back exactly once, when the encoder has let go.
@Suite struct RecorderLentFrameTests {
    static let width = 64, height = 48

    /// How many times a memory was given back.
    final class GiveBacks: Sendable {
        let count = Atomic<Int>(0)
    }

    /// Memory allocated for one picture and given back by freeing it, counting the give-backs.
    struct LentPicture {
        let buffer: PixelBuffer
        let givenBack = GiveBacks()

        /// `picture`'s planes copied into one block, each row padded to `rowPadding` more bytes than it needs.
        init(_ picture: PixelBuffer, rowPadding: Int) throws {
            let rows = picture.planes.indices.map {
                picture.format.planeSize($0, width: picture.width, height: picture.height)
            }
            let strides = rows.map { $0.0 + rowPadding }
            let sizes = zip(strides, rows).map { $0 * $1.1 }
            let total = sizes.reduce(0, +)
            let block = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 64)
            // The give-back is Sendable: it holds the block's address, not the pointer.
            let counter = givenBack, address = Int(bitPattern: block)
            let memory = BorrowedMemory(base: UnsafeRawPointer(block), count: total, lender: "test block") {
                counter.count.add(1, ordering: .sequentiallyConsistent)
                UnsafeMutableRawPointer(bitPattern: address)?.deallocate()
            }
            var offset = 0, planes: [PixelBuffer.Plane] = []
            for (index, plane) in picture.planes.enumerated() {
                let (width, height) = rows[index]
                plane.withUnsafeBufferPointer { source in
                    for row in 0..<height {
                        (block + offset + row * strides[index]).copyMemory(
                            from: source.baseAddress! + row * plane.bytesPerRow, byteCount: width)
                    }
                }
                planes.append(
                    PixelBuffer.Plane(
                        borrowing: memory, offset: offset, count: sizes[index], bytesPerRow: strides[index]))
                offset += sizes[index]
            }
            buffer = try PixelBuffer(
                width: picture.width, height: picture.height, format: picture.format, planes: planes)
        }
    }

    @Test func lentPlanesAreReferencedWrittenBitForBitAndGivenBackOnce() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("lent.mkv")
        let pictures = (0..<4).map {
            RecordingTestPictures.noise(width: Self.width, height: Self.height, seed: UInt32($0))
        }
        var counters: [GiveBacks] = []
        // The recorder lives only in this closure, so its encoder has let go of every frame after it.
        try {
            let recorder = try Recorder(
                path: path, width: Self.width, height: Self.height, options: .init(codec: .ffv1))
            for (index, picture) in pictures.enumerated() {
                // Rows padded to 20 bytes more than they need: the encoder reads with the planes' own strides.
                let lent = try LentPicture(picture, rowPadding: 20)
                counters.append(lent.givenBack)
                #expect(try recorder.append(lent.buffer, timestamp: Double(index) / 25))
                #expect(recorder.lastFrameIntake == .referenced)
            }
            try recorder.finish()
            // libavcodec may keep the last frame it was sent until it is freed, never more.
            #expect(counters.dropLast().allSatisfy { $0.count.load(ordering: .sequentiallyConsistent) == 1 })
        }()
        #expect(counters.map { $0.count.load(ordering: .sequentiallyConsistent) } == [1, 1, 1, 1])
        let frames = try RecorderTestSupport.readBack(path)
        #expect(frames.map(\.buffer) == pictures)
    }

    @Test func hostPlanesAreCopiedAndRGBIsConverted() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder(
            path: directory.file("host.mkv"), width: Self.width, height: Self.height, options: .init(codec: .ffv1))
        try recorder.append(RecordingTestPictures.noise(width: Self.width, height: Self.height, seed: 9), timestamp: 0)
        #expect(recorder.lastFrameIntake == .copied)
        try recorder.append(PixelBuffer(width: Self.width, height: Self.height, format: .bgra8), timestamp: 0.04)
        #expect(recorder.lastFrameIntake == .converted)
        try recorder.finish()
    }
}
