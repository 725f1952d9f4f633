import IrisCore

/// A standard Y'CbCr → R'G'B' matrix in 16-bit fixed point, so a row decodes eight pixels an SSE2 (or
/// NEON) instruction, as libyuv does, with every product a 16 × 16 → high-16 unsigned multiply. It decodes
/// to bytes or to a colour cube's coordinates (`Target`).
///
/// Luma is Y·256 times a coefficient, chroma its upsampled sixteenths ×16 (`YCbCrRowDecoder`) times one,
/// each product's high half kept and added or subtracted by the coefficient's sign (every standard matrix
/// has positive Cr → R and Cb → B and negative Cb, Cr → G). Sums wrap in 16 bits, which is exact because
/// every channel's true value fits; `init` refuses a matrix of any other shape or reach.
struct FixedPointMatrix: Sendable {
    enum Target: Sendable {
        /// Bytes with `byteFractionBits` fraction bits, rounded away at the end: the truncations and the
        /// coefficients' rounding stay under 0.1 of a code value, so a byte is within 0.6 of the exact
        /// matrix (the float decode is within 0.5).
        case bytes
        /// Coordinates with R'G'B' = `coordinateScale`, no fraction bits, computed less half of that so
        /// that even BT.601 video range's widest channel (−1.1 … 2.1) fits in 16 signed bits. Each
        /// truncation's mean is folded into the offsets: a coordinate is within 2 of the exact 16384ths,
        /// 0.03 of a code value.
        case coordinates
    }

    static let byteFractionBits: UInt16 = 5
    /// R'G'B' = 1 in cube coordinates: 2¹⁴, so a power-of-two cube's cells are a shift away.
    static let coordinateBits = ChannelMatrixForm.coordinateBits
    static let coordinateScale = Float(1 << coordinateBits)
    /// Coordinates are computed less this and clamped to ±it.
    static let coordinateHalf: Int16 = 8192

    /// Luma's coefficient: value = (Y·256 · y) >> 16.
    let y: UInt16
    /// Chroma coefficients' magnitudes: value = ±(C₁₆·16 · k) >> 16.
    let rcr: UInt16, gcb: UInt16, gcr: UInt16, bcb: UInt16
    /// Offsets (two's complement), with the rounding or truncation corrections folded in.
    let ro: UInt16, go: UInt16, bo: UInt16

    /// From `ScaledMatrix(scale: 255)` for bytes, `ScaledMatrix(scale: coordinateScale)` for coordinates.
    init?(_ m: YCbCrRowDecoder.ScaledMatrix, target: Target) {
        let expectedLimit = target == .bytes ? 255 : Self.coordinateScale
        guard m.isStandardShape, m.limit == expectedLimit, m.cr.x > 0, m.cb.y <= 0, m.cr.y <= 0, m.cb.z > 0 else {
            return nil
        }
        let unit = target == .bytes ? Double(1 << Int(Self.byteFractionBits)) : 1
        // ScaledMatrix: y per code value, cb and cr per sixteenth.
        let ky = Double(m.y.x) * unit * 256
        let chroma = [m.cr.x, -m.cb.y, -m.cr.y, m.cb.z].map { Double($0) * unit * 4096 }
        guard ky >= 0, ky < 65_535, chroma.allSatisfy({ $0 < 65_535 }) else { return nil }
        y = UInt16(ky.rounded())
        let k = chroma.map { UInt16($0.rounded()) }
        rcr = k[0]
        gcb = k[1]
        gcr = k[2]
        bcb = k[3]
        // ScaledMatrix's offsets assume centred chroma; these products take it uncentred (0…4080 sixteenths).
        let centring = (m.cb + m.cr) * 2048
        // Bytes: the final rounding's half. Coordinates: less half the scale, and each truncated product's
        // mean error (half a unit low for an added product, high for a subtracted one) back.
        let corrections: [Double] =
            target == .bytes
            ? [unit / 2, unit / 2, unit / 2]
            : [1, -0.5, 1].map { $0 - Double(Self.coordinateHalf) }
        let offsets = (0..<3).map { Double(m.offset[$0] - centring[$0]) * unit + corrections[$0] }
        // Every channel's true value over the whole input range must fit in 16 bits for the wrapping sums.
        let lumaReach = Double(y) * 255 / 256, chromaReach = { (k: UInt16) in Double(k) * 65_280 / 65_536 }
        let ranges = [
            (offsets[0], offsets[0] + lumaReach + chromaReach(rcr)),
            (offsets[1] - chromaReach(gcb) - chromaReach(gcr), offsets[1] + lumaReach),
            (offsets[2], offsets[2] + lumaReach + chromaReach(bcb))
        ]
        guard ranges.allSatisfy({ $0.0 > -32_000 && $0.1 < 32_000 }) else { return nil }
        func bits(_ v: Double) -> UInt16 { UInt16(bitPattern: Int16(v.rounded())) }
        ro = bits(offsets[0])
        go = bits(offsets[1])
        bo = bits(offsets[2])
    }

