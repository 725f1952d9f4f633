/// Y'CbCr 4:2:0 → R'G'B' for whole rows in integer arithmetic, with the decode kernels' bilinear chroma
/// (weights ¾ and ¼ each way at 4:2:0 centre siting).
///
/// Those weights make every upsampled chroma value a multiple of 1/16 of a code value, so the chroma step
/// is exact in 16-bit integers. The matrix runs in single precision (x86-64's baseline SSE2 multiplies four
/// floats in one instruction but 32-bit integers only through a six-instruction emulation), sharing the
/// luma product between the channels, and results are rounded with the 2²³ trick. Every step is a plain
/// loop over pointers with no calls or traps, which LLVM vectorises (SSE2 on x86-64, NEON on arm64).
struct YCbCrRowDecoder {
    /// The matrix for one output scale: channel = clamp(Y·y + Cb₁₆·cb + Cr₁₆·cr + offset, 0, limit), rounded
    /// to nearest, where Cb₁₆ and Cr₁₆ are the upsampled chroma in sixteenths of a code value, centred on 128.
    struct ScaledMatrix: Sendable {
        let y: SIMD3<Float>, cb: SIMD3<Float>, cr: SIMD3<Float>, offset: SIMD3<Float>
        let limit: Float
        /// The same matrix in 16-bit fixed point, when the scale is bytes and the matrix fits it.
        private(set) var fixedPoint: FixedPointMatrix?
        /// For a power-of-two cube's scale ((size − 1)·4096, size − 1 a power of two): the matrix to
        /// `FixedPointMatrix.coordinateScale` in 16-bit fixed point (`decodeToUnit16`), whose rows
        /// `CubeRowLookup` takes as `.unit16` coordinates.
        private(set) var fixedPointCoordinates: FixedPointMatrix?
        /// Every standard matrix gives luma the same weight in all three channels, no Cb to red and no Cr
        /// to blue: five products a pixel instead of nine.
        let isStandardShape: Bool

        /// Results in 0…`scale` for R'G'B' in 0…1 (255 for bytes; a cube's fixed-point span for lookups).
        init(_ m: DecodeKernelMatrix, scale: Float) {
            y = SIMD3(m.r.x, m.g.x, m.b.x) * scale
            cb = SIMD3(m.r.y, m.g.y, m.b.y) * scale / 16
            cr = SIMD3(m.r.z, m.g.z, m.b.z) * scale / 16
            offset = SIMD3(m.r.w, m.g.w, m.b.w) * scale + (cb + cr) * 2048
            limit = scale
            let negligible = 1e-6 * scale
            isStandardShape =
                abs(y.x - y.y) <= negligible && abs(y.x - y.z) <= negligible
                && abs(cb.x) <= negligible && abs(cr.z) <= negligible
            if scale == 255 { fixedPoint = FixedPointMatrix(self, target: .bytes) }
            let ratio = scale / FixedPointMatrix.coordinateScale
            if ratio == 1 {
                fixedPointCoordinates = FixedPointMatrix(self, target: .coordinates)
            } else if ratio > 1, ratio < 65_536, ratio == ratio.rounded(), Int(ratio).nonzeroBitCount == 1 {
                fixedPointCoordinates = ScaledMatrix(m, scale: FixedPointMatrix.coordinateScale).fixedPointCoordinates
            }
        }

    }

    let width: Int
    /// Half the luma width, rounded up: chroma samples per row.
    let chromaWidth: Int
    /// Vertically blended chroma of the current row in 64ths of a code value (quarters, the blend's own
    /// unit, times 16, which the fixed-point decode's products take without a shift), with one replicated
    /// sample at each end.
    private var cbRow: [Int16], crRow: [Int16]
    /// Horizontally upsampled chroma of the pixels being decoded, in sixteenths centred on 128.
    private var cbPixels: [Float], crPixels: [Float]

