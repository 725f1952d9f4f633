/// Tetrahedral cube lookups and the sRGB byte encode for whole rows, split into stages so that only the
/// table reads stay scalar: cell indices, fractions, the tetrahedron and its weights are computed for the
/// whole row in one loop LLVM vectorises; a second loop reads four corners a pixel and blends them; a third
/// turns every channel into a byte-table index, vectorised again; the last reads the bytes and packs them.
/// Written per pixel (one `CubeInterpolator.sample` after another), the same work ran 2× slower because the
/// compiler interleaved scalar and vector code for each pixel.
///
/// One per thread: it owns its scratch rows.
final class CubeRowLookup {
    private var corner: [Int32] = [], firstStep: [Int32] = [], secondStep: [Int32] = []
    /// Each pixel's four corner weights side by side: the blend reads them in one load instead of four. One
    /// scratch row instead of four; measured no faster than four rows of floats on the 720p colour chain
    /// (0.98–1.00× the CPU), though perf puts the blend's time on its loads.
    private var weights: [SIMD4<Float>] = []
    private var colours: [SIMD4<Float>] = []
    private var byteIndices: [Int32] = []

    /// A row's cube coordinates, in one of two fixed-point forms.
    enum Coordinates {
        /// 0…`cube.unitScale`: `CubeInterpolator.fractionBits` bits per cell.
        case cells(r: UnsafePointer<Int32>, g: UnsafePointer<Int32>, b: UnsafePointer<Int32>)
        /// 0…`FixedPointMatrix.coordinateScale` (2¹⁴) for 0…1, for a cube whose size − 1 is a power of two
        /// (2¹⁴⁻ᶜᵉˡˡᴮⁱᵗˢ cells): the fixed-point decode's own output, whose cell, fraction and tetrahedron
        /// need only 16-bit lanes (SSE2 has 16-bit minimum and maximum, and eight lanes a step). The rows
        /// must be readable for 8 values past the count.
        case unit16(r: UnsafePointer<UInt16>, g: UnsafePointer<UInt16>, b: UnsafePointer<UInt16>, cellBits: Int)
    }

    /// Looks up `count` pixels and writes the results into `out`.
    func lookUp(
        _ cube: CubeInterpolator, _ coordinates: Coordinates, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        reserve(count)
        switch coordinates {
        case let .cells(r, g, b): prepareCells(cube, r: r, g: g, b: b, count: count)
        case let .unit16(r, g, b, cellBits): prepareUnit16(cube, r: r, g: g, b: b, cellBits: cellBits, count: count)
        }
        blend(cube, count: count, into: out)
    }

    /// Stage one for `Coordinates.cells`: each pixel's corner, the tetrahedron's two middle steps and the
    /// four weights.
    private func prepareCells(
        _ cube: CubeInterpolator, r: UnsafePointer<Int32>, g: UnsafePointer<Int32>, b: UnsafePointer<Int32>, count: Int
    ) {
        let size = Int32(cube.size), strideG = size, strideB = size &* size, diagonal = 1 &+ size &+ size &* size
        let lastCell = size &- 2, bits = Int32(CubeInterpolator.fractionBits)
        let unit = 1 / Float(CubeInterpolator.one)
        withStageRows { corners, firsts, seconds, weights in
            for i in 0..<count {
                let rv = r[i], gv = g[i], bv = b[i]
                // The top face (a coordinate of exactly 1) belongs to the last cell, with a full fraction.
                let rc = rv &>> bits, gc = gv &>> bits, bc = bv &>> bits
                let ir = rc < lastCell ? rc : lastCell, ig = gc < lastCell ? gc : lastCell,
                    ib = bc < lastCell ? bc : lastCell
                // Fractions in single precision: SSE2 has float minimum and maximum but no 32-bit
                // integer ones, which cost a compare and three logic operations each.
                let fr = Float(rv &- ir &<< bits) * unit, fg = Float(gv &- ig &<< bits) * unit,
                    fb = Float(bv &- ib &<< bits) * unit
                let hi = max(max(fr, fg), fb), lo = min(min(fr, fg), fb)
                let mid = fr + fg + fb - hi - lo
                // The tetrahedron walks from the corner along the axis of the largest fraction, then
                // of the middle one, to the opposite corner. Where fractions tie, the corners the
                // choice affects get weight 0, so any tied axis will do.
                let first: Int32 = fr == hi ? 1 : (fg == hi ? strideG : strideB)
                let lastAxis: Int32 = fb == lo ? strideB : (fg == lo ? strideG : 1)
                corners[i] = ir &+ ig &* strideG &+ ib &* strideB
                firsts[i] = first
                seconds[i] = diagonal &- lastAxis
                weights[i] = SIMD4(1 - hi, hi - mid, mid - lo, lo)
            }
        }
    }

