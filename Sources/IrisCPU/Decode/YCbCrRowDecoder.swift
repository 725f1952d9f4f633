/// Y'CbCr 4:2:0 → R'G'B' for whole rows, eight pixels at a time in SIMD: the vertical chroma blend once per
/// row, the horizontal one fused into the matrix step. Same maths as the decode kernels with bilinear chroma
/// (weights 3/4 and 1/4 at 4:2:0 centre siting), in single precision.
///
/// Written with fixed-size SIMD types and no generic conversions, traps or calls in the loops, so each step
/// compiles to straight vector code on SSE2 and NEON (the stdlib's generic SIMD `min`/`max` and float→int
/// conversions are calls; `replacing(with:where:)` and the 2²³ float trick are not).
struct YCbCrRowDecoder {
    /// R'G'B' = rows · (Y, Cb, Cr) + offset, with Y, Cb, Cr as raw code values (0…255).
    struct Matrix {
        let r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>  // (y, cb, cr, offset) coefficients of each output

        /// From the decode kernels' arguments: a column-major mat4 over normalised code values and an offset.
        init(columnMajor m: [Float], offset: SIMD4<Float>) {
            func row(_ i: Int) -> SIMD4<Float> {
                guard m.count >= 16 else { return .zero }
                return SIMD4(m[i] / 255, m[4 + i] / 255, m[8 + i] / 255, offset[i])
            }
            r = row(0); g = row(1); b = row(2)
        }
    }

    let matrix: Matrix
    /// Half the luma width, rounded up: chroma samples per row.
    let chromaWidth: Int
    let width: Int
    /// Vertically blended chroma of the current row, with one replicated sample at each end.
    private var cb: [Float]
    private var cr: [Float]

    init(matrix: Matrix, width: Int) {
        self.matrix = matrix; self.width = width
        chromaWidth = (width + 1) / 2
        cb = [Float](repeating: 0, count: chromaWidth + 10)
        cr = cb
    }

    /// Blends two interleaved chroma rows (CbCr pairs; `swapped` for CrCb) with weights 1 − fy and fy.
    mutating func blendInterleaved(near: UnsafePointer<UInt8>, far: UnsafePointer<UInt8>, fy: Float, swapped: Bool) {
        let n = chromaWidth, a = 1 - fy
        cb.withUnsafeMutableBufferPointer { cbp in cr.withUnsafeMutableBufferPointer { crp in
            guard let u0 = cbp.baseAddress, let v0 = crp.baseAddress else { return }
            let (first, second) = swapped ? (v0 + 1, u0 + 1) : (u0 + 1, v0 + 1)
            var k = 0
            while k &+ 8 <= n {
                let v = Self.bytes(near, 2 &* k) * a + Self.bytes(far, 2 &* k) * fy
                let w = Self.bytes(near, 2 &* k &+ 8) * a + Self.bytes(far, 2 &* k &+ 8) * fy
                UnsafeMutableRawPointer(first + k).storeBytes(of: SIMD8(v[0], v[2], v[4], v[6], w[0], w[2], w[4], w[6]), as: SIMD8<Float>.self)
                UnsafeMutableRawPointer(second + k).storeBytes(of: SIMD8(v[1], v[3], v[5], v[7], w[1], w[3], w[5], w[7]), as: SIMD8<Float>.self)
                k &+= 8
            }
            while k < n {
                first[k] = Float(near[2 &* k]) * a + Float(far[2 &* k]) * fy
                second[k] = Float(near[2 &* k &+ 1]) * a + Float(far[2 &* k &+ 1]) * fy
                k &+= 1
            }
            Self.padEnds(u0, n); Self.padEnds(v0, n)
        } }
    }

