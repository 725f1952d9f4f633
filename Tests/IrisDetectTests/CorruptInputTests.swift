import IrisCore
import IrisDetect
import IrisVideo
import Testing

/// What `iris detect` sees when a file is damaged: a typed error naming the file, before any detector runs.
@Suite struct CorruptInputTests {
    @Test func corruptPNGIsAClearError() {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += [UInt8](repeating: 0x42, count: 64)
        do {
            _ = try StillImage.decode(bytes, source: "broken.png")
            Issue.record("a corrupt PNG decoded")
        } catch {
            #expect("\(error)".contains("broken.png"))
        }
    }

    @Test func unknownBytesAreAClearError() {
        #expect(throws: StillImageError.self) { try StillImage.decode(Array("not an image".utf8), source: "notes.txt") }
    }
}
