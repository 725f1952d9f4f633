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
    /// The four corners' weights, one row each (separate rows keep the weight loop vectorised).
    private var w0: [Float] = [], w1: [Float] = [], w2: [Float] = [], w3: [Float] = []
    private var colours: [SIMD4<Float>] = []
    private var byteIndices: [Int32] = []

    /// A row's cube coordinates, in one of two fixed-point forms.
    enum Coordinates {
        /// 0…`cube.unitScale`: `CubeInterpolator.fractionBits` bits per cell.
        case cells(r: UnsafePointer<Int32>, g: UnsafePointer<Int32>, b: UnsafePointer<Int32>)
        /// 0…`FixedPointMatrix.coordinateScale` (2¹⁴) for 0…1, for a cube whose size − 1 is a power of two
        /// (2¹⁴⁻ᶜᵉˡˡᴮⁱᵗˢ cells): the fixed-point decode's own output, whose cell, fraction and tetrahedron
        /// need only 16-bit lanes (SSE2 has 16-bit minimum and maximum, and eight lanes a step).
        case unit16(r: UnsafePointer<UInt16>, g: UnsafePointer<UInt16>, b: UnsafePointer<UInt16>, cellBits: Int)
    }

    /// Looks up `count` pixels and writes the results into `out`.
    func lookUp(_ cube: CubeInterpolator, _ coordinates: Coordinates, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        reserve(count)
        switch coordinates {
        case let .cells(r, g, b): prepareCells(cube, r: r, g: g, b: b, count: count)
        case let .unit16(r, g, b, cellBits): prepareUnit16(cube, r: r, g: g, b: b, cellBits: cellBits, count: count)
        }
        blend(cube, count: count, into: out)
    }

    /// Stage one for `Coordinates.cells`: each pixel's corner, the tetrahedron's two middle steps and the
    /// four weights.
    private func prepareCells(_ cube: CubeInterpolator, r: UnsafePointer<Int32>, g: UnsafePointer<Int32>, b: UnsafePointer<Int32>, count: Int) {
        let size = Int32(cube.size), strideG = size, strideB = size &* size, diagonal = 1 &+ size &+ size &* size
        let lastCell = size &- 2, bits = Int32(CubeInterpolator.fractionBits)
        let unit = 1 / Float(CubeInterpolator.one)
        withStageRows { corners, firsts, seconds, a, b1, c, d in
            for i in 0..<count {
                let rv = r[i], gv = g[i], bv = b[i]
                // The top face (a coordinate of exactly 1) belongs to the last cell, with a full fraction.
                let rc = rv &>> bits, gc = gv &>> bits, bc = bv &>> bits
                let ir = rc < lastCell ? rc : lastCell, ig = gc < lastCell ? gc : lastCell, ib = bc < lastCell ? bc : lastCell
                // Fractions in single precision: SSE2 has float minimum and maximum but no 32-bit
                // integer ones, which cost a compare and three logic operations each.
                let fr = Float(rv &- ir &<< bits) * unit, fg = Float(gv &- ig &<< bits) * unit, fb = Float(bv &- ib &<< bits) * unit
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
                a[i] = 1 - hi
                b1[i] = hi - mid
                c[i] = mid - lo
                d[i] = lo
            }
        }
    }

    /// Stage one for `Coordinates.unit16`: the same results as `prepareCells`, with cells, fractions and the
    /// tetrahedron in 16-bit integers (exact: the fractions are the coordinates' low `cellBits` bits).
    private func prepareUnit16(_ cube: CubeInterpolator, r: UnsafePointer<UInt16>, g: UnsafePointer<UInt16>, b: UnsafePointer<UInt16>,
                               cellBits: Int, count: Int) {
        let size = Int16(cube.size), strideG = size, strideB = size &* size, diagonal = 1 &+ size &+ size &* size
        let lastCell = size &- 2, bits = Int16(cellBits), full = Int16(1) &<< bits
        let unit = 1 / Float(full)
        withStageRows { corners, firsts, seconds, a, b1, c, d in
            for i in 0..<count {
                let rv = Int16(bitPattern: r[i]), gv = Int16(bitPattern: g[i]), bv = Int16(bitPattern: b[i])
                let rc = rv &>> bits, gc = gv &>> bits, bc = bv &>> bits
                let ir = rc < lastCell ? rc : lastCell, ig = gc < lastCell ? gc : lastCell, ib = bc < lastCell ? bc : lastCell
                let fr = rv &- ir &<< bits, fg = gv &- ig &<< bits, fb = bv &- ib &<< bits
                let hi = max(max(fr, fg), fb), lo = min(min(fr, fg), fb)
                let mid = fr &+ fg &+ fb &- hi &- lo
                let first: Int16 = fr == hi ? 1 : (fg == hi ? strideG : strideB)
                let lastAxis: Int16 = fb == lo ? strideB : (fg == lo ? strideG : 1)
                corners[i] = Int32(ir) &+ Int32(ig &* strideG) &+ Int32(ib) &* Int32(strideB)
                firsts[i] = Int32(first)
                seconds[i] = Int32(diagonal &- lastAxis)
                a[i] = Float(full &- hi) * unit
                b1[i] = Float(hi &- mid) * unit
                c[i] = Float(mid &- lo) * unit
                d[i] = Float(lo) * unit
            }
        }
    }

    /// The stage rows as pointers: corners, first and second steps, and the four weights.
    private func withStageRows(_ body: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>,
                                        UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>,
                                        UnsafeMutablePointer<Float>) -> Void) {
        corner.withUnsafeMutableBufferPointer { cp in firstStep.withUnsafeMutableBufferPointer { fp in
            secondStep.withUnsafeMutableBufferPointer { sp in
                w0.withUnsafeMutableBufferPointer { p0 in w1.withUnsafeMutableBufferPointer { p1 in
                    w2.withUnsafeMutableBufferPointer { p2 in w3.withUnsafeMutableBufferPointer { p3 in
                        guard let corners = cp.baseAddress, let firsts = fp.baseAddress, let seconds = sp.baseAddress,
                              let a = p0.baseAddress, let b1 = p1.baseAddress, let c = p2.baseAddress, let d = p3.baseAddress else { return }
                        body(corners, firsts, seconds, a, b1, c, d)
                    } }
                } }
            }
        } }
    }

    /// Stage two: four corner reads a pixel, blended by the weights.
    private func blend(_ cube: CubeInterpolator, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        let size = cube.size, diagonal = 1 &+ size &+ size &* size
        corner.withUnsafeBufferPointer { cp in firstStep.withUnsafeBufferPointer { fp in
            secondStep.withUnsafeBufferPointer { sp in
                w0.withUnsafeBufferPointer { p0 in w1.withUnsafeBufferPointer { p1 in
                    w2.withUnsafeBufferPointer { p2 in w3.withUnsafeBufferPointer { p3 in
                        cube.withEntries { table in
                            guard let corners = cp.baseAddress, let firsts = fp.baseAddress, let seconds = sp.baseAddress,
                                  let a = p0.baseAddress, let b1 = p1.baseAddress, let c = p2.baseAddress, let d = p3.baseAddress else { return }
                            let toDiagonal = diagonal
                            for i in 0..<count {
                                let e = table + Int(corners[i])
                                out[i] = e[0] * a[i] + e[Int(firsts[i])] * b1[i] + e[Int(seconds[i])] * c[i] + e[toDiagonal] * d[i]
                            }
                        }
                    } }
                } }
            }
        } }
    }

    /// Looks up `count` pixels and encodes them to RGBA bytes (BGRA when `swapsRedBlue`) through `table`,
    /// alpha 255. The cube must be opaque and finite.
    func lookUpAndEncode(_ cube: CubeInterpolator, _ coordinates: Coordinates, count: Int, table: SRGBByteTable, swapsRedBlue: Bool,
                         into out: UnsafeMutablePointer<UInt32>) {
        reserve(count)
        colours.withUnsafeMutableBufferPointer { cp in
            guard let cs = cp.baseAddress else { return }
            lookUp(cube, coordinates, count: count, into: cs)
        }
        colours.withUnsafeBufferPointer { cp in byteIndices.withUnsafeMutableBufferPointer { ip in
            guard let floats = cp.baseAddress, let indices = ip.baseAddress else { return }
            // Raw loads read the channels as a flat row of floats without rebinding their memory.
            let channels = UnsafeRawPointer(floats)
            for j in 0..<(count &* 4) {
                indices[j] = SRGBByteTable.index(channels.load(fromByteOffset: j &* 4, as: Float.self))
            }
        } }
        byteIndices.withUnsafeBufferPointer { ip in table.bytes.withUnsafeBufferPointer { tp in
            guard let indices = ip.baseAddress, let bytes = tp.baseAddress else { return }
            let (first, third) = swapsRedBlue ? (2, 0) : (0, 2)
            for i in 0..<count {
                let p = indices + 4 &* i
                out[i] = UInt32(bytes[Int(p[first])]) | UInt32(bytes[Int(p[1])]) &<< 8 | UInt32(bytes[Int(p[third])]) &<< 16 | 0xFF00_0000
            }
        } }
    }

    private func reserve(_ count: Int) {
        guard corner.count < count else { return }
        corner = [Int32](repeating: 0, count: count); firstStep = corner; secondStep = corner
        w0 = [Float](repeating: 0, count: count); w1 = w0; w2 = w0; w3 = w0
        colours = [SIMD4<Float>](repeating: .zero, count: count)
        byteIndices = [Int32](repeating: 0, count: count * 4)
    }
}
