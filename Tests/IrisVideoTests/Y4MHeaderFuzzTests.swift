import Foundation
import IrisCore
@testable import IrisVideo
import Testing

/// Mutated Y4M headers, deterministically random: each must parse into a header that survives rewriting,
/// or throw a `Y4MError`; none may crash the process or hang a reader.
@Suite struct Y4MHeaderFuzzTests {
    static let seeds = [
        "YUV4MPEG2 W640 H480 F30000:1001 It A0:0 C420mpeg2 XYSCSS=420MPEG2 XCOLORRANGE=LIMITED",
        "YUV4MPEG2 W3 H2 F25:1 C422 XCOLORRANGE=FULL",
        "YUV4MPEG2 W7 H5 Ip A1:1 C444",
        "YUV4MPEG2 W16 H16 Cmono"
    ]
    /// Tokens that push on the parser's edges: huge numbers, negatives, empty values, the unsupported.
    static let tokens = [
        "W", "H0", "W-1", "H99999999999999999999", "W16384", "H16385", "F", "F1:0", "F:", "A-1:1", "I",
        "C", "C420p10", "C411", "XCOLORRANGE=", "XCOLORRANGE=full", "X", " ", "\n", "\u{0}", "\u{FF}"
    ]

    static func mutate(_ seed: String, using generator: inout DamagedFileTests.SeededGenerator) -> [UInt8] {
        var bytes = Array(seed.utf8)
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let position = Int.random(in: 0...bytes.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0 where position < bytes.count: bytes[position] = UInt8.random(in: 0...255, using: &generator)
            case 1 where position < bytes.count: bytes.remove(at: position)
            case 2: bytes.insert(UInt8.random(in: 0x20...0x7E, using: &generator), at: position)
            case 3:
                bytes.insert(
                    contentsOf: Array((tokens.randomElement(using: &generator) ?? "").utf8) + [0x20], at: position)
            default:
                bytes.insert(
                    contentsOf: Array(" \(Int.random(in: Int.min...Int.max, using: &generator))".utf8), at: position)
            }
        }
        return bytes
    }

    @Test func mutatedHeaderLinesParseOrThrowTypedErrors() {
        var generator = DamagedFileTests.SeededGenerator(state: 2024)
        var parsed = 0
        for round in 0..<4000 {
            let bytes = Self.mutate(Self.seeds[round % Self.seeds.count], using: &generator)
            do {
                let header = try Y4MHeader(line: String(decoding: bytes, as: UTF8.self), source: "fuzz")
                parsed += 1
                #expect(DecodeLimits.allows(width: header.width, height: header.height))
                #expect(header.frameRate.numerator > 0 && header.frameRate.denominator > 0)
                #expect(try Y4MHeader(line: header.line) == header, "rewriting \(header.line)")
            } catch {
                #expect(error.path == "fuzz")
            }
        }
        // Both outcomes must be exercised, or the mutations are too gentle or too harsh to mean anything.
        #expect(parsed > 200 && parsed < 3800, "\(parsed) of 4000 parsed")
    }

    @Test func filesWithMutatedHeadersOpenOrFailTypedThroughTheFrontDoor() throws {
        let directory = try TemporaryDirectory()
        var generator = DamagedFileTests.SeededGenerator(state: 7)
        let payload = [UInt8](repeating: 0x80, count: 64)
        for round in 0..<300 {
            let header = Self.mutate(Self.seeds[round % Self.seeds.count], using: &generator)
            let path = try directory.write(header + Array("\nFRAME\n".utf8) + payload, to: "fuzz.y4m")
            do {
                let recording = try Recording(path: path)
                var count = 0
                while try recording.nextFrame() != nil { count += 1 }
                #expect(count <= 1)
            } catch {
                #expect(error.path == path)
            }
        }
    }
}