    /// Packed 4:2:2 rows (YUYV: Y0 Cb Y1 Cr per pixel pair, or Y0 Cr Y1 Cb when `crFirst`), where the luma
    /// pointer the decode functions take is the packed row itself and both pixels of a pair take its chroma
    /// (the decode kernel reads the pair's texel). Nil for the 4:2:0 layouts.
    enum PackedOrder: Sendable { case cbFirst, crFirst }
    let packed: PackedOrder?
    /// A packed row's luma, split out for the float matrix loops.
    private var packedLuma: [UInt8]

    init(width: Int, packed: PackedOrder? = nil) {
        self.width = width
        self.packed = packed
        chromaWidth = (width + 1) / 2
        // One replicated sample at each end, then zeros that a block of sixteen pixels past the row's end reads.
        cbRow = [Int16](repeating: 0, count: chromaWidth + 10)
        crRow = cbRow
        cbPixels = [Float](repeating: 0, count: width + 2)
        crPixels = cbPixels
        packedLuma = [UInt8](repeating: 0, count: packed == nil ? 0 : width + 2)
    }

    /// Blends two interleaved chroma rows (CbCr pairs; `swapped` for CrCb), `nearWeight` quarters of the
    /// near row and the rest of the far one.
    mutating func blendInterleaved(
        near: UnsafePointer<UInt8>, far: UnsafePointer<UInt8>, nearWeight: Int16, swapped: Bool
    ) {
        let n = chromaWidth, a = nearWeight, b = 4 &- nearWeight
        cbRow.withUnsafeMutableBufferPointer { cbp in
            crRow.withUnsafeMutableBufferPointer { crp in
                guard let u = cbp.baseAddress, let v = crp.baseAddress else { return }
                let (first, second) = swapped ? (v + 1, u + 1) : (u + 1, v + 1)
                // Eight pairs at a time: 16 bytes read as eight 16-bit lanes hold the first sample of each pair in
                // the low byte and the second in the high one, so masks and shifts split them (the loop
                // vectoriser leaves the strided form scalar, and SIMD conversions are not reliably inlined).
                var k = 0
                let nearWeights = SIMD8<UInt16>(repeating: UInt16(a) &* 16),
                    farWeights = SIMD8<UInt16>(repeating: UInt16(b) &* 16)
                let low = SIMD8<UInt16>(repeating: 0xFF)
                while k &+ 8 <= n {
                    let x = UnsafeRawPointer(near + 2 &* k).loadUnaligned(as: SIMD8<UInt16>.self)
                    let z = UnsafeRawPointer(far + 2 &* k).loadUnaligned(as: SIMD8<UInt16>.self)
                    let firsts = (x & low) &* nearWeights &+ (z & low) &* farWeights
                    let seconds = (x &>> 8) &* nearWeights &+ (z &>> 8) &* farWeights
                    UnsafeMutableRawPointer(first + k).storeBytes(of: firsts, as: SIMD8<UInt16>.self)
                    UnsafeMutableRawPointer(second + k).storeBytes(of: seconds, as: SIMD8<UInt16>.self)
                    k &+= 8
                }
                while k < n {
                    first[k] = (Int16(near[2 &* k]) &* a &+ Int16(far[2 &* k]) &* b) &* 16
                    second[k] = (Int16(near[2 &* k &+ 1]) &* a &+ Int16(far[2 &* k &+ 1]) &* b) &* 16
                    k &+= 1
                }
                Self.padEnds(u, n)
                Self.padEnds(v, n)
            }
        }
    }

