/// Felzenszwalb's 31-plane HOG (dlib's fHOG) of a grey picture, with the border padding dlib adds so a
/// filter can sit on the edge.
///
/// This is dlib 19.24's `extract_fhog_features(img, hog, cell_size, filter_rows_padding,
/// filter_cols_padding)` into `dlib::array<array2d<float>>`, arithmetic for arithmetic (as dlib compiles on
/// x86-64 without `-march`, SSE2): planes 0–17 are the contrast-sensitive orientations (20° bins, bin 0
/// along +x, the image's y pointing down), 18–26 the contrast-insensitive ones, 27–30 the four
/// gradient-energy (texture) features. Each plane is `rows × columns`: `cells − 2` feature cells each way
/// plus `padding − 1` zero rows/columns, `(padding − 1) / 2` of them before the first cell.
/// (dlib built with AVX/FMA, or on ARM, rounds a few sums differently, by about 1e-7; this gives the SSE2
/// build's numbers on every platform.)
struct FHOGFeatures: Sendable {
    static let planeCount = 31
    let rows: Int
    let columns: Int
    /// plane-major: `values[(plane * rows + row) * columns + column]`.
    var values: [Float]

    init(_ luma: LumaPlane, cellSize: Int, filterRowsPadding: Int, filterColumnsPadding: Int) {
        precondition(
            cellSize > 0 && filterRowsPadding > 0 && filterColumnsPadding > 0,
            "fHOG needs a positive cell size and paddings")
        if cellSize == 1 {
            (rows, columns, values) = Self.extractCellSizeOne(
                luma, rowsPadding: filterRowsPadding,
                columnsPadding: filterColumnsPadding)
        } else {
            (rows, columns, values) = Self.extract(
                luma, cellSize: cellSize, rowsPadding: filterRowsPadding,
                columnsPadding: filterColumnsPadding)
        }
    }

    /// The feature at `plane`, `row`, `column`.
    @inline(__always) subscript(plane: Int, row: Int, column: Int) -> Float {
        values[(plane * rows + row) * columns + column]
    }

    // MARK: Coordinate maps (fhog.h's image_to_fhog / fhog_to_image, as default_fhog_feature_extractor calls them)

    /// `image_to_fhog(rect, cell_size, filter_rows_padding, filter_cols_padding)`: the feature cells under an
    /// image rectangle (each corner mapped; `rectangle(p1, p2)` orders them).
    static func imageToFeatures(
        _ rect: DlibRect, cellSize: Int, filterRowsPadding: Int,
        filterColumnsPadding: Int
    ) -> DlibRect {
        func map(_ x: Int, _ y: Int) -> (x: Int, y: Int) {
            // one pixel of border around the image, one cell around the cells; C's truncating division
            (
                (x - 1) / cellSize - 1 + (filterColumnsPadding - 1) / 2,
                (y - 1) / cellSize - 1 + (filterRowsPadding - 1) / 2
            )
        }
        return DlibRect(corner: map(rect.left, rect.top), map(rect.right, rect.bottom))
    }

    /// `fhog_to_image(rect, cell_size, filter_rows_padding, filter_cols_padding)`: feature cells back to the
    /// image, each corner at the middle of its cell.
    static func featuresToImage(
        _ rect: DlibRect, cellSize: Int, filterRowsPadding: Int,
        filterColumnsPadding: Int
    ) -> DlibRect {
        func map(_ x: Int, _ y: Int) -> (x: Int, y: Int) {
            let px = (x + 1 - (filterColumnsPadding - 1) / 2) * cellSize + 1
            let py = (y + 1 - (filterRowsPadding - 1) / 2) * cellSize + 1
            let half = cellSize / 2
            return (px + (px >= 0 ? half : -half), py + (py >= 0 ? half : -half))
        }
        return DlibRect(corner: map(rect.left, rect.top), map(rect.right, rect.bottom))
    }

    // MARK: Constants, as dlib turns its double literals into floats

    /// dlib's nine unit vectors (x, y) for the orientation bins, literals rounded double → float.
    private static let directions: [(Float, Float)] = [
        (1.0000, 0.0000), (0.9397, 0.3420), (0.7660, 0.6428), (0.500, 0.8660), (0.1736, 0.9848),
        (-0.1736, 0.9848), (-0.5000, 0.8660), (-0.7660, 0.6428), (-0.9397, 0.3420)
    ].map { (x: Double, y: Double) in (Float(x), Float(y)) }

    private static let eps = Float(0.0001 as Double)
    private static let normScale = Float(0.2 as Double)
    private static let normNumerator = Float(0.1 as Double)
    private static let textureScale = Float(2 * 0.2357 as Double)

