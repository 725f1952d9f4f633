import Foundation
import IrisDetect
import IrisPipeline
import IrisVideo
import Testing

/// The detector stage's QR memory on the bundled hand-held clip (Recordings/README.md): every third frame
/// searched as `iris run` does, the frames between followed. With the memory the blurred code is read in
/// more searched frames than without, keeps one ID, and is carried onto the frames between.
@Suite struct DetectorSetCodeMemoryTests {
    static let clip = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Recordings/qr-handheld-1-19-640x480.mp4").path

    /// Each frame's QR codes over the first 45 frames, and which frames were searched.
    static func run(remembering: Bool) throws -> [(searched: Bool, codes: [QRCodeFeature])] {
        var detectors = try DetectorSet(types: [.qrCode], codeMemory: QRCodeMemory.Settings(isEnabled: remembering))
        let recording = try Recording(path: clip)
        var out: [(Bool, [QRCodeFeature])] = []
        for index in 0..<45 {
            let frame = try #require(try recording.nextFrame())
            let searched = index % 3 == 0
            let result = searched ? detectors.detect(frame, index: index) : detectors.follow(frame, index: index)
            out.append((searched, result.features.qrCodes))
        }
        return out
    }

    @Test func rememberedCodesAreReadInMoreFramesAndCarriedBetween() throws {
        let remembered = try Self.run(remembering: true), alone = try Self.run(remembering: false)
        let read = remembered.filter { $0.searched && !$0.codes.isEmpty }.count
        let readAlone = alone.filter { $0.searched && !$0.codes.isEmpty }.count
        #expect(read > readAlone, "searched frames with the code: \(read) remembered, \(readAlone) alone")
        #expect(Set(remembered.flatMap(\.codes).map(\.trackingID)) == [1])
        // A frame between searches shows the last searched frame's code moved along its motion, not where it was.
        for i in remembered.indices.dropFirst(3) where !remembered[i].searched {
            let last = remembered[i - i % 3]
            guard let before = last.codes.first, let carried = remembered[i].codes.first else { continue }
            #expect(carried.trackingID == before.trackingID && carried.messageString == before.messageString)
        }
        let moved = remembered.indices.filter { i in
            !remembered[i].searched && remembered[i].codes.first?.corners != remembered[i - i % 3].codes.first?.corners
        }
        #expect(!moved.isEmpty)
    }
}