    /// The luma products and bilinear chroma of sixteen 4:2:0 pixels, as even and odd sets of eight lanes:
    /// read as 16-bit lanes, the luma bytes hold an even pixel in the low byte and an odd one in the high
    /// byte, and the bilinear chroma of pixel 2k takes the sample before pair k, of pixel 2k + 1 the one
    /// after. `cb` and `cr` hold the chroma 64ths (`YCbCrRowDecoder`'s blended rows, 0…16320) of the eight
    /// pairs with one sample before and after.
    @inline(__always)
    private func evenAndOddPixels(luma: UnsafeRawPointer, cb: UnsafeRawPointer, cr: UnsafeRawPointer)
        -> (even: Channels, odd: Channels)
    {
        let lumaPairs = luma.loadUnaligned(as: SIMD8<UInt16>.self)
        let evenLuma = Self.productHigh(lumaPairs &<< 8, y),
            oddLuma = Self.productHigh(lumaPairs & SIMD8(repeating: 0xFF00), y)
        let cbCentre = cb.loadUnaligned(fromByteOffset: 2, as: SIMD8<UInt16>.self) &* 3
        let crCentre = cr.loadUnaligned(fromByteOffset: 2, as: SIMD8<UInt16>.self) &* 3
        // ¾ and ¼ of 64ths: sixteenths ×16 (at most 65280), what the chroma products take.
        let cbEven = cbCentre &+ cb.loadUnaligned(as: SIMD8<UInt16>.self)
        let crEven = crCentre &+ cr.loadUnaligned(as: SIMD8<UInt16>.self)
        let cbOdd = cbCentre &+ cb.loadUnaligned(fromByteOffset: 4, as: SIMD8<UInt16>.self)
        let crOdd = crCentre &+ cr.loadUnaligned(fromByteOffset: 4, as: SIMD8<UInt16>.self)
        return (channels(luma: evenLuma, cb: cbEven, cr: crEven), channels(luma: oddLuma, cb: cbOdd, cr: crOdd))
    }

    /// The luma products and chroma of eight packed 4:2:2 pixels (16 bytes at `pairs`: Y0 Cb Y1 Cr per
    /// pair, Y0 Cr Y1 Cb when `crFirst`), in pixel order. Read as 16-bit lanes, every lane is a pixel's luma
    /// in its low byte and a chroma sample in its high byte; each pair's chroma is copied to both its lanes
    /// with 32-bit shifts.
    @inline(__always)
    private func packedPixels(_ pairs: UnsafeRawPointer, crFirst: Bool) -> Channels {
        let lanes = pairs.loadUnaligned(as: SIMD8<UInt16>.self)
        let l = Self.productHigh(lanes &<< 8, y)
        let words = unsafeBitCast(lanes, to: SIMD4<UInt32>.self)
        let firstChroma = words & SIMD4(repeating: 0xFF00), secondChroma = (words &>> 16) & SIMD4(repeating: 0xFF00)
        // Chroma in sixteenths ×16 is the code value × 256: the high byte where it already sits.
        let first = unsafeBitCast(firstChroma | firstChroma &<< 16, to: SIMD8<UInt16>.self)
        let second = unsafeBitCast(secondChroma | secondChroma &<< 16, to: SIMD8<UInt16>.self)
        let (u, v) = crFirst ? (second, first) : (first, second)
        return channels(luma: l, cb: u, cr: v)
    }

