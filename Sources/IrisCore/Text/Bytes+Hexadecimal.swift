/// Bytes as lower-case hexadecimal, two digits each: a code's payload in JSON, a web preview's token.
///
///     [0x0f, 0xa0].hexadecimal   // "0fa0"
extension Sequence where Element == UInt8 {
    public var hexadecimal: String {
        let digits = Array("0123456789abcdef")
        var out = ""
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return out
    }
}
