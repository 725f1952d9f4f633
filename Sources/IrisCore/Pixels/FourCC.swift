/// A four-character code, the way V4L2, DRM and libyuv name pixel formats: four ASCII bytes packed
/// little-endian into a `UInt32` (the first character in the low byte), shorter names padded with spaces.
/// Bit 31 is V4L2's and DRM's big-endian flag.
///
///     let nv12: FourCC = "NV12"   // nv12.code == 0x3231_564E, nv12.name == "NV12"
public struct FourCC: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let code: UInt32

    /// V4L2's and DRM's flag for data stored big-endian (`V4L2_PIX_FMT_FLAG_BE`, `DRM_FORMAT_BIG_ENDIAN`).
    public static let bigEndianFlag: UInt32 = 1 << 31

    public init(code: UInt32) { self.code = code }

    /// Parses one to four printable ASCII characters, optionally followed by "-BE" (the form `name` writes);
    /// nil for anything else. Names shorter than four characters are padded with spaces, as V4L2 pads "Y16 ".
    public init?(name: String) {
        var characters = Substring(name)
        let bigEndian = characters.hasSuffix("-BE")
        if bigEndian { characters = characters.dropLast(3) }
        let bytes = Array(characters.utf8)
        guard (1...4).contains(bytes.count), bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        let padded = bytes + Array(repeating: UInt8(ascii: " "), count: 4 - bytes.count)
        let packed = padded.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        code = bigEndian ? packed | FourCC.bigEndianFlag : packed
    }

    /// A literal must be a valid name: a typo in a format table should stop the program, not name nothing.
    public init(stringLiteral name: String) {
        guard let parsed = FourCC(name: name) else {
            preconditionFailure("\"\(name)\" is not a FourCC: 1 to 4 printable ASCII characters")
        }
        self = parsed
    }

    /// "NV12"; trailing spaces trimmed and the big-endian flag written as "-BE" ("Y16-BE").
    public var name: String {
        // Masking with 0x7F keeps the big-endian flag out of the fourth character.
        var characters = String(
            decoding: (0..<4).map { UInt8(truncatingIfNeeded: (code >> (8 * UInt32($0))) & 0x7F) }, as: UTF8.self)
        while characters.hasSuffix(" ") { characters.removeLast() }
        return code & FourCC.bigEndianFlag != 0 ? characters + "-BE" : characters
    }

    public var description: String { name }
}