    /// Blends two rows of each of two chroma planes (I420's Cb and Cr).
    mutating func blendPlanar(
        cbNear: UnsafePointer<UInt8>, cbFar: UnsafePointer<UInt8>,
        crNear: UnsafePointer<UInt8>, crFar: UnsafePointer<UInt8>, nearWeight: Int16
    ) {
        let n = chromaWidth, a = nearWeight, b = 4 &- nearWeight
        cbRow.withUnsafeMutableBufferPointer { cbp in
            crRow.withUnsafeMutableBufferPointer { crp in
                guard let u = cbp.baseAddress, let v = crp.baseAddress else { return }
                for k in 0..<n {
                    u[k &+ 1] = (Int16(cbNear[k]) &* a &+ Int16(cbFar[k]) &* b) &* 16
                    v[k &+ 1] = (Int16(crNear[k]) &* a &+ Int16(crFar[k]) &* b) &* 16
                }
                Self.padEnds(u, n)
                Self.padEnds(v, n)
            }
        }
    }

    /// Room past `count` that `decodeToUnit16`'s rows need: it writes whole blocks of sixteen pixels.
    static let outputPadding = 16

    /// Decodes `count` pixels from column `x0` (even) of the blended row into `r`, `g`, `b` (each with
    /// room for `count` values), every value in 0…`matrix.limit`, in single precision. (A power-of-two
    /// cube's coordinates from a standard matrix come faster from `decodeToUnit16`.)
    @inline(__always)
    mutating func decode(
        luma: UnsafePointer<UInt8>, x0: Int, count: Int, matrix m: ScaledMatrix,
        r: UnsafeMutablePointer<Int32>, g: UnsafeMutablePointer<Int32>, b: UnsafeMutablePointer<Int32>
    ) {
        if packed != nil {
            splitPacked(luma, x0: x0, count: count)
            packedLuma.withUnsafeBufferPointer { lp in
                decodeRows(luma: lp.baseAddress!, count: count, matrix: m, r: r, g: g, b: b)
            }
        } else {
            upsample(x0: x0, count: count)
            decodeRows(luma: luma + x0, count: count, matrix: m, r: r, g: g, b: b)
        }
    }

    /// The matrix over `count` pixels of luma at `y` and the chroma in `cbPixels` and `crPixels`.
    @inline(__always)
    private func decodeRows(
        luma y: UnsafePointer<UInt8>, count: Int, matrix m: ScaledMatrix,
        r: UnsafeMutablePointer<Int32>, g: UnsafeMutablePointer<Int32>, b: UnsafeMutablePointer<Int32>
    ) {
        cbPixels.withUnsafeBufferPointer { cbp in
            crPixels.withUnsafeBufferPointer { crp in
                guard let cbs = cbp.baseAddress, let crs = crp.baseAddress else { return }
                let limit = m.limit
                if m.isStandardShape {
                    let ky = m.y.x, rcr = m.cr.x, gcb = m.cb.y, gcr = m.cr.y, bcb = m.cb.z
                    let (ro, go, bo) = (m.offset.x, m.offset.y, m.offset.z)
                    for i in 0..<count {
                        let l = Float(y[i]) * ky, u = cbs[i], v = crs[i]
                        r[i] = Self.rounded(l + v * rcr + ro, limit)
                        g[i] = Self.rounded(l + u * gcb + v * gcr + go, limit)
                        b[i] = Self.rounded(l + u * bcb + bo, limit)
                    }
                } else {
                    for i in 0..<count {
                        let l = Float(y[i]), u = cbs[i], v = crs[i]
                        r[i] = Self.rounded(l * m.y.x + u * m.cb.x + v * m.cr.x + m.offset.x, limit)
                        g[i] = Self.rounded(l * m.y.y + u * m.cb.y + v * m.cr.y + m.offset.y, limit)
                        b[i] = Self.rounded(l * m.y.z + u * m.cb.z + v * m.cr.z + m.offset.z, limit)
                    }
                }
            }
        }
    }