    /// dlib's orientation snap for every gradient (gx, gy) in −255…255: the bin (0–17) whose direction has the
    /// largest dot product, ties to the earlier bin, 0 for no gradient. Index `(gy + 255) * 511 + gx + 255`.
    /// The scalar and SIMD paths in dlib give the same bins, so one table serves both.
    static let orientationBins: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 511 * 511)
        let d = directions
        for gy in -255...255 {
            for gx in -255...255 {
                let fx = Float(gx), fy = Float(gy)
                var best: Float = 0
                var bin = 0
                for o in 0..<9 {
                    let dot = d[o].0 * fx + d[o].1 * fy
                    if dot > best {
                        best = dot
                        bin = o
                    } else if -dot > best {
                        best = -dot
                        bin = o + 9
                    }
                }
                table[(gy + 255) * 511 + gx + 255] = UInt8(bin)
            }
        }
        return table
    }()

    /// SSE2's horizontal sum, `_mm_add_ps(v, _mm_movehl_ps(v, v))` then lanes 0 + 1: (v0 + v2) + (v1 + v3).
    @inline(__always) private static func sum(_ v: SIMD4<Float>) -> Float { (v[0] + v[2]) + (v[1] + v[3]) }

    // MARK: cell_size > 1

    private static func extract(
        _ luma: LumaPlane, cellSize cs: Int, rowsPadding: Int,
        columnsPadding: Int
    ) -> (Int, Int, [Float]) {
        let nr = luma.height, nc = luma.width, stride = luma.bytesPerRow
        // (int)((float)nr/(float)cell_size + 0.5), the + 0.5 in double
        let cellsNR = Int(Double(Float(nr) / Float(cs)) + 0.5)
        let cellsNC = Int(Double(Float(nc) / Float(cs)) + 0.5)
        guard cellsNR > 0, cellsNC > 0 else { return (0, 0, []) }
        let hogNR = max(cellsNR - 2, 0), hogNC = max(cellsNC - 2, 0)
        guard hogNR > 0, hogNC > 0 else { return (0, 0, []) }
        let outRows = hogNR + rowsPadding - 1, outCols = hogNC + columnsPadding - 1
        let rowOffset = (rowsPadding - 1) / 2, colOffset = (columnsPadding - 1) / 2
        let visibleNR = min(cellsNR * cs, nr) - 1, visibleNC = min(cellsNC * cs, nc) - 1

        // Histograms of 18 orientations per cell, one cell of margin all round.
        let histCols = cellsNC + 2, histRow = histCols * 18
        var hist = [Float](repeating: 0, count: (cellsNR + 2) * histRow)

        // dlib's SIMD loop takes columns 1, 9, 17, … while x < visible_nc − 7, eight at a time; the rest
        // go through its scalar loop, whose weights are computed (and multiplied) differently.
        var simdEnd = 1
        while simdEnd < visibleNC - 7 { simdEnd += 8 }
        let xCount = max(visibleNC, 1)
        var columnOffset = [Int](repeating: 0, count: xCount)  // histogram column × 18
        var wx0 = [Float](repeating: 0, count: xCount), wx1 = [Float](repeating: 0, count: xCount)
        for x in 1..<xCount {
            if x < simdEnd {
                let xp = (Float(x) + 0.5) / Float(cs) + 0.5
                let ixp = Int(xp)  // cvttps, xp > 0
                wx0[x] = xp - Float(ixp)
                wx1[x] = 1 - wx0[x]
                columnOffset[x] = ixp * 18
            } else {
                let xp = Float((Double(x) + 0.5) / Double(cs) - 0.5)
                let ixp = Int(xp.rounded(.down))
                wx0[x] = xp - Float(ixp)
                wx1[x] = Float(1.0 - Double(wx0[x]))
                columnOffset[x] = (ixp + 1) * 18
            }
        }

        orientationBins.withUnsafeBufferPointer { bins in
            hist.withUnsafeMutableBufferPointer { hist in
                luma.bytes.withUnsafeBufferPointer { src in
                    columnOffset.withUnsafeBufferPointer { columnOffset in
                        wx0.withUnsafeBufferPointer { wx0 in
                            wx1.withUnsafeBufferPointer { wx1 in
                                for y in 1..<max(visibleNR, 1) {
                                    accumulateRow(
                                        y, cellSize: cs, pixels: src.baseAddress!, stride: stride,
                                        visibleNC: visibleNC, simdEnd: simdEnd,
                                        bins: bins.baseAddress! + (255 * 511 + 255),  // gradient (0, 0)
                                        columnOffset: columnOffset.baseAddress!,
                                        wx0: wx0.baseAddress!, wx1: wx1.baseAddress!,
                                        hist: hist.baseAddress!, histRow: histRow)
                                }
                            }
                        }
                    }
                }
            }
        }

        // Energy of each cell: the squared sums of opposite orientations.
        var norm = [Float](repeating: 0, count: cellsNR * cellsNC)
        hist.withUnsafeBufferPointer { hist in
            norm.withUnsafeMutableBufferPointer { norm in
                for r in 0..<cellsNR {
                    for c in 0..<cellsNC {
                        let cell = hist.baseAddress! + (r + 1) * histRow + (c + 1) * 18
                        var e: Float = 0
                        for o in 0..<9 {
                            let s = cell[o] + cell[o + 9]
                            e += s * s
                        }
                        norm[r * cellsNC + c] = e
                    }
                }
            }
        }

        var out = [Float](repeating: 0, count: planeCount * outRows * outCols)
        let planeStride = outRows * outCols
        let eps = SIMD4<Float>(repeating: Self.eps)
        let textureScale = Self.textureScale, normScale = Self.normScale, numerator = Self.normNumerator
        hist.withUnsafeBufferPointer { hist in
            norm.withUnsafeBufferPointer { norm in
                out.withUnsafeMutableBufferPointer { outBuffer in
                    let dst = outBuffer.baseAddress!
                    for y in 0..<hogNR {
                        let n0 = norm.baseAddress! + y * cellsNC, n1 = n0 + cellsNC, n2 = n1 + cellsNC
                        for x in 0..<hogNC {
                            let z1 = SIMD4(n1[x + 1], n0[x + 1], n1[x], n0[x])
                            let z2 = SIMD4(n1[x + 2], n0[x + 2], n1[x + 1], n0[x + 1])
                            let z3 = SIMD4(n2[x + 1], n1[x + 1], n2[x], n1[x])
                            let z4 = SIMD4(n2[x + 2], n1[x + 2], n2[x + 1], n1[x + 1])
                            let nn = normScale * (z1 + z2 + z3 + z4 + eps).squareRoot()
                            let n = numerator / nn
                            let cell = hist.baseAddress! + (y + 2) * histRow + (x + 2) * 18
                            let o0 = dst + (y + rowOffset) * outCols + x + colOffset
                            var t = SIMD4<Float>()
                            // contrast-sensitive features
                            var o = 0
                            while o < 18 {
                                let h0 = pointwiseMin(SIMD4(repeating: cell[o]), nn) * n
                                let h1 = pointwiseMin(SIMD4(repeating: cell[o + 1]), nn) * n
                                let h2 = pointwiseMin(SIMD4(repeating: cell[o + 2]), nn) * n
                                o0[o * planeStride] = sum(h0)
                                o0[(o + 1) * planeStride] = sum(h1)
                                o0[(o + 2) * planeStride] = sum(h2)
                                t += h0 + h1 + h2
                                o += 3
                            }
                            t *= textureScale
                            // contrast-insensitive features
                            for o in 0..<9 {
                                let h = pointwiseMin(SIMD4(repeating: cell[o] + cell[o + 9]), nn) * n
                                o0[(o + 18) * planeStride] = sum(h)
                            }
                            // texture features
                            o0[27 * planeStride] = t[0]
                            o0[28 * planeStride] = t[1]
                            o0[29 * planeStride] = t[2]
                            o0[30 * planeStride] = t[3]
                        }
                    }
                }
            }
        }
        return (outRows, outCols, out)
    }

    /// One image row's votes: each pixel's gradient magnitude goes to its orientation bin in the four
    /// cells around it, bilinearly weighted, in pixel order (so every bin sums in dlib's order).
    @inline(__always)
    private static func accumulateRow(
        _ y: Int, cellSize cs: Int, pixels: UnsafePointer<UInt8>, stride: Int,
        visibleNC: Int, simdEnd: Int, bins: UnsafePointer<UInt8>,
        columnOffset: UnsafePointer<Int>, wx0: UnsafePointer<Float>,
        wx1: UnsafePointer<Float>,
        hist: UnsafeMutablePointer<Float>, histRow: Int
    ) {
        // const float yp = ((float)y+0.5)/(float)cell_size - 0.5 (in double), and its weights
        let yp = Float((Double(Float(y)) + 0.5) / Double(Float(cs)) - 0.5)
        let iyp = Int(yp.rounded(.down))
        let vy0 = yp - Float(iyp), vy1 = Float(1.0 - Double(vy0))
        let upper = hist + (iyp + 1) * histRow, lower = upper + histRow
        let above = pixels + (y - 1) * stride, row = pixels + y * stride, below = pixels + (y + 1) * stride
        // dlib's SIMD columns: v11 = vy1·(vx1·v) and so on.
        for x in 1..<simdEnd {
            let gx = Int32(row[x &+ 1]) &- Int32(row[x &- 1]), gy = Int32(below[x]) &- Int32(above[x])
            let v = Float(gx &* gx &+ gy &* gy).squareRoot()
            let o = columnOffset[x] &+ Int(bins[Int(gy &* 511 &+ gx)])
            let a = wx1[x] * v, b = wx0[x] * v
            upper[o] += vy1 * a
            lower[o] += vy0 * a
            upper[o &+ 18] += vy1 * b
            lower[o &+ 18] += vy0 * b
        }
        // dlib's scalar columns: (vy1·vx1)·v and so on.
        for x in simdEnd..<max(visibleNC, simdEnd) {
            let gx = Int32(row[x &+ 1]) &- Int32(row[x &- 1]), gy = Int32(below[x]) &- Int32(above[x])
            let v = Float(gx &* gx &+ gy &* gy).squareRoot()
            let o = columnOffset[x] &+ Int(bins[Int(gy &* 511 &+ gx)])
            let x0 = wx0[x], x1 = wx1[x]
            upper[o] += vy1 * x1 * v
            lower[o] += vy0 * x1 * v
            upper[o &+ 18] += vy1 * x0 * v
            lower[o &+ 18] += vy0 * x0 * v
        }
    }

    // MARK: cell_size == 1 (dlib's impl_extract_fhog_features_cell_size_1)

    private static func extractCellSizeOne(
        _ luma: LumaPlane, rowsPadding: Int,
        columnsPadding: Int
    ) -> (Int, Int, [Float]) {
        let nr = luma.height, nc = luma.width, stride = luma.bytesPerRow
        guard nr > 2, nc > 2 else { return (0, 0, []) }
        let hogNR = nr - 2, hogNC = nc - 2
        let outRows = hogNR + rowsPadding - 1, outCols = hogNC + columnsPadding - 1
        let rowOffset = (rowsPadding - 1) / 2, colOffset = (columnsPadding - 1) / 2
        // Squared gradient length and orientation per pixel (zero on the picture's border).
        var norm = [Float](repeating: 0, count: nr * nc)
        var angle = [UInt8](repeating: 0, count: nr * nc)
        let bins = orientationBins
        luma.bytes.withUnsafeBufferPointer { src in
            for y in 1..<(nr - 1) {
                for x in 1..<(nc - 1) {
                    let gx = Int(src[y * stride + x + 1]) - Int(src[y * stride + x - 1])
                    let gy = Int(src[(y + 1) * stride + x]) - Int(src[(y - 1) * stride + x])
                    norm[y * nc + x] = Float(gx * gx + gy * gy)
                    angle[y * nc + x] = bins[(gy + 255) * 511 + gx + 255]
                }
            }
        }
        var out = [Float](repeating: 0, count: planeCount * outRows * outCols)
        let planeStride = outRows * outCols
        let eps = SIMD4<Float>(repeating: Self.eps)
        norm.withUnsafeBufferPointer { norm in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<hogNR {
                    for x in 0..<hogNC {
                        func at(_ r: Int, _ c: Int) -> Float { norm[r * nc + c] }
                        let z1 = SIMD4(at(y + 1, x + 1), at(y, x + 1), at(y + 1, x), at(y, x))
                        let z2 = SIMD4(at(y + 1, x + 2), at(y, x + 2), at(y + 1, x + 1), at(y, x + 1))
                        let z3 = SIMD4(at(y + 2, x + 1), at(y + 1, x + 1), at(y + 2, x), at(y + 1, x))
                        let z4 = SIMD4(at(y + 2, x + 2), at(y + 1, x + 2), at(y + 2, x + 1), at(y + 1, x + 1))
                        let temp0 = SIMD4(repeating: at(y + 1, x + 1).squareRoot())
                        let nn = normScale * (z1 + z2 + z3 + z4 + eps).squareRoot()
                        let n = normNumerator / nn
                        let h0 = pointwiseMin(temp0, nn) * n
                        let vv = sum(h0)
                        let a = Int(angle[(y + 1) * nc + x + 1])
                        let at0 = (y + rowOffset) * outCols + x + colOffset
                        dst[a * planeStride + at0] = vv
                        dst[(a % 9 + 18) * planeStride + at0] = vv
                        let t = h0 * textureScale
                        for k in 0..<4 { dst[(27 + k) * planeStride + at0] = t[k] }
                    }
                }
            }
        }
        return (outRows, outCols, out)
    }
}
