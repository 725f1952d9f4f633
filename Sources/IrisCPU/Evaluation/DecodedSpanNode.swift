import IrisCore

/// A 4:2:0 frame's decode (and the baked cube over it, if any) inside the span interpreter: row spans of
/// pixel centres inside the frame are decoded with `YCbCrRowDecoder` and looked up with `CubeRowLookup`, as
/// the direct output path does, so a chain with something the output path cannot take after its cube (a
/// vignette, detector overlays) still decodes at row speed. Other point shapes go to `fallback`, the
/// interpreted kernel tree.
final class DecodedSpanNode: SpanNode {
    private let source: YCbCrSource
    private let cube: CubeInterpolator?
    private let fallback: SpanNode
    private let matrix: YCbCrRowDecoder.ScaledMatrix
    private var decoder: YCbCrRowDecoder
    private let cubeRows = CubeRowLookup()
    /// The global row whose chroma the decoder holds.
    private var blendedRow: Int?
    private var r: [Int32] = [], g: [Int32] = [], b: [Int32] = []
    /// Three rows of the fixed-point decode's 16-bit coordinates, for a power-of-two cube.
    private var unit16: [UInt16] = []

    /// Without a cube, values come out in 0…`floatScale` and are scaled to 0…1.
    private static let floatScale: Float = 1_048_576

    init(source: YCbCrSource, cube: CubeInterpolator?, fallback: SpanNode) {
        self.source = source
        self.cube = cube
        self.fallback = fallback
        matrix = YCbCrRowDecoder.ScaledMatrix(source.matrix, scale: cube?.unitScale ?? Self.floatScale)
        decoder = source.makeDecoder()
    }

    func evaluate(_ points: SpanPoints, into out: inout [SIMD4<Float>]) {
        let count = points.count
        guard case let .row(x0, y) = points.shape, count > 0, x0 >= 0, x0 + count <= source.width, y >= 0,
            y < source.height
        else {
            fallback.evaluate(points, into: &out)
            return
        }
        // The decoder works from an even column.
        let start = x0 & ~1, skip = x0 - start, n = count + skip
        if r.count < n {
            r = [Int32](repeating: 0, count: n)
            g = r
            b = r
        }
        if blendedRow != y {
            source.blendChroma(forGlobalRow: y, into: &decoder)
            blendedRow = y
        }
        out.resize(to: count, fill: .zero)
        if let cube, let cellBits = cube.unit16CellBits, matrix.fixedPointCoordinates != nil {
            // As the direct output path: the 16-bit coordinates go to the cube as they are.
            let stride = n + YCbCrRowDecoder.outputPadding
            if unit16.count < 3 * stride { unit16 = [UInt16](repeating: 0, count: 3 * stride) }
            unit16.withUnsafeMutableBufferPointer { p in
                out.withUnsafeMutableBufferPointer { op in
                    guard let base = p.baseAddress, let os = op.baseAddress else { return }
                    let (rs, gs, bs) = (base, base + stride, base + 2 * stride)
                    source.withLumaRow(globalRow: y) { luma in
                        decoder.decodeToUnit16(luma: luma, x0: start, count: n, matrix: matrix, r: rs, g: gs, b: bs)
                    }
                    cubeRows.lookUp(
                        cube, .unit16(r: rs + skip, g: gs + skip, b: bs + skip, cellBits: cellBits), count: count,
                        into: os)
                }
            }
            return
        }
        r.withUnsafeMutableBufferPointer { rp in
            g.withUnsafeMutableBufferPointer { gp in
                b.withUnsafeMutableBufferPointer { bp in
                    out.withUnsafeMutableBufferPointer { op in
                        guard let rs = rp.baseAddress, let gs = gp.baseAddress, let bs = bp.baseAddress,
                            let os = op.baseAddress
                        else { return }
                        source.withLumaRow(globalRow: y) { luma in
                            decoder.decode(luma: luma, x0: start, count: n, matrix: matrix, r: rs, g: gs, b: bs)
                        }
                        if let cube {
                            cubeRows.lookUp(
                                cube, .cells(r: rs + skip, g: gs + skip, b: bs + skip), count: count, into: os)
                        } else {
                            let unit = 1 / Self.floatScale
                            for i in 0..<count {
                                let j = i &+ skip
                                os[i] = SIMD4(Float(rs[j]) * unit, Float(gs[j]) * unit, Float(bs[j]) * unit, 1)
                            }
                        }
                    }
                }
            }
        }
    }
}