    /// Decodes `count` pixels from column `x0` (even) of the blended row to 0…`FixedPointMatrix.coordinateScale`
    /// (R'G'B' 0…1) in `r`, `g`, `b` (each with room for `count + outputPadding` values), in 16-bit fixed
    /// point; `matrix.fixedPointCoordinates` must exist. `CubeRowLookup` takes these rows as they are.
    func decodeToUnit16(
        luma: UnsafePointer<UInt8>, x0: Int, count: Int, matrix m: ScaledMatrix,
        r: UnsafeMutablePointer<UInt16>, g: UnsafeMutablePointer<UInt16>, b: UnsafeMutablePointer<UInt16>
    ) {
        guard let fixed = m.fixedPointCoordinates else {
            preconditionFailure("no fixed-point coordinates for this matrix")
        }
        let (rs, gs, bs) = (UnsafeMutableRawPointer(r), UnsafeMutableRawPointer(g), UnsafeMutableRawPointer(b))
        if let order = packed {
            decodePackedToCoordinates(
                luma, x0: x0, count: count, fixed: fixed, crFirst: order == .crFirst, r: rs, g: gs, b: bs)
        } else {
            decodeFourTwoZeroToCoordinates(luma, x0: x0, count: count, fixed: fixed, r: rs, g: gs, b: bs)
        }
    }

    /// Decodes `count` pixels from column `x0` (even) straight to RGBA bytes (BGRA when `swapsRedBlue`),
    /// alpha 255; `matrix` must have the byte scale (255). Standard matrices run in 16-bit fixed point
    /// (`FixedPointMatrix`), eight pixels an SSE2 instruction; any other takes the float loop.
    mutating func decodeToBytes(
        luma: UnsafePointer<UInt8>, x0: Int, count: Int, matrix m: ScaledMatrix, swapsRedBlue: Bool,
        into out: UnsafeMutablePointer<UInt32>
    ) {
        // The byte order is a shift per channel, the same for every pixel of the loop.
        let redShift: UInt32 = swapsRedBlue ? 16 : 0, blueShift: UInt32 = swapsRedBlue ? 0 : 16
        if let order = packed, let fixed = m.fixedPoint {
            decodePackedToBytes(
                luma, x0: x0, count: count, fixed: fixed, crFirst: order == .crFirst, swapsRedBlue: swapsRedBlue,
                into: out)
            return
        }
        if packed == nil, let fixed = m.fixedPoint {
            decodeFourTwoZeroToBytes(luma, x0: x0, count: count, fixed: fixed, swapsRedBlue: swapsRedBlue, into: out)
            return
        }
        if packed != nil {
            splitPacked(luma, x0: x0, count: count)
            packedLuma.withUnsafeBufferPointer { lp in
                floatRowsToBytes(
                    luma: lp.baseAddress!, count: count, matrix: m, redShift: redShift, blueShift: blueShift, into: out)
            }
        } else {
            upsample(x0: x0, count: count)
            floatRowsToBytes(
                luma: luma + x0, count: count, matrix: m, redShift: redShift, blueShift: blueShift, into: out)
        }
    }