    /// Stage one for `Coordinates.unit16`: the same results as `prepareCells`, eight pixels a step in 16-bit
    /// lanes (exact: the fractions are the coordinates' low `cellBits` bits), written with concrete vector
    /// types, masks and bit-casts: left to the loop vectoriser, the 32-bit outputs held it to four lanes.
    /// Reads and writes whole blocks of eight (the rows are padded).
    @inline(never)
    private func prepareUnit16(
        _ cube: CubeInterpolator, r: UnsafePointer<UInt16>, g: UnsafePointer<UInt16>, b: UnsafePointer<UInt16>,
        cellBits: Int, count: Int
    ) {
        typealias Lanes = SIMD8<Int16>
        let size = Int16(cube.size), bits = Int16(cellBits)
        let lastCell = Lanes(repeating: size &- 2), full = Lanes(repeating: 1 &<< bits)
        let one = Lanes(repeating: 1), strideG = Lanes(repeating: size), strideB = Lanes(repeating: size &* size)
        let diagonal = Lanes(repeating: 1 &+ size &+ size &* size)
        // A weight w in 0…2^bits as a float w / 2^bits: w shifted into the mantissa of 1.0, less 1 (w = 2^bits
        // carries into the exponent and gives exactly 2).
        let mantissaShift = UInt32(23 &- cellBits), oneBits = SIMD4<UInt32>(repeating: Float(1).bitPattern)
        // size − 1 = 2^sizeBits (the cube spans 2¹⁴ in cells of 2^cellBits).
        let sizeBits = Int16(FixedPointMatrix.coordinateBits &- cellBits), wideSizeBits = UInt32(sizeBits)
        // Minimum, maximum and equality masks from subtraction and the sign bit: the values are small enough
        // not to overflow, and the stdlib's generic pointwise and comparison functions are not inlined here.
        @inline(__always) func minimum(_ x: Lanes, _ y: Lanes) -> Lanes {
            let d = x &- y
            return y &+ (d & (d &>> 15))
        }
        @inline(__always) func maximum(_ x: Lanes, _ y: Lanes) -> Lanes {
            let d = x &- y
            return x &- (d & (d &>> 15))
        }
        /// All ones where `x` is 0 (x ≥ 0).
        @inline(__always) func isZero(_ x: Lanes) -> Lanes { (x &- 1) &>> 15 }
        @inline(__always) func select(_ m: Lanes, _ a: Lanes, _ b: Lanes) -> Lanes { (m & a) | (~m & b) }
        @inline(__always) func storeWidened(_ v: Lanes, _ out: UnsafeMutablePointer<Int32>) {
            let u = unsafeBitCast(v, to: SIMD8<UInt16>.self)
            UnsafeMutableRawPointer(out).storeBytes(of: Interleave.low(u, .zero), as: SIMD4<UInt32>.self)
            UnsafeMutableRawPointer(out + 4).storeBytes(of: Interleave.high(u, .zero), as: SIMD4<UInt32>.self)
        }
        /// Eight weights as floats, pixels 0–3 and 4–7.
        @inline(__always) func floats(_ v: Lanes) -> (SIMD4<Float>, SIMD4<Float>) {
            let u = unsafeBitCast(v, to: SIMD8<UInt16>.self)
            let low = unsafeBitCast((Interleave.low(u, .zero) &<< mantissaShift) &+ oneBits, to: SIMD4<Float>.self)
            let high = unsafeBitCast((Interleave.high(u, .zero) &<< mantissaShift) &+ oneBits, to: SIMD4<Float>.self)
            return (low - 1, high - 1)
        }
        /// Four pixels' weights, one row per corner, stored one pixel's four side by side (a 4×4 transpose).
        @inline(__always) func storeWeights(
            _ a: SIMD4<Float>, _ b: SIMD4<Float>, _ c: SIMD4<Float>, _ d: SIMD4<Float>,
            _ out: UnsafeMutablePointer<SIMD4<Float>>
        ) {
            let ab01 = SIMD4(a.x, b.x, a.y, b.y), cd01 = SIMD4(c.x, d.x, c.y, d.y)
            let ab23 = SIMD4(a.z, b.z, a.w, b.w), cd23 = SIMD4(c.z, d.z, c.w, d.w)
            out[0] = SIMD4(lowHalf: ab01.lowHalf, highHalf: cd01.lowHalf)
            out[1] = SIMD4(lowHalf: ab01.highHalf, highHalf: cd01.highHalf)
            out[2] = SIMD4(lowHalf: ab23.lowHalf, highHalf: cd23.lowHalf)
            out[3] = SIMD4(lowHalf: ab23.highHalf, highHalf: cd23.highHalf)
        }
        withStageRows { corners, firsts, seconds, weights in
            var i = 0
            while i < count {
                let rv = UnsafeRawPointer(r + i).loadUnaligned(as: Lanes.self)
                let gv = UnsafeRawPointer(g + i).loadUnaligned(as: Lanes.self)
                let bv = UnsafeRawPointer(b + i).loadUnaligned(as: Lanes.self)
                // The top face (a coordinate of exactly 1) belongs to the last cell, with a full fraction.
                let ir = minimum(rv &>> bits, lastCell), ig = minimum(gv &>> bits, lastCell),
                    ib = minimum(bv &>> bits, lastCell)
                let fr = rv &- ir &<< bits, fg = gv &- ig &<< bits, fb = bv &- ib &<< bits
                let hi = maximum(maximum(fr, fg), fb), lo = minimum(minimum(fr, fg), fb)
                let mid = fr &+ fg &+ fb &- hi &- lo
                // The tetrahedron, as in `prepareCells` (hi ≥ every fraction ≥ lo, so the differences are ≥ 0).
                let first = select(isZero(hi &- fr), one, select(isZero(hi &- fg), strideG, strideB))
                let lastAxis = select(isZero(fb &- lo), strideB, select(isZero(fg &- lo), strideG, one))
                // The corner (b·size + g)·size + r with size = 2^k + 1 as shifts and adds; b·size + g fits 16 bits.
                let column = (ib &<< sizeBits) &+ ib &+ ig
                let wideColumn = (
                    Interleave.low(unsafeBitCast(column, to: SIMD8<UInt16>.self), .zero),
                    Interleave.high(unsafeBitCast(column, to: SIMD8<UInt16>.self), .zero)
                )
                let red = unsafeBitCast(ir, to: SIMD8<UInt16>.self)
                let cornerLow = (wideColumn.0 &<< wideSizeBits) &+ wideColumn.0 &+ Interleave.low(red, .zero)
                let cornerHigh = (wideColumn.1 &<< wideSizeBits) &+ wideColumn.1 &+ Interleave.high(red, .zero)
                UnsafeMutableRawPointer(corners + i).storeBytes(of: cornerLow, as: SIMD4<UInt32>.self)
                UnsafeMutableRawPointer(corners + (i &+ 4)).storeBytes(of: cornerHigh, as: SIMD4<UInt32>.self)
                storeWidened(first, firsts + i)
                storeWidened(diagonal &- lastAxis, seconds + i)
                let a = floats(full &- hi), b = floats(hi &- mid), c = floats(mid &- lo), d = floats(lo)
                storeWeights(a.0, b.0, c.0, d.0, weights + i)
                storeWeights(a.1, b.1, c.1, d.1, weights + (i &+ 4))
                i &+= 8
            }
        }
    }

