import Foundation
import IrisCore
@testable import IrisDetect
import Testing

/// Reads a rendered code back with zxing-cpp, an independent reader: the picture's green channel becomes a
/// luma plane, each pixel `scaleX` × `scaleY`, inside `margin` more white pixels (the quiet zone a printed
/// code would have round it), and zxing-cpp is asked for `format` only.
enum CodeReadBack {
    static func read(
        _ buffer: PixelBuffer, format: ZXingReader.Format, scaleX: Int = 3, scaleY: Int = 3, margin: Int = 8
    ) throws -> [DecodedCode] {
        let width = buffer.width * scaleX + 2 * margin, height = buffer.height * scaleY + 2 * margin
        var bytes = [UInt8](repeating: 255, count: width * height)
        for row in 0..<buffer.height {
            for x in 0..<buffer.width {
                let v = buffer.rgba(x: x, row: row)[1]
                for dy in 0..<scaleY {
                    let o = (margin + row * scaleY + dy) * width + margin + x * scaleX
                    for dx in 0..<scaleX { bytes[o + dx] = v }
                }
            }
        }
        var settings = ZXingReader.Settings()
        settings.formats = [format]
        return try ZXingReader.read(LumaPlane(width: width, height: height, bytes: bytes), settings)
    }

    /// Every pixel is opaque black or white: the generators draw modules, nothing in between.
    static func assertBlackAndWhite(
        _ buffer: PixelBuffer, _ what: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line
    ) {
        for row in 0..<buffer.height {
            for x in 0..<buffer.width {
                let p = buffer.rgba(x: x, row: row)
                guard p == SIMD4(0, 0, 0, 255) || p == SIMD4(255, 255, 255, 255) else {
                    Issue.record("\(what()): pixel \(x),\(row) is \(p)")
                    return
                }
            }
        }
    }

    /// Seeded messages that mix what the symbologies' modes hold — capitals, small letters, digits, spaces,
    /// punctuation and its pairs (". ", ", ", ": ", CR LF), control characters, bytes over 127 — in runs of
    /// random length, so an encoder's latches, shifts and binary runs meet each other in many orders.
    static func mixedMessages(count: Int, seed: UInt64) -> [[UInt8]] {
        let pieces: [[UInt8]] =
            [
                "A", "Q", "z", "m", " ", "0", "7", ".", ",", ":", ". ", ", ", ": ", "\r\n", "\r", "\n", "\t",
                "!", "\"", "#", "$", "%", "&", "'", "(", ")", "*", "+", "-", "/", ";", "<", "=", ">", "?",
                "@", "[", "\\", "]", "^", "_", "`", "{", "|", "}", "~"
            ].map { Array($0.utf8) }
            + [[0], [1], [13], [27], [31], [127], [128], [200], [255]]
        let random = bytes(count: count * 64, seed: seed)
        var next = 0
        func draw(_ n: Int) -> Int {
            next += 1
            return Int(random[next % random.count]) % n
        }
        return (0..<count).map { _ in
            var message: [UInt8] = []
            for _ in 0..<(1 + draw(24)) {
                let piece = pieces[draw(pieces.count)]
                for _ in 0..<(1 + draw(draw(2) == 0 ? 2 : 16)) { message += piece }
            }
            return message
        }
    }

    /// Seeded bytes, the same on every run.
    static func bytes(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }
}
