/// Text helpers for V4L2's fixed-size C strings and FourCC codes.
enum V4L2Text {
    /// A NUL-terminated C char array (imported as a tuple) as a String.
    static func string<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// "NV12" for 0x3231564e; trailing spaces trimmed, big-endian flag shown as "-BE".
    static func fourCC(_ code: UInt32) -> String {
        let chars = (0..<4).map { UInt8(truncatingIfNeeded: (code >> (8 * UInt32($0))) & 0x7f) }
        var s = String(decoding: chars, as: UTF8.self)
        while s.hasSuffix(" ") { s.removeLast() }
        return code & 0x8000_0000 != 0 ? s + "-BE" : s
    }

    /// The code for a 4-character FourCC string (padded with spaces).
    static func code(_ fourCC: String) -> UInt32 {
        var bytes = Array(fourCC.utf8.prefix(4))
        while bytes.count < 4 { bytes.append(0x20) }
        return bytes.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }
}