    /// The stage rows as pointers: corners, first and second steps, and the weights.
    private func withStageRows(
        _ body: (
            UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>,
            UnsafeMutablePointer<SIMD4<Float>>
        ) -> Void
    ) {
        corner.withUnsafeMutableBufferPointer { cp in
            firstStep.withUnsafeMutableBufferPointer { fp in
                secondStep.withUnsafeMutableBufferPointer { sp in
                    weights.withUnsafeMutableBufferPointer { wp in
                        guard let corners = cp.baseAddress, let firsts = fp.baseAddress, let seconds = sp.baseAddress,
                            let weights = wp.baseAddress
                        else { return }
                        body(corners, firsts, seconds, weights)
                    }
                }
            }
        }
    }

    /// Stage two: four corner reads a pixel, blended by the weights.
    private func blend(_ cube: CubeInterpolator, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        let size = cube.size, toDiagonal = 1 &+ size &+ size &* size
        withStageRows { corners, firsts, seconds, weights in
            cube.withEntries { table in
                for i in 0..<count {
                    let e = table + Int(corners[i]), w = weights[i]
                    out[i] = e[0] * w.x + e[Int(firsts[i])] * w.y + e[Int(seconds[i])] * w.z + e[toDiagonal] * w.w
                }
            }
        }
    }

