/// R'G'B' bytes (RGBA8 or BGRA8 rows) to `EncoderPlanes`, two rows at a time, in 16-bit fixed point from
/// `Colorimetry.ycbcrFromRGB`: the CPU's one RGB → Y'CbCr conversion. The CPU renderer runs it over each
/// band's rows as it renders them (no RGBA frame in between), the recorder over an RGBA picture it is
/// handed; the GLES renderer's encoder passes compute the same sums in float, within one code value.
///
///     let converter = EncoderPlaneConverter(EncoderPlanes(), from: .bgra8)
///     let planes = converter.convert(picture)
public struct EncoderPlaneConverter: Sendable {
    public let planes: EncoderPlanes
    /// Bit offsets of red and blue in a pixel's little-endian 32-bit word (green is at 8).
    private let redShift: UInt32, blueShift: UInt32
    /// Per output row (Y, Cb, Cr): R, G, B coefficients and the offset with its rounding half.
    private let luma: Coefficients, blueDifference: Coefficients, redDifference: Coefficients
    private let lumaPairs: LanePairs, blueDifferencePairs: LanePairs, redDifferencePairs: LanePairs

    private struct Coefficients: Sendable {
        let r: Int32, g: Int32, b: Int32, offset: Int32
        /// `scale` is 65 536 for a pixel's bytes, 16 384 for the sum of a 2×2 block's.
        init(_ row: ArraySlice<Float>, offset: Float, scale: Float) {
            let values = Array(row)
            r = Int32((values[0] * scale).rounded())
            g = Int32((values[1] * scale).rounded())
            b = Int32((values[2] * scale).rounded())
            self.offset = Int32((offset * 255 * 65_536).rounded()) + 32_768
        }
    }

    /// The same coefficients as 16-bit lane pairs, for the row loops' multiply-add of pairs (SSE2 has no
    /// single 32-bit multiply; 16-bit lanes take `pmullw`/`pmulhw`). A pixel's word, read as two 16-bit lanes
    /// after masking, is (byte 0, byte 2) for `outer` and (green, green) for `green`: green's coefficient is
    /// split in two halves, since a luma weight of green can pass 32 767 at 16 bits. The sums are exact,
    /// the same as the 32-bit formula's.
    private struct LanePairs: Sendable {
        let outer: SIMD16<Int16>, green: SIMD16<Int16>, offset: SIMD8<Int32>

        init(_ k: Coefficients, redShift: UInt32) {
            let (first, third) = redShift == 0 ? (k.r, k.b) : (k.b, k.r)
            let half = k.g / 2
            precondition(
                [first, third, half, k.g - half].allSatisfy { Int32(Int16.min)...Int32(Int16.max) ~= $0 },
                "a coefficient does not fit 16 bits")
            outer = Self.pairs(Int16(first), Int16(third))
            green = Self.pairs(Int16(half), Int16(k.g - half))
            offset = SIMD8(repeating: k.offset)
        }

        private static func pairs(_ a: Int16, _ b: Int16) -> SIMD16<Int16> {
            var v = SIMD16<Int16>()
            for i in 0..<8 {
                v[2 * i] = a
                v[2 * i + 1] = b
            }
            return v
        }

        /// Σ coefficient × channel + offset for eight pixels whose words are `words` (or eight 2×2 blocks'
        /// sums, each channel's sum in its byte's 16-bit lane), before the shift.
        @inline(__always)
        func apply(outer pixelsOuter: SIMD8<UInt32>, green pixelsGreen: SIMD8<UInt32>) -> SIMD8<Int32> {
            Self.multiplyAddPairs(unsafeBitCast(pixelsOuter, to: SIMD16<Int16>.self), outer)
                &+ Self.multiplyAddPairs(unsafeBitCast(pixelsGreen, to: SIMD16<Int16>.self), green) &+ offset
        }

