import IrisCore
@testable import IrisVideo
import Testing

/// Damaged files of every kind must come back as values or typed errors: libpng and libjpeg run inside
/// the process, so a crash here would take a whole pipeline down.
@Suite struct DamagedFileTests {
    /// A fixed-seed generator so that a failure reproduces.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    @Test(arguments: [StillImageFormat.png, .jpeg])
    func flippedBytesNeverCrash(format: StillImageFormat) throws {
        let original = try StillImage.encode(TestImages.noise(width: 24, height: 16), as: format)
        var generator = SeededGenerator(state: 42)
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                // Keep the signature so the codec, not format detection, meets the damage.
                bytes[Int.random(in: 4..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            do {
                let decoded = try StillImage.decode(bytes)
                #expect(decoded.buffer.width > 0 && decoded.buffer.height > 0)
            } catch {
                switch error {
                case .truncated, .corrupt: break
                default: Issue.record("unexpected \(error)")
                }
            }
        }
    }

    @Test func everyCutOfAJPEGIsTruncatedOrCorrupt() throws {
        let whole = try JPEGCodec.encode(TestImages.noise(width: 24, height: 16))
        for length in stride(from: 0, to: whole.count - 2, by: 5) {
            #expect(throws: StillImageError.self) { try JPEGCodec.decode(Array(whole.prefix(length))) }
        }
    }
}