    /// 4:2:0 pixels x0 ..< x0 + count (x0 even) of the blended row to bytes in 16-bit fixed point, sixteen
    /// pixels a step (`FixedPointMatrix.decode16`).
    ///
    /// The four fixed-point row loops stay out of line, each a small function: inlined into their large
    /// callers, they left the stdlib's generic SIMD conversions and clamps (which `pmulhuw`, `pmaxsw` and
    /// `pminsw` come from) as calls, and the decode ran 4× slower.
    @inline(never)
    private func decodeFourTwoZeroToBytes(
        _ luma: UnsafePointer<UInt8>, x0: Int, count: Int, fixed: FixedPointMatrix,
        swapsRedBlue: Bool, into out: UnsafeMutablePointer<UInt32>
    ) {
        cbRow.withUnsafeBufferPointer { cbp in
            crRow.withUnsafeBufferPointer { crp in
                guard let cbq = cbp.baseAddress, let crq = crp.baseAddress else { return }
                // Chroma 64ths (0…16320) from the sample before pair x0/2 on (the rows are padded by one).
                let us = UnsafeRawPointer(cbq + x0 / 2), vs = UnsafeRawPointer(crq + x0 / 2)
                let y = UnsafeRawPointer(luma + x0), words = UnsafeMutableRawPointer(out)
                var i = 0
                // One loop per byte order, so the order is a constant inside it.
                @inline(__always) func blocks(swapping: Bool) {
                    while i &+ 16 <= count {
                        // Pixel i's pair is sample i / 2, two bytes each: i bytes on.
                        fixed.decode16(
                            luma: y + i, cb: us + i, cr: vs + i, swapsRedBlue: swapping, into: words + 4 &* i)
                        i &+= 16
                    }
                }
                if swapsRedBlue { blocks(swapping: true) } else { blocks(swapping: false) }
                guard i < count else { return }
                // The last pixels through the same code, from zero-padded copies.
                let left = count &- i
                withUnsafeTemporaryAllocation(byteCount: 16 + 2 * 20 + 64, alignment: 16) { scratch in
                    guard let base = scratch.baseAddress else { return }
                    base.initializeMemory(as: UInt8.self, repeating: 0, count: scratch.count)
                    let lumaCopy = base, cbCopy = base + 16, crCopy = base + 36, pixels = base + 56
                    lumaCopy.copyMemory(from: y + i, byteCount: left)
                    let samples = (left &+ 1) / 2 &+ 2
                    cbCopy.copyMemory(from: us + i, byteCount: 2 &* samples)
                    crCopy.copyMemory(from: vs + i, byteCount: 2 &* samples)
                    fixed.decode16(
                        luma: UnsafeRawPointer(lumaCopy), cb: UnsafeRawPointer(cbCopy), cr: UnsafeRawPointer(crCopy),
                        swapsRedBlue: swapsRedBlue, into: pixels)
                    (words + 4 &* i).copyMemory(from: pixels, byteCount: 4 &* left)
                }
            }
        }
    }

    /// 4:2:0 pixels x0 ..< x0 + count (x0 even) of the blended row to cube coordinates, sixteen pixels a
    /// step (`FixedPointMatrix.coordinates16`); the last block reads its luma from a zero-padded copy and
    /// its chroma from the rows' zero padding, and writes past `count` into the outputs' padding.
    @inline(never)
    private func decodeFourTwoZeroToCoordinates(
        _ luma: UnsafePointer<UInt8>, x0: Int, count: Int, fixed: FixedPointMatrix,
        r: UnsafeMutableRawPointer, g: UnsafeMutableRawPointer, b: UnsafeMutableRawPointer
    ) {
        cbRow.withUnsafeBufferPointer { cbp in
            crRow.withUnsafeBufferPointer { crp in
                guard let cbq = cbp.baseAddress, let crq = crp.baseAddress else { return }
                let us = UnsafeRawPointer(cbq + x0 / 2), vs = UnsafeRawPointer(crq + x0 / 2),
                    y = UnsafeRawPointer(luma + x0)
                var i = 0
                while i &+ 16 <= count {
                    fixed.coordinates16(
                        luma: y + i, cb: us + i, cr: vs + i, r: r + 2 &* i, g: g + 2 &* i, b: b + 2 &* i)
                    i &+= 16
                }
                guard i < count else { return }
                withUnsafeTemporaryAllocation(byteCount: 16, alignment: 16) { scratch in
                    guard let copy = scratch.baseAddress else { return }
                    copy.initializeMemory(as: UInt8.self, repeating: 0, count: 16)
                    copy.copyMemory(from: y + i, byteCount: count &- i)
                    fixed.coordinates16(
                        luma: UnsafeRawPointer(copy), cb: us + i, cr: vs + i, r: r + 2 &* i, g: g + 2 &* i,
                        b: b + 2 &* i)
                }
            }
        }
    }

