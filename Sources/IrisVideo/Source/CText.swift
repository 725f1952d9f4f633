/// Text from the fixed-size, NUL-terminated C strings the camera APIs fill in: V4L2's structs, directory
/// entries, the libcamera shim's fields and error buffers.
///
///     CText.string(capability.card)   // "vivid"
enum CText {
    /// A NUL-terminated C char array (imported as a tuple) as a String.
    static func string<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// A C buffer filled up to its first NUL.
    static func string(_ chars: [CChar]) -> String {
        String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