    /// Looks up `count` pixels and encodes them to RGBA bytes (BGRA when `swapsRedBlue`) through `table`,
    /// alpha 255. The cube must be opaque and finite.
    func lookUpAndEncode(
        _ cube: CubeInterpolator, _ coordinates: Coordinates, count: Int, table: SRGBByteTable, swapsRedBlue: Bool,
        into out: UnsafeMutablePointer<UInt32>
    ) {
        reserve(count)
        colours.withUnsafeMutableBufferPointer { cp in
            guard let cs = cp.baseAddress else { return }
            lookUp(cube, coordinates, count: count, into: cs)
        }
        colours.withUnsafeBufferPointer { cp in
            guard let cs = cp.baseAddress else { return }
            encode(cs, count: count, table: table, swapsRedBlue: swapsRedBlue, into: out)
        }
    }

    /// Encodes `count` opaque linear colours to RGBA bytes (BGRA when `swapsRedBlue`) through `table`, alpha 255.
    func encode(
        _ colours: UnsafePointer<SIMD4<Float>>, count: Int, table: SRGBByteTable, swapsRedBlue: Bool,
        into out: UnsafeMutablePointer<UInt32>
    ) {
        if byteIndices.count < count * 4 { byteIndices = [Int32](repeating: 0, count: count * 4) }
        byteIndices.withUnsafeMutableBufferPointer { ip in
            guard let indices = ip.baseAddress else { return }
            // Raw loads read the channels as a flat row of floats without rebinding their memory.
            let channels = UnsafeRawPointer(colours)
            for j in 0..<(count &* 4) {
                indices[j] = SRGBByteTable.index(channels.load(fromByteOffset: j &* 4, as: Float.self))
            }
        }
        byteIndices.withUnsafeBufferPointer { ip in
            table.bytes.withUnsafeBufferPointer { tp in
                guard let indices = ip.baseAddress, let bytes = tp.baseAddress else { return }
                let (first, third) = swapsRedBlue ? (2, 0) : (0, 2)
                for i in 0..<count {
                    let p = indices + 4 &* i
                    out[i] =
                        UInt32(bytes[Int(p[first])]) | UInt32(bytes[Int(p[1])]) &<< 8 | UInt32(bytes[Int(p[third])])
                        &<< 16 | 0xFF00_0000
                }
            }
        }
    }

    private func reserve(_ count: Int) {
        guard corner.count < count + 8 else { return }
        // Stage one writes whole blocks of eight.
        corner = [Int32](repeating: 0, count: count + 8)
        firstStep = corner
        secondStep = corner
        weights = [SIMD4<Float>](repeating: .zero, count: count + 8)
        colours = [SIMD4<Float>](repeating: .zero, count: count)
        byteIndices = [Int32](repeating: 0, count: count * 4)
    }
}
