#if canImport(Glibc)
    import Glibc
#endif
import CAV

/// libav's return codes that Swift cannot import (AVERROR and FFERRTAG are function-like macros),
/// and their messages through `av_strerror`.
enum LibAVStatus {
    /// FFERRTAG(a, b, c, d): the negated little-endian four-character tag.
    private static func tag(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> Int32 {
        0 &- Int32(bitPattern: UInt32(a) | UInt32(b) << 8 | UInt32(c) << 16 | UInt32(d) << 24)
    }

    static let endOfFile = tag(0x45, 0x4F, 0x46, 0x20)  // "EOF "
    static let invalidData = tag(0x49, 0x4E, 0x44, 0x41)  // "INDA"
    static let streamNotFound = tag(0xF8, 0x53, 0x54, 0x52)  // 0xF8 "STR"
    static let decoderNotFound = tag(0xF8, 0x44, 0x45, 0x43)  // 0xF8 "DEC"
    static let tryAgain = -EAGAIN
    static let notFound = -ENOENT
    /// AV_EF_CRC (1 << 0): a decoder's `err_recognition` flag to verify the checksums a stream carries.
    static let checkCRCs: Int32 = 1 << 0
    /// AV_NOPTS_VALUE: a timestamp the stream does not know.
    static let noTimestamp = Int64.min

    /// libav's own words for `code`.
    static func message(_ code: Int32) -> String {
        var text = [CChar](repeating: 0, count: 256)
        if av_strerror(code, &text, text.count) != 0 { return "libav error \(code)" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