    /// Eight pixels' channels before the clamp (two's complement in 16-bit lanes).
    struct Channels {
        var red: SIMD8<UInt16>, green: SIMD8<UInt16>, blue: SIMD8<UInt16>
    }

    @inline(__always)
    private func channels(luma l: SIMD8<UInt16>, cb u: SIMD8<UInt16>, cr v: SIMD8<UInt16>) -> Channels {
        Channels(
            red: l &+ Self.productHigh(v, rcr) &+ ro,
            green: l &- Self.productHigh(u, gcb) &- Self.productHigh(v, gcr) &+ go,
            blue: l &+ Self.productHigh(u, bcb) &+ bo)
    }

    /// Sixteen 4:2:0 pixels (`evenAndOddPixels`) → 64 bytes of RGBA (BGRA when `swapsRedBlue`) at `out`,
    /// alpha 255. Only the final stores interleave the even and odd pixels.
    @inline(__always)
    func decode16(
        luma: UnsafeRawPointer, cb: UnsafeRawPointer, cr: UnsafeRawPointer, swapsRedBlue: Bool,
        into out: UnsafeMutableRawPointer
    ) {
        let pixels = evenAndOddPixels(luma: luma, cb: cb, cr: cr)
        let even = byteHalves(pixels.even, swapsRedBlue: swapsRedBlue),
            odd = byteHalves(pixels.odd, swapsRedBlue: swapsRedBlue)
        // Pixel 2k is (even.low[k], even.high[k]), pixel 2k + 1 (odd.low[k], odd.high[k]): two levels of
        // two-vector interleaves (16-bit, then 32-bit lanes), each one unpack instruction.
        let evenFirst = Interleave.low(even.low, even.high), evenLast = Interleave.high(even.low, even.high)
        let oddFirst = Interleave.low(odd.low, odd.high), oddLast = Interleave.high(odd.low, odd.high)
        out.storeBytes(of: Interleave.low(evenFirst, oddFirst), as: SIMD4<UInt32>.self)
        out.storeBytes(of: Interleave.high(evenFirst, oddFirst), toByteOffset: 16, as: SIMD4<UInt32>.self)
        out.storeBytes(of: Interleave.low(evenLast, oddLast), toByteOffset: 32, as: SIMD4<UInt32>.self)
        out.storeBytes(of: Interleave.high(evenLast, oddLast), toByteOffset: 48, as: SIMD4<UInt32>.self)
    }

    /// Eight packed 4:2:2 pixels (`packedPixels`) → 32 bytes of RGBA (BGRA when `swapsRedBlue`) at `out`,
    /// alpha 255.
    @inline(__always)
    func decodePacked8(_ pairs: UnsafeRawPointer, crFirst: Bool, swapsRedBlue: Bool, into out: UnsafeMutableRawPointer)
    {
        let pixels = byteHalves(packedPixels(pairs, crFirst: crFirst), swapsRedBlue: swapsRedBlue)
        let low = pixels.low, high = pixels.high
        out.storeBytes(of: Interleave.low(low, high), as: SIMD4<UInt32>.self)
        out.storeBytes(of: Interleave.high(low, high), toByteOffset: 16, as: SIMD4<UInt32>.self)
    }

    /// Sixteen 4:2:0 pixels' cube coordinates, clamped to 0…`coordinateScale`, as 16-bit integers in pixel
    /// order at `r`, `g` and `b` (32 bytes each).
    @inline(__always)
    func coordinates16(
        luma: UnsafeRawPointer, cb: UnsafeRawPointer, cr: UnsafeRawPointer,
        r: UnsafeMutableRawPointer, g: UnsafeMutableRawPointer, b: UnsafeMutableRawPointer
    ) {
        let pixels = evenAndOddPixels(luma: luma, cb: cb, cr: cr)
        storeInOrder(pixels.even.red, pixels.odd.red, into: r)
        storeInOrder(pixels.even.green, pixels.odd.green, into: g)
        storeInOrder(pixels.even.blue, pixels.odd.blue, into: b)
    }

