/// A standard Y'CbCr → R'G'B' byte matrix in 16-bit fixed point, so a row decodes eight pixels an SSE2
/// (or NEON) instruction, as libyuv does, with every product a 16 × 16 → high-16 unsigned multiply.
///
/// Channels carry `fractionBits` (5) fraction bits: luma is Y·256 times a coefficient, chroma its
/// upsampled sixteenths ×16 (`YCbCrRowDecoder`) times one, each product's high half kept and added or
/// subtracted by the coefficient's sign (every standard matrix has positive Cr → R and Cb → B and negative
/// Cb, Cr → G). The truncations and the coefficients' rounding stay under 0.1 of a code value, so a byte is
/// within 0.6 of the exact matrix (the float decode is within 0.5). Sums wrap in 16 bits, which is exact
/// because every channel's true value fits. `init` refuses a matrix of any other shape or reach.
struct FixedPointByteMatrix: Sendable {
    static let fractionBits: UInt16 = 5

    /// Luma's coefficient: byte·2⁵ = (Y·256 · y) >> 16.
    let y: UInt16
    /// Chroma coefficients' magnitudes: byte·2⁵ = ±(C₁₆·16 · k) >> 16.
    let rcr: UInt16, gcb: UInt16, gcr: UInt16, bcb: UInt16
    /// Offsets in byte·2⁵ (two's complement), with the final rounding's half folded in.
    let ro: UInt16, go: UInt16, bo: UInt16

    init?(_ m: YCbCrRowDecoder.ScaledMatrix) {
        guard m.isStandardShape, m.limit == 255, m.cr.x > 0, m.cb.y <= 0, m.cr.y <= 0, m.cb.z > 0 else { return nil }
        let unit = Double(1 << Int(Self.fractionBits))
        // ScaledMatrix: y per code value, cb and cr per sixteenth.
        let ky = Double(m.y.x) * unit * 256
        let chroma = [m.cr.x, -m.cb.y, -m.cr.y, m.cb.z].map { Double($0) * unit * 4096 }
        guard ky >= 0, ky < 65_535, chroma.allSatisfy({ $0 < 65_535 }) else { return nil }
        y = UInt16(ky.rounded())
        let k = chroma.map { UInt16($0.rounded()) }
        rcr = k[0]; gcb = k[1]; gcr = k[2]; bcb = k[3]
        // ScaledMatrix's offsets assume centred chroma; these products take it uncentred (0…4080 sixteenths).
        let centring = (m.cb + m.cr) * 2048
        let offsets = [m.offset.x - centring.x, m.offset.y - centring.y, m.offset.z - centring.z].map { Double($0) * unit + unit / 2 }
        // Every channel's true value over the whole input range must fit in 16 bits for the wrapping sums.
        let lumaReach = Double(y) * 255 / 256, chromaReach = { (k: UInt16) in Double(k) * 65_280 / 65_536 }
        let ranges = [(offsets[0], offsets[0] + lumaReach + chromaReach(rcr)),
                      (offsets[1] - chromaReach(gcb) - chromaReach(gcr), offsets[1] + lumaReach),
                      (offsets[2], offsets[2] + lumaReach + chromaReach(bcb))]
        guard ranges.allSatisfy({ $0.0 > -32_000 && $0.1 < 32_000 }) else { return nil }
        func bits(_ v: Double) -> UInt16 { UInt16(bitPattern: Int16(v.rounded())) }
        ro = bits(offsets[0]); go = bits(offsets[1]); bo = bits(offsets[2])
    }

    /// Sixteen pixels: 16 luma bytes at `luma`, and the chroma quarters (`YCbCrRowDecoder`'s blended rows,
    /// 0…1020) of their eight pairs with one sample before and after, at `cb` and `cr` → 64 bytes of RGBA
    /// (BGRA when `swapsRedBlue`) at `out`, alpha 255.
    ///
    /// The even and odd pixels are decoded as two sets of eight lanes: read as 16-bit lanes, the luma
    /// bytes hold an even pixel in the low byte and an odd one in the high byte, and the bilinear chroma of
    /// pixel 2k takes the sample before pair k, of pixel 2k + 1 the one after. Only the final stores
    /// interleave them. Every step is a bit-cast, mask, shift or 16-bit operation on concrete vector types,
    /// which always compile to single SSE2 (or NEON) instructions.
    @inline(__always)
    func decode16(luma: UnsafeRawPointer, cb: UnsafeRawPointer, cr: UnsafeRawPointer, swapsRedBlue: Bool, into out: UnsafeMutableRawPointer) {
        let lumaPairs = luma.loadUnaligned(as: SIMD8<UInt16>.self)
        let evenLuma = Self.productHigh(lumaPairs &<< 8, y), oddLuma = Self.productHigh(lumaPairs & SIMD8(repeating: 0xFF00), y)
        let cbCentre = cb.loadUnaligned(fromByteOffset: 2, as: SIMD8<UInt16>.self) &* 3
        let crCentre = cr.loadUnaligned(fromByteOffset: 2, as: SIMD8<UInt16>.self) &* 3
        let cbEven = (cbCentre &+ cb.loadUnaligned(as: SIMD8<UInt16>.self)) &<< 4
        let crEven = (crCentre &+ cr.loadUnaligned(as: SIMD8<UInt16>.self)) &<< 4
        let cbOdd = (cbCentre &+ cb.loadUnaligned(fromByteOffset: 4, as: SIMD8<UInt16>.self)) &<< 4
        let crOdd = (crCentre &+ cr.loadUnaligned(fromByteOffset: 4, as: SIMD8<UInt16>.self)) &<< 4
        let even = pixelHalves(luma: evenLuma, cb: cbEven, cr: crEven, swapsRedBlue: swapsRedBlue)
        let odd = pixelHalves(luma: oddLuma, cb: cbOdd, cr: crOdd, swapsRedBlue: swapsRedBlue)
        // Pixel 2k is (even.low[k], even.high[k]), pixel 2k + 1 (odd.low[k], odd.high[k]).
        for quarter in 0..<4 {
            let k = 2 &* quarter
            let words = SIMD8(even.low[k], even.high[k], odd.low[k], odd.high[k],
                              even.low[k &+ 1], even.high[k &+ 1], odd.low[k &+ 1], odd.high[k &+ 1])
            out.storeBytes(of: words, toByteOffset: 16 &* quarter, as: SIMD8<UInt16>.self)
        }
    }