        /// (a₀b₀ + a₁b₁, a₂b₂ + a₃b₃, …) in 32 bits from 16-bit operands, which LLVM multiplies with
        /// `pmullw`/`pmulhw` on SSE2.
        @inline(__always)
        static func multiplyAddPairs(_ a: SIMD16<Int16>, _ b: SIMD16<Int16>) -> SIMD8<Int32> {
            SIMD8<Int32>(truncatingIfNeeded: a.evenHalf) &* SIMD8<Int32>(truncatingIfNeeded: b.evenHalf)
                &+ SIMD8<Int32>(truncatingIfNeeded: a.oddHalf) &* SIMD8<Int32>(truncatingIfNeeded: b.oddHalf)
        }
    }

    /// `source` is the picture's format: `.rgba8` or `.bgra8`.
    public init(_ planes: EncoderPlanes, from source: PixelFormat) {
        precondition(source == .rgba8 || source == .bgra8, "EncoderPlaneConverter reads RGBA8 or BGRA8, not \(source)")
        self.planes = planes
        (redShift, blueShift) = source == .rgba8 ? (0, 16) : (16, 0)
        let (m, offset) = planes.colorimetry.ycbcrFromRGB
        luma = Coefficients(m[0..<3], offset: offset.x, scale: 65_536)
        blueDifference = Coefficients(m[3..<6], offset: offset.y, scale: 16_384)
        redDifference = Coefficients(m[6..<9], offset: offset.z, scale: 16_384)
        lumaPairs = LanePairs(luma, redShift: redShift)
        blueDifferencePairs = LanePairs(blueDifference, redShift: redShift)
        redDifferencePairs = LanePairs(redDifference, redShift: redShift)
    }

    /// Where one row pair's chroma goes: I420's two planes, or NV12's interleaved row.
    public enum ChromaRow {
        case planar(cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>)
        case interleaved(UnsafeMutablePointer<UInt8>)
    }

    /// Converts one row pair of `width` pixels: `top` and `bottom` (the same row for an odd height's last)
    /// into `lumaTop` and `lumaBottom` (nil when there is no second row) and one chroma row, and zeroes
    /// the rows' padding up to `EncoderPlanes.bytesPerRow`, so every byte of the planes is written.
    public func convert(
        top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>, width: Int,
        lumaTop: UnsafeMutablePointer<UInt8>, lumaBottom: UnsafeMutablePointer<UInt8>?, chroma: ChromaRow
    ) {
        let lumaPadding = planes.bytesPerRow(plane: 0, width: width) - width
        convertLuma(top, width: width, into: lumaTop)
        (lumaTop + width).update(repeating: 0, count: lumaPadding)
        if let lumaBottom {
            convertLuma(bottom, width: width, into: lumaBottom)
            (lumaBottom + width).update(repeating: 0, count: lumaPadding)
        }
        convertChroma(top: top, bottom: bottom, width: width, into: chroma)
        let samples = (width + 1) / 2
        switch chroma {
        case let .planar(cb, cr):
            let padding = planes.bytesPerRow(plane: 1, width: width) - samples
            (cb + samples).update(repeating: 0, count: padding)
            (cr + samples).update(repeating: 0, count: padding)
        case let .interleaved(row):
            (row + 2 * samples).update(repeating: 0, count: planes.bytesPerRow(plane: 1, width: width) - 2 * samples)
        }
    }

    /// A whole picture into a new buffer of `planes` (`EncoderPlanes.makeBuffer`'s layout).
    public func convert(_ picture: PixelBuffer) -> PixelBuffer {
        var output = planes.makeBuffer(width: picture.width, height: picture.height, zeroed: false)
        convert(picture, into: &output)
        return output
    }

    /// A whole picture into `output`, which has `planes`' layout at the picture's size.
    public func convert(_ picture: PixelBuffer, into output: inout PixelBuffer) {
        precondition(picture.width == output.width && picture.height == output.height, "picture and planes differ")
        let strides = output.planes.map(\.bytesPerRow)
        picture.planes[0].withUnsafeBufferPointer { source in
            guard let rgba = source.baseAddress else { return }
            Self.withPlanePointers(&output) { destination in
                convert(
                    rows: picture.height, from: rgba, stride: picture.planes[0].bytesPerRow, width: picture.width,
                    into: destination, strides: strides)
            }
        }
    }