    /// One channel of eight even and eight odd pixels, clamped, as sixteen coordinates in pixel order: even
    /// and odd lanes alternated are the pixels in order (two to a 32-bit word).
    @inline(__always)
    private func storeInOrder(_ evens: SIMD8<UInt16>, _ odds: SIMD8<UInt16>, into out: UnsafeMutableRawPointer) {
        let e = clampedCoordinates(evens), o = clampedCoordinates(odds)
        out.storeBytes(of: Interleave.low(e, o), as: SIMD4<UInt32>.self)
        out.storeBytes(of: Interleave.high(e, o), toByteOffset: 16, as: SIMD4<UInt32>.self)
    }

    /// Eight packed 4:2:2 pixels' cube coordinates, as `coordinates16` (16 bytes each at `r`, `g`, `b`).
    @inline(__always)
    func packedCoordinates8(
        _ pairs: UnsafeRawPointer, crFirst: Bool,
        r: UnsafeMutableRawPointer, g: UnsafeMutableRawPointer, b: UnsafeMutableRawPointer
    ) {
        let pixels = packedPixels(pairs, crFirst: crFirst)
        r.storeBytes(of: clampedCoordinates(pixels.red), as: SIMD8<UInt16>.self)
        g.storeBytes(of: clampedCoordinates(pixels.green), as: SIMD8<UInt16>.self)
        b.storeBytes(of: clampedCoordinates(pixels.blue), as: SIMD8<UInt16>.self)
    }

    /// Eight pixels' bytes 0–1 (`low`) and 2–3 (`high`) as 16-bit lanes.
    @inline(__always)
    private func byteHalves(_ c: Channels, swapsRedBlue: Bool) -> (low: SIMD8<UInt16>, high: SIMD8<UInt16>) {
        let red = saturatedBytes(c.red), green = saturatedBytes(c.green), blue = saturatedBytes(c.blue)
        let (first, third) = swapsRedBlue ? (blue, red) : (red, blue)
        let opaque = SIMD8<UInt8>(repeating: 255)
        return (
            unsafeBitCast(Interleave.bytes(first, green), to: SIMD8<UInt16>.self),
            unsafeBitCast(Interleave.bytes(third, opaque), to: SIMD8<UInt16>.self)
        )
    }

    /// Channels in byte·2⁵ (two's complement, rounding half included) to their bytes, saturated: the clamp
    /// and the narrowing are one `packuswb`.
    @inline(__always)
    private func saturatedBytes(_ v: SIMD8<UInt16>) -> SIMD8<UInt8> {
        let bytes = (unsafeBitCast(v, to: SIMD8<Int16>.self) &>> Int16(Self.byteFractionBits)).clamped(
            lowerBound: .zero, upperBound: SIMD8(repeating: 255))
        return SIMD8<UInt8>(truncatingIfNeeded: bytes)
    }

    /// The high halves of eight unsigned 16-bit products (`pmulhuw`).
    @inline(__always)
    static func productHigh(_ a: SIMD8<UInt16>, _ b: UInt16) -> SIMD8<UInt16> {
        // Both factors widened here, in the loop's own block, so instruction selection sees 16-bit factors.
        SIMD8<UInt16>(
            truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: a)
                &* SIMD8<UInt32>(truncatingIfNeeded: SIMD8(repeating: b))) &>> 16)
    }

    /// Channels in byte·2⁵ (two's complement, rounding half included) to their bytes, clamped, in 16-bit lanes.
    @inline(__always)
    private func clampedBytes(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let bytes = (unsafeBitCast(v, to: SIMD8<Int16>.self) &>> Int16(Self.byteFractionBits)).clamped(
            lowerBound: .zero, upperBound: SIMD8(repeating: 255))
        return unsafeBitCast(bytes, to: SIMD8<UInt16>.self)
    }

    /// Coordinates less `coordinateHalf` (two's complement) clamped, and the half added back: 0…`coordinateScale`.
    @inline(__always)
    private func clampedCoordinates(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let half = SIMD8<Int16>(repeating: Self.coordinateHalf)
        let centred = unsafeBitCast(v, to: SIMD8<Int16>.self).clamped(lowerBound: 0 &- half, upperBound: half)
        return unsafeBitCast(centred &+ half, to: SIMD8<UInt16>.self)
    }
}