    /// Packed pixels x0 ..< x0 + count (x0 even) of the packed row at `row` to cube coordinates, eight
    /// pixels a step (`FixedPointMatrix.packedCoordinates8`), the last block from a zero-padded copy.
    @inline(never)
    private func decodePackedToCoordinates(
        _ row: UnsafePointer<UInt8>, x0: Int, count: Int, fixed: FixedPointMatrix,
        crFirst: Bool, r: UnsafeMutableRawPointer, g: UnsafeMutableRawPointer, b: UnsafeMutableRawPointer
    ) {
        let pairs = UnsafeRawPointer(row + 2 &* x0)
        var i = 0
        while i &+ 8 <= count {
            fixed.packedCoordinates8(pairs + 2 &* i, crFirst: crFirst, r: r + 2 &* i, g: g + 2 &* i, b: b + 2 &* i)
            i &+= 8
        }
        guard i < count else { return }
        let left = count &- i
        withUnsafeTemporaryAllocation(byteCount: 16, alignment: 16) { scratch in
            guard let copy = scratch.baseAddress else { return }
            copy.initializeMemory(as: UInt8.self, repeating: 0, count: 16)
            // An odd count still reads its whole pair.
            copy.copyMemory(from: pairs + 2 &* i, byteCount: 2 &* (left &+ left % 2))
            fixed.packedCoordinates8(
                UnsafeRawPointer(copy), crFirst: crFirst, r: r + 2 &* i, g: g + 2 &* i, b: b + 2 &* i)
        }
    }

    /// Any matrix in single precision, to bytes, over `count` pixels of luma at `y` and the chroma in
    /// `cbPixels` and `crPixels`.
    @inline(__always)
    private func floatRowsToBytes(
        luma y: UnsafePointer<UInt8>, count: Int, matrix m: ScaledMatrix, redShift: UInt32, blueShift: UInt32,
        into out: UnsafeMutablePointer<UInt32>
    ) {
        cbPixels.withUnsafeBufferPointer { cbp in
            crPixels.withUnsafeBufferPointer { crp in
                guard let cbs = cbp.baseAddress, let crs = crp.baseAddress else { return }
                @inline(__always) func pack(_ red: Int32, _ green: Int32, _ blue: Int32) -> UInt32 {
                    UInt32(bitPattern: red) &<< redShift | UInt32(bitPattern: green) &<< 8 | UInt32(bitPattern: blue)
                        &<< blueShift | 0xFF00_0000
                }
                for i in 0..<count {
                    let l = Float(y[i]), u = cbs[i], v = crs[i]
                    out[i] = pack(
                        Self.rounded(l * m.y.x + u * m.cb.x + v * m.cr.x + m.offset.x, 255),
                        Self.rounded(l * m.y.y + u * m.cb.y + v * m.cr.y + m.offset.y, 255),
                        Self.rounded(l * m.y.z + u * m.cb.z + v * m.cr.z + m.offset.z, 255))
                }
            }
        }
    }

    /// Packed pixels x0 ..< x0 + count (x0 even) of the packed row at `row` to bytes in 16-bit fixed point,
    /// eight pixels (16 packed bytes) a step (`FixedPointMatrix.decodePacked8`).
    @inline(never)
    private func decodePackedToBytes(
        _ row: UnsafePointer<UInt8>, x0: Int, count: Int, fixed: FixedPointMatrix, crFirst: Bool,
        swapsRedBlue: Bool, into out: UnsafeMutablePointer<UInt32>
    ) {
        let pairs = UnsafeRawPointer(row + 2 &* x0), words = UnsafeMutableRawPointer(out)
        var i = 0
        while i &+ 8 <= count {
            fixed.decodePacked8(pairs + 2 &* i, crFirst: crFirst, swapsRedBlue: swapsRedBlue, into: words + 4 &* i)
            i &+= 8
        }
        guard i < count else { return }
        // The last pixels through the same code, from a copy (an odd count still reads its whole pair).
        let left = count &- i
        withUnsafeTemporaryAllocation(byteCount: 16 + 32, alignment: 16) { scratch in
            guard let base = scratch.baseAddress else { return }
            base.initializeMemory(as: UInt8.self, repeating: 0, count: scratch.count)
            base.copyMemory(from: pairs + 2 &* i, byteCount: 2 &* (left &+ left % 2))
            fixed.decodePacked8(UnsafeRawPointer(base), crFirst: crFirst, swapsRedBlue: swapsRedBlue, into: base + 16)
            (words + 4 &* i).copyMemory(from: base + 16, byteCount: 4 &* left)
        }
    }

