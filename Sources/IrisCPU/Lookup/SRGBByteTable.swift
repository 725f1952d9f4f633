import IrisCore

/// Linear light → sRGB-encoded output byte in one table read: the last step of a baked camera chain, where
/// the exact encode (a `powf` or a float table per channel, then the float → byte store) cost as much as the
/// cube itself.
///
/// The index is the float's exponent and top 8 mantissa bits over [2⁻¹³, 1): 256 intervals per octave
/// follow the curve's steepness near black. Each entry is the byte of the encode at its interval's middle,
/// so a value lands within 0.2/255 of the exact encode before rounding (`SRGBByteTableTests` sweeps it),
/// and a byte differs from the exact store's by at most one. Below 2⁻¹³ the encode is under 0.5/255 and
/// the first entry is 0; negative values clamp to that entry, and 1 or more to a last entry of 255 (the
/// clamp works on the bit patterns as signed integers). NaN must not reach it.
///
///     let byte = SRGBByteTable.shared.byte(0.2140)   // 128
struct SRGBByteTable: Sendable {
    static let shared = SRGBByteTable()

    private static let base: UInt32 = (127 - 13) << 23
    private static let end: UInt32 = 127 << 23
    /// The bit patterns of the table's ends as signed integers, and the index shift, for vector loops.
    static let firstBits = Int32(base), endBits = Int32(end), shift: Int32 = 23 - 8

    let bytes: [UInt8]

    private init() {
        let count = Int((Self.end - Self.base) >> UInt32(Self.shift))
        bytes =
            (0..<count).map { i in
                let low = Double(Float(bitPattern: Self.base + UInt32(i) << UInt32(Self.shift)))
                let high = Double(Float(bitPattern: Self.base + UInt32(i + 1) << UInt32(Self.shift)))
                let encoded = Double(TransferFunction.linearToSRGB(Float((low + high) / 2)))
                return UInt8(min(max((encoded * 255 + 0.5).rounded(.down), 0), 255))
            } + [255]
    }

    /// The byte for a finite linear value, for code outside the row loops (tests).
    func byte(_ v: Float) -> UInt8 {
        bytes[Int(Self.index(bitPattern: Int32(bitPattern: v.bitPattern)))]
    }

    /// The table index of a linear value: below 2⁻¹³ (negative values and NaN too) the first entry, 1 or
    /// more the last. The clamp runs on floats, which SSE2 compares with single minimum and maximum
    /// instructions (it has none for 32-bit integers), so row loops that call it vectorise tightly.
    @inline(__always)
    static func index(_ v: Float) -> Int32 {
        let low = v > firstValue ? v : firstValue
        let clamped = low < 1 ? low : 1
        return (Int32(bitPattern: clamped.bitPattern) &- firstBits) &>> shift
    }

    private static let firstValue = Float(bitPattern: base)

    /// The table index of a linear value given as its float bit pattern read as a signed integer: negative
    /// values clamp to the first entry, 1 or more to the last. Plain integer compares, so row loops that
    /// call it vectorise.
    @inline(__always)
    static func index(bitPattern v: Int32) -> Int32 {
        let clamped = v < firstBits ? firstBits : (v > endBits ? endBits : v)
        return (clamped &- firstBits) &>> shift
    }
}
