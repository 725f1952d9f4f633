import IrisCore

/// A `ColorCube` prepared for the render loops: the cube's coordinates in fixed point (`fractionBits` bits
/// per cell), so `CubeRowLookup` selects corners and tetrahedra in integers and a pixel costs four table
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
    /// `ColorCube.isSeparable`: `ChannelByteTables` can stand for it.
    let isSeparable: Bool
    /// The cube's entries (index (b·size + g)·size + r).
    let entries: [SIMD4<Float>]
    /// What a channel value of 1 becomes in fixed point: (size − 1) cells.
    let unitScale: Float
    /// For `CubeRowLookup.Coordinates.unit16` (1 = 2^`FixedPointMatrix.coordinateBits`): the bits of one
    /// cell, when size − 1 is a power of two no larger than that span; nil for any other size.
    var unit16CellBits: Int? {
        let cells = size - 1
        guard cells >= 1, cells.nonzeroBitCount == 1, cells.trailingZeroBitCount <= FixedPointMatrix.coordinateBits
        else { return nil }
        return FixedPointMatrix.coordinateBits - cells.trailingZeroBitCount
    }

    init(_ cube: ColorCube) {
        size = cube.size
        isOpaqueAndFinite = cube.isOpaque && cube.isFinite
        isSeparable = cube.isSeparable
        entries = cube.entries
        unitScale = Float(cube.size - 1) * Float(Self.one)
    }

    /// Converts colours in 0…1 (clamped; NaN reads as 0) to the fixed-point coordinates `CubeRowLookup` takes.
    @inline(__always)
    func coordinates(
        of colours: UnsafePointer<SIMD4<Float>>, count: Int,
        r: UnsafeMutablePointer<Int32>, g: UnsafeMutablePointer<Int32>, b: UnsafeMutablePointer<Int32>
    ) {
        let scale = unitScale
        @inline(__always) func fixed(_ v: Float) -> Int32 {
            let c = (v > 0 ? (v < 1 ? v : 1) : 0) * scale + 0.5
            return Int32(truncatingIfNeeded: Int(c))
        }
        for i in 0..<count {
            let c = colours[i]
            r[i] = fixed(c.x)
            g[i] = fixed(c.y)
            b[i] = fixed(c.z)
        }
    }

    /// Runs `body` with a pointer to the entries, so row loops read it without array checks.
    @inline(__always)
    func withEntries<R>(_ body: (UnsafePointer<SIMD4<Float>>) -> R) -> R {
        entries.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
