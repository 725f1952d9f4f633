import IrisCore

/// A `ColorCube` prepared for the render loops: tetrahedral interpolation with the cube's coordinates in
/// fixed point (`fractionBits` bits per cell) and integer corner selection, so a pixel costs four table
/// reads and four multiply-adds of a SIMD4, whatever the chain it replaces.
struct CubeInterpolator: Sendable {
    /// 12 bits keep the coordinate's rounding far below a code value even where a chain is steep (an
    /// invert followed by the sRGB encode near black multiplies input steps by about 30).
    static let fractionBits = 12
    static let one: Int32 = 1 << 12

    let size: Int
    /// Every entry is finite and has alpha 1 (`ColorCube.isOpaque`, `isFinite`): what the sRGB byte table
    /// after it needs.
    let isOpaqueAndFinite: Bool
    /// The cube's entries (index (b·size + g)·size + r).
    let entries: [SIMD4<Float>]
    /// What a channel value of 1 becomes in fixed point: (size − 1) cells.
    let unitScale: Float

    init(_ cube: ColorCube) {
        size = cube.size
        isOpaqueAndFinite = cube.isOpaque && cube.isFinite
        entries = cube.entries
        unitScale = Float(cube.size - 1) * Float(Self.one)
    }

    /// Looks up `count` pixels whose r, g, b are fixed-point cube coordinates in 0…unitScale.
    @inline(__always)
    func lookup(r: UnsafePointer<Int32>, g: UnsafePointer<Int32>, b: UnsafePointer<Int32>, count: Int,
                into out: UnsafeMutablePointer<SIMD4<Float>>) {
        entries.withUnsafeBufferPointer { table in
            guard let base = table.baseAddress else { return }
            Self.interpolate(r, g, b, count, base, size, out)
        }
    }

    /// Converts colours in 0…1 (clamped; NaN reads as 0) to the fixed-point coordinates `lookup` takes.
    @inline(__always)
    func coordinates(of colours: UnsafePointer<SIMD4<Float>>, count: Int,
                     r: UnsafeMutablePointer<Int32>, g: UnsafeMutablePointer<Int32>, b: UnsafeMutablePointer<Int32>) {
        let scale = unitScale
        @inline(__always) func fixed(_ v: Float) -> Int32 {
            let c = (v > 0 ? (v < 1 ? v : 1) : 0) * scale + 0.5
            return Int32(truncatingIfNeeded: Int(c))
        }
        for i in 0..<count {
            let c = colours[i]
            r[i] = fixed(c.x); g[i] = fixed(c.y); b[i] = fixed(c.z)
        }
    }

    /// Runs `body` with a pointer to the entries, so row loops call `sample` without array checks.
    @inline(__always)
    func withEntries<R>(_ body: (UnsafePointer<SIMD4<Float>>) -> R) -> R {
        entries.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    @inline(__always)
    private static func interpolate(_ r: UnsafePointer<Int32>, _ g: UnsafePointer<Int32>, _ b: UnsafePointer<Int32>, _ count: Int,
                                    _ table: UnsafePointer<SIMD4<Float>>, _ size: Int, _ out: UnsafeMutablePointer<SIMD4<Float>>) {
        for i in 0..<count { out[i] = sample(Int(r[i]), Int(g[i]), Int(b[i]), table, size) }
    }

    /// One pixel: fixed-point coordinates in 0…unitScale, `table` this cube's entries.
    @inline(__always)
    static func sample(_ rv: Int, _ gv: Int, _ bv: Int, _ table: UnsafePointer<SIMD4<Float>>, _ size: Int) -> SIMD4<Float> {
        let strideG = size, strideB = size &* size, diagonal = 1 &+ size &+ size &* size
        let lastCell = size &- 2
        let unit: Float = 1 / Float(one)
        // The top face (a coordinate of exactly 1) belongs to the last cell, with a full fraction.
        let ir = min(rv &>> fractionBits, lastCell), ig = min(gv &>> fractionBits, lastCell), ib = min(bv &>> fractionBits, lastCell)
        let fr = rv &- ir &<< fractionBits, fg = gv &- ig &<< fractionBits, fb = bv &- ib &<< fractionBits
        let corner = table + (ir &+ ig &* strideG &+ ib &* strideB)
        // Sort the fractions; the tetrahedron walks from the corner along the axis of the largest
        // fraction, then of the middle one, to the opposite corner.
        let hi = max(fr, max(fg, fb)), lo = min(fr, min(fg, fb)), mid = fr &+ fg &+ fb &- hi &- lo
        let first = fr == hi ? 1 : (fg == hi ? strideG : strideB)
        let lastAxis = (fb == lo && first != strideB) ? strideB : ((fg == lo && first != strideG) ? strideG : 1)
        let second = diagonal &- lastAxis
        let w = SIMD4<Float>(Float(Int32(truncatingIfNeeded: Int(one) &- hi)), Float(Int32(truncatingIfNeeded: hi &- mid)),
                             Float(Int32(truncatingIfNeeded: mid &- lo)), Float(Int32(truncatingIfNeeded: lo))) * unit
        return corner[0] * w[0] + corner[first] * w[1] + corner[second] * w[2] + corner[diagonal] * w[3]
    }
}