    /// Converts `rows` picture rows (an even number, or a picture's last rows) from `rgba`, `stride` bytes
    /// apart, into planes whose first rows are at `planes` (Y', then Cb and Cr, or CbCr), `strides` apart.
    /// An odd last row is its own pair's bottom row.
    public func convert(
        rows: Int, from rgba: UnsafePointer<UInt8>, stride: Int, width: Int,
        into planes: [UnsafeMutablePointer<UInt8>], strides: [Int]
    ) {
        for pair in 0..<(rows + 1) / 2 {
            let top = rgba + 2 * pair * stride
            let hasBottom = 2 * pair + 1 < rows
            let luma = planes[0] + 2 * pair * strides[0]
            let chroma: ChromaRow =
                planes.count == 3
                ? .planar(cb: planes[1] + pair * strides[1], cr: planes[2] + pair * strides[2])
                : .interleaved(planes[1] + pair * strides[1])
            convert(
                top: top, bottom: hasBottom ? top + stride : top, width: width, lumaTop: luma,
                lumaBottom: hasBottom ? luma + strides[0] : nil, chroma: chroma)
        }
    }

    /// Each plane's base address (two or three planes), valid inside `body`.
    public static func withPlanePointers<R, E: Error>(
        _ buffer: inout PixelBuffer, _ body: ([UnsafeMutablePointer<UInt8>]) throws(E) -> R
    ) throws(E) -> R {
        let count = buffer.planes.count
        precondition(count == 2 || count == 3, "encoder planes have two or three planes")
        // The arrays are moved out (the buffer keeps empty ones meanwhile), so writing them copies nothing.
        var planes = (0..<3).map { index -> [UInt8] in
            guard index < count else { return [] }
            defer { buffer.planes[index].bytes = [] }
            return buffer.planes[index].bytes
        }
        defer { for index in 0..<count { buffer.planes[index].bytes = planes[index] } }
        var (luma, first, second) = (planes[0], planes[1], planes[2])
        planes = []
        defer { planes = [luma, first, second] }
        return try luma.withUnsafeMutableBufferPointer { y throws(E) in
            try first.withUnsafeMutableBufferPointer { c1 throws(E) in
                try second.withUnsafeMutableBufferPointer { c2 throws(E) in
                    let bases = [y.baseAddress, c1.baseAddress, c2.baseAddress].prefix(count).compactMap { $0 }
                    precondition(bases.count == count, "an encoder plane has no bytes")
                    return try body(bases)
                }
            }
        }
    }

    // MARK: rows

    /// Bytes 0 and 2 of each 32-bit word, as 16-bit lanes.
    private static let outerMask = SIMD8<UInt32>(repeating: 0x00FF_00FF)
    private static let greenMask = SIMD8<UInt32>(repeating: 0xFF)
    private static let outerMask16 = SIMD16<UInt32>(repeating: 0x00FF_00FF)
    private static let greenMask16 = SIMD16<UInt32>(repeating: 0xFF)

    /// Eight 32-bit sums shifted down by 16 and stored as bytes, clamped to 0…255 in 16-bit lanes (SSE2 has
    /// 16-bit minimum and maximum, not 32-bit ones).
    @inline(__always)
    private static func storeBytes(_ sums: SIMD8<Int32>, _ out: UnsafeMutablePointer<UInt8>) {
        let narrow = SIMD8<Int16>(truncatingIfNeeded: sums &>> 16)
        UnsafeMutableRawPointer(out).storeBytes(
            of: SIMD8<UInt8>(truncatingIfNeeded: clampToByte(narrow)), as: SIMD8<UInt8>.self)
    }

    /// 0…255 by subtraction and the sign bit (the values are far from overflow).
    @inline(__always)
    private static func clampToByte(_ v: SIMD8<Int16>) -> SIMD8<Int16> {
        let low = v & ~(v &>> 15)
        let d = low &- 255
        return 255 &+ (d & (d &>> 15))
    }