    /// Blends two rows of each of two chroma planes (I420's Cb and Cr).
    mutating func blendPlanar(cbNear: UnsafePointer<UInt8>, cbFar: UnsafePointer<UInt8>,
                              crNear: UnsafePointer<UInt8>, crFar: UnsafePointer<UInt8>, fy: Float) {
        let n = chromaWidth, a = 1 - fy
        cb.withUnsafeMutableBufferPointer { cbp in cr.withUnsafeMutableBufferPointer { crp in
            guard let u0 = cbp.baseAddress, let v0 = crp.baseAddress else { return }
            var k = 0
            while k &+ 8 <= n {
                UnsafeMutableRawPointer(u0 + (k &+ 1)).storeBytes(of: Self.bytes(cbNear, k) * a + Self.bytes(cbFar, k) * fy, as: SIMD8<Float>.self)
                UnsafeMutableRawPointer(v0 + (k &+ 1)).storeBytes(of: Self.bytes(crNear, k) * a + Self.bytes(crFar, k) * fy, as: SIMD8<Float>.self)
                k &+= 8
            }
            while k < n {
                u0[k &+ 1] = Float(cbNear[k]) * a + Float(cbFar[k]) * fy
                v0[k &+ 1] = Float(crNear[k]) * a + Float(crFar[k]) * fy
                k &+= 1
            }
            Self.padEnds(u0, n); Self.padEnds(v0, n)
        } }
    }

    /// Decodes `count` pixels from column `x0` (even) of the blended row and hands each group of eight
    /// R'G'B' vectors (clamped to 0…1) to `emit` with its first column. The last group may run past
    /// `count`; `emit` stores only what it needs.
    @inline(__always)
    func decode(luma: UnsafePointer<UInt8>, x0: Int, count: Int,
                _ emit: (_ column: Int, _ r: SIMD8<Float>, _ g: SIMD8<Float>, _ b: SIMD8<Float>) -> Void) {
        let m = matrix
        let zero = SIMD8<Float>(repeating: 0), one = SIMD8<Float>(repeating: 1)
        @inline(__always) func clamp(_ v: SIMD8<Float>) -> SIMD8<Float> {
            var low = zero; low.replace(with: v, where: v .> zero)   // also sends NaN to 0
            var high = one; high.replace(with: low, where: low .< one)
            return high
        }
        cb.withUnsafeBufferPointer { cbp in cr.withUnsafeBufferPointer { crp in
            guard let u0 = cbp.baseAddress, let v0 = crp.baseAddress else { return }
            var column = 0
            while column < count {
                let x = x0 &+ column
                let yv: SIMD8<Float>
                if x &+ 8 <= width {
                    yv = SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: UnsafeRawPointer(luma).loadUnaligned(fromByteOffset: x, as: SIMD8<UInt8>.self)))
                } else {
                    var tail = SIMD8<Float>(repeating: 0)
                    for j in 0..<(width &- x) { tail[j] = Float(luma[x &+ j]) }
                    yv = tail
                }
                // Pixel 2k reads ¾ of chroma k and ¼ of k − 1; pixel 2k + 1 ¾ of k and ¼ of k + 1 (index + 1
                // in the padded rows).
                let k = x &>> 1
                let u = Self.upsample(u0, k), v = Self.upsample(v0, k)
                let r = clamp(yv * m.r.x + u * m.r.y + v * m.r.z + m.r.w)
                let g = clamp(yv * m.g.x + u * m.g.y + v * m.g.z + m.g.w)
                let b = clamp(yv * m.b.x + u * m.b.y + v * m.b.z + m.b.w)
                emit(column, r, g, b)
                column &+= 8
            }
        } }
    }

    @inline(__always)
    private static func upsample(_ row: UnsafePointer<Float>, _ k: Int) -> SIMD8<Float> {
        let left = UnsafeRawPointer(row + k).loadUnaligned(as: SIMD4<Float>.self)
        let centre = UnsafeRawPointer(row + (k &+ 1)).loadUnaligned(as: SIMD4<Float>.self)
        let right = UnsafeRawPointer(row + (k &+ 2)).loadUnaligned(as: SIMD4<Float>.self)
        let even = centre * 0.75 + left * 0.25, odd = centre * 0.75 + right * 0.25
        return SIMD8(even[0], odd[0], even[1], odd[1], even[2], odd[2], even[3], odd[3])
    }

    @inline(__always)
    private static func bytes(_ p: UnsafePointer<UInt8>, _ offset: Int) -> SIMD8<Float> {
        SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt8>.self)))
    }

    /// Replicates the edge samples (bilinear sampling clamps to the plane) and zeroes the slack the last
    /// group's loads reach.
    private static func padEnds(_ row: UnsafeMutablePointer<Float>, _ n: Int) {
        row[0] = row[1]
        for i in (n &+ 1)..<(n &+ 10) { row[i] = row[n] }
    }
}