    /// Splits packed pixels x0 ..< x0 + count (x0 even) into `packedLuma` and the chroma rows the float
    /// loops read (centred sixteenths, the same for both pixels of a pair).
    private mutating func splitPacked(_ row: UnsafePointer<UInt8>, x0: Int, count: Int) {
        let (cbOffset, crOffset) = packed == .crFirst ? (3, 1) : (1, 3)
        let pairs = row + 2 &* x0
        packedLuma.withUnsafeMutableBufferPointer { lp in
            cbPixels.withUnsafeMutableBufferPointer { cbp in
                crPixels.withUnsafeMutableBufferPointer { crp in
                    guard let l = lp.baseAddress, let u = cbp.baseAddress, let v = crp.baseAddress else { return }
                    for i in 0..<count {
                        let pair = pairs + 4 &* (i / 2)
                        l[i] = pair[2 &* (i % 2)]
                        u[i] = Float(Int32(pair[cbOffset]) &* 16 &- 2048)
                        v[i] = Float(Int32(pair[crOffset]) &* 16 &- 2048)
                    }
                }
            }
        }
    }

    /// Horizontal chroma of pixels x0 ..< x0 + count (x0 even): pixel 2k reads ¾ of sample k and ¼ of
    /// k − 1, pixel 2k + 1 ¾ of k and ¼ of k + 1 (index + 1 in the padded rows).
    private mutating func upsample(x0: Int, count: Int) {
        let pairs = (count &+ 1) / 2, k0 = x0 / 2
        cbRow.withUnsafeBufferPointer { cbp in
            crRow.withUnsafeBufferPointer { crp in
                cbPixels.withUnsafeMutableBufferPointer { cbo in
                    crPixels.withUnsafeMutableBufferPointer { cro in
                        guard let u = cbp.baseAddress, let v = crp.baseAddress, let uo = cbo.baseAddress,
                            let vo = cro.baseAddress
                        else { return }
                        let us = u + k0, vs = v + k0
                        // 64ths to centred sixteenths: exact in single precision.
                        let sixteenth: Float = 1.0 / 16
                        for j in 0..<pairs {
                            let uc = Int32(us[j &+ 1]) &* 3 &- 32_768, vc = Int32(vs[j &+ 1]) &* 3 &- 32_768
                            uo[2 &* j] = Float(uc &+ Int32(us[j])) * sixteenth
                            uo[2 &* j &+ 1] = Float(uc &+ Int32(us[j &+ 2])) * sixteenth
                            vo[2 &* j] = Float(vc &+ Int32(vs[j])) * sixteenth
                            vo[2 &* j &+ 1] = Float(vc &+ Int32(vs[j &+ 2])) * sixteenth
                        }
                    }
                }
            }
        }
    }

    /// `v` clamped to 0…limit (NaN to 0) and rounded to the nearest integer by adding 2²³, which leaves the
    /// integer in the low mantissa bits (limit < 2²³).
    @inline(__always)
    private static func rounded(_ v: Float, _ limit: Float) -> Int32 {
        let low = v > 0 ? v : 0
        let clamped = low < limit ? low : limit
        return Int32(bitPattern: (clamped + 8_388_608).bitPattern) &- 0x4B00_0000
    }

    /// Replicates the edge samples (bilinear sampling clamps to the plane).
    private static func padEnds(_ row: UnsafeMutablePointer<Int16>, _ n: Int) {
        row[0] = row[1]
        row[n &+ 1] = row[n]
    }
}