    /// Eight pixels of a packed 4:2:2 row (16 bytes at `pairs`: Y0 Cb Y1 Cr per pair, Y0 Cr Y1 Cb when
    /// `crFirst`) → 32 bytes of RGBA (BGRA when `swapsRedBlue`) at `out`, alpha 255. Read as 16-bit lanes,
    /// every lane is a pixel's luma in its low byte and a chroma sample in its high byte, already in
    /// pixel order; each pair's chroma is copied to both its lanes with 32-bit shifts.
    @inline(__always)
    func decodePacked8(_ pairs: UnsafeRawPointer, crFirst: Bool, swapsRedBlue: Bool, into out: UnsafeMutableRawPointer) {
        let lanes = pairs.loadUnaligned(as: SIMD8<UInt16>.self)
        let l = Self.productHigh(lanes &<< 8, y)
        let words = unsafeBitCast(lanes, to: SIMD4<UInt32>.self)
        let firstChroma = words & SIMD4(repeating: 0xFF00), secondChroma = (words &>> 16) & SIMD4(repeating: 0xFF00)
        // Chroma in sixteenths ×16 is the code value × 256: the high byte where it already sits.
        let first = unsafeBitCast(firstChroma | firstChroma &<< 16, to: SIMD8<UInt16>.self)
        let second = unsafeBitCast(secondChroma | secondChroma &<< 16, to: SIMD8<UInt16>.self)
        let (u, v) = crFirst ? (second, first) : (first, second)
        let pixels = pixelHalves(luma: l, cb: u, cr: v, swapsRedBlue: swapsRedBlue)
        let low = pixels.low, high = pixels.high
        out.storeBytes(of: SIMD8(low[0], high[0], low[1], high[1], low[2], high[2], low[3], high[3]), as: SIMD8<UInt16>.self)
        out.storeBytes(of: SIMD8(low[4], high[4], low[5], high[5], low[6], high[6], low[7], high[7]), toByteOffset: 16, as: SIMD8<UInt16>.self)
    }

    /// Eight pixels' bytes 0–1 (`low`) and 2–3 (`high`) as 16-bit lanes, from luma products and chroma.
    @inline(__always)
    private func pixelHalves(luma l: SIMD8<UInt16>, cb u: SIMD8<UInt16>, cr v: SIMD8<UInt16>,
                             swapsRedBlue: Bool) -> (low: SIMD8<UInt16>, high: SIMD8<UInt16>) {
        let red = Self.clampedBytes(l &+ Self.productHigh(v, rcr) &+ ro)
        let green = Self.clampedBytes(l &- Self.productHigh(u, gcb) &- Self.productHigh(v, gcr) &+ go)
        let blue = Self.clampedBytes(l &+ Self.productHigh(u, bcb) &+ bo)
        let (first, third) = swapsRedBlue ? (blue, red) : (red, blue)
        return (first | green &<< 8, third | SIMD8(repeating: 0xFF00))
    }

    /// The high halves of eight unsigned 16-bit products (`pmulhuw`).
    @inline(__always)
    static func productHigh(_ a: SIMD8<UInt16>, _ b: UInt16) -> SIMD8<UInt16> {
        // Both factors widened here, in the loop's own block, so instruction selection sees 16-bit factors.
        SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: a) &* SIMD8<UInt32>(truncatingIfNeeded: SIMD8(repeating: b))) &>> 16)
    }

    /// Channels in byte·2⁵ (two's complement, rounding half included) to their bytes, clamped, in 16-bit lanes.
    @inline(__always)
    static func clampedBytes(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let bytes = (unsafeBitCast(v, to: SIMD8<Int16>.self) &>> Int16(fractionBits)).clamped(lowerBound: .zero, upperBound: SIMD8(repeating: 255))
        return unsafeBitCast(bytes, to: SIMD8<UInt16>.self)
    }
}