    private func convertLuma(_ row: UnsafePointer<UInt8>, width: Int, into out: UnsafeMutablePointer<UInt8>) {
        let k = luma, pairs = lumaPairs
        var x = 0
        while x + 8 <= width {
            let words = UnsafeRawPointer(row + 4 * x).loadUnaligned(as: SIMD8<UInt32>.self)
            let green = (words &>> 8) & Self.greenMask
            let sums = pairs.apply(outer: words & Self.outerMask, green: green | green &<< 16)
            Self.storeBytes(sums, out + x)
            x += 8
        }
        while x < width {
            let p = row + 4 * x
            let (r, g, b) = (Int32(p[Int(redShift / 8)]), Int32(p[1]), Int32(p[Int(blueShift / 8)]))
            out[x] = Self.byte((k.r &* r &+ k.g &* g &+ k.b &* b &+ k.offset) &>> 16)
            x += 1
        }
    }

    private func convertChroma(top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>, width: Int, into out: ChromaRow)
    {
        let (u, v) = (blueDifference, redDifference)
        let samples = (width + 1) / 2
        var cx = 0
        // Eight samples at a time while their sixteen pixels lie inside the row: a block's horizontal pair
        // is the even and odd halves of the row's words, its vertical pair the two rows.
        let (uPairs, vPairs) = (blueDifferencePairs, redDifferencePairs)
        while 2 * cx + 16 <= width {
            let t = UnsafeRawPointer(top + 8 * cx).loadUnaligned(as: SIMD16<UInt32>.self)
            let d = UnsafeRawPointer(bottom + 8 * cx).loadUnaligned(as: SIMD16<UInt32>.self)
            // Each block's sums in 16-bit lanes (at most 1 020): bytes 0 and 2, then green.
            let outer = t & Self.outerMask16, green = (t &>> 8) & Self.greenMask16
            let outerBelow = d & Self.outerMask16, greenBelow = (d &>> 8) & Self.greenMask16
            let outerSums = outer.evenHalf &+ outer.oddHalf &+ outerBelow.evenHalf &+ outerBelow.oddHalf
            let greenSums = green.evenHalf &+ green.oddHalf &+ greenBelow.evenHalf &+ greenBelow.oddHalf
            let greenPairs = greenSums | greenSums &<< 16
            let cb = uPairs.apply(outer: outerSums, green: greenPairs)
            let cr = vPairs.apply(outer: outerSums, green: greenPairs)
            switch out {
            case let .planar(cbRow, crRow):
                Self.storeBytes(cb, cbRow + cx)
                Self.storeBytes(cr, crRow + cx)
            case let .interleaved(row):
                // Little-endian: Cb is the pair's first byte.
                let cbBytes = Self.clampToByte(SIMD8<Int16>(truncatingIfNeeded: cb &>> 16))
                let crBytes = Self.clampToByte(SIMD8<Int16>(truncatingIfNeeded: cr &>> 16))
                let pairs =
                    unsafeBitCast(cbBytes, to: SIMD8<UInt16>.self) | unsafeBitCast(crBytes, to: SIMD8<UInt16>.self)
                    &<< 8
                UnsafeMutableRawPointer(row + 2 * cx).storeBytes(of: pairs, as: SIMD8<UInt16>.self)
            }
            cx += 8
        }
        while cx < samples {
            // An odd width's last block repeats its edge column.
            let left = 4 * (2 * cx), right = 4 * min(2 * cx + 1, width - 1)
            func sum(_ offset: Int) -> Int32 {
                Int32(top[left + offset]) + Int32(top[right + offset]) + Int32(bottom[left + offset])
                    + Int32(bottom[right + offset])
            }
            let (r, g, b) = (sum(Int(redShift / 8)), sum(1), sum(Int(blueShift / 8)))
            let cb = Self.byte((u.r &* r &+ u.g &* g &+ u.b &* b &+ u.offset) &>> 16)
            let cr = Self.byte((v.r &* r &+ v.g &* g &+ v.b &* b &+ v.offset) &>> 16)
            switch out {
            case let .planar(cbRow, crRow):
                cbRow[cx] = cb
                crRow[cx] = cr
            case let .interleaved(row):
                row[2 * cx] = cb
                row[2 * cx + 1] = cr
            }
            cx += 1
        }
    }

    private static func byte(_ value: Int32) -> UInt8 { UInt8(clamping: value) }
}
