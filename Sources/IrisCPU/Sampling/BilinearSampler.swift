/// Samples a stored rectangle the way every renderer must (RenderPlan's convention): bilinear between
/// texel centres, clamped to the stored rectangle's edges, and 0 outside the image's extent.
struct BilinearSampler<Grid: TexelGrid> {
    let grid: Grid
    /// Global coordinates of the stored rectangle's bottom-left corner.
    let originX: Int
    let originY: Int
    let extent: ExtentBounds

    /// Writes the samples at `points` to `out`; `scratch` is the caller's reusable row storage.
    func sample(_ points: SpanPoints, into out: UnsafeMutablePointer<SIMD4<Float>>, scratch: inout [SIMD4<Float>]) {
        let n = points.count
        guard grid.width > 0, grid.height > 0, !extent.isEmpty else {
            out.update(repeating: .zero, count: n)
            return
        }
        switch points.shape {
        case let .row(x0, y): sampleCentres(x0: x0, y: y, count: n, into: out)
        case let .constantY(y): sampleRow(y: y, points.coords, into: out, scratch: &scratch)
        case .scattered: sampleScattered(points.coords, into: out)
        }
    }

    /// Points on texel centres: straight reads, no interpolation.
    private func sampleCentres(x0: Int, y: Int, count n: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        guard extent.containsRow(centre: Double(y) + 0.5) else {
            out.update(repeating: .zero, count: n)
            return
        }
        let w = grid.width, h = grid.height
        let row = grid.row(min(max(originY + h - 1 - y, 0), h - 1))
        let inside = extent.columns(x0: x0, count: n)
        out.update(repeating: .zero, count: inside.lowerBound)
        (out + inside.upperBound).update(repeating: .zero, count: n - inside.upperBound)
        // Within the extent: columns left of the stored rect repeat its first texel, right of it its last.
        let firstStored = min(max(originX - x0, inside.lowerBound), inside.upperBound)
        let endStored = min(max(originX + w - x0, firstStored), inside.upperBound)
        if firstStored > inside.lowerBound {
            (out + inside.lowerBound).update(repeating: row.texel(0), count: firstStored - inside.lowerBound)
        }
        if endStored > firstStored {
            row.copy(from: x0 + firstStored - originX, count: endStored - firstStored, into: out + firstStored)
        }
        if inside.upperBound > endStored {
            (out + endStored).update(repeating: row.texel(w - 1), count: inside.upperBound - endStored)
        }
    }

    /// Points sharing one y (a horizontal scale such as chroma upsampling): the two rows are blended
    /// vertically once over the columns the span touches, then each point needs one horizontal lerp.
    private func sampleRow(
        y: Float, _ coords: [SIMD2<Float>], into out: UnsafeMutablePointer<SIMD4<Float>>,
        scratch: inout [SIMD4<Float>]
    ) {
        let n = coords.count
        guard extent.containsRow(centre: Double(y)) else {
            out.update(repeating: .zero, count: n)
            return
        }
        let w = grid.width, h = grid.height
        let m = min(max(Float(originY + h) - y - 0.5, 0), Float(h - 1))
        let m0 = Int(m), fy = m - Float(m0)
        let row0 = grid.row(m0), row1 = grid.row(min(m0 + 1, h - 1))
        let left = Float(originX) + 0.5, lastColumn = Float(w - 1)
        coords.withUnsafeBufferPointer { p in
            var lo = Float.infinity, hi = -Float.infinity
            for i in 0..<n where extent.containsColumn(p[i].x) {
                lo = min(lo, p[i].x)
                hi = max(hi, p[i].x)
            }
            guard lo <= hi else {
                out.update(repeating: .zero, count: n)
                return
            }
            let first = Int(min(max(lo - left, 0), lastColumn))
            let count = min(Int(min(max(hi - left, 0), lastColumn)) + 1, w - 1) - first + 1
            // A sparse span (a strong downscale) would blend columns nobody reads.
            guard count <= 2 * n + 16 else {
                for i in 0..<n { out[i] = extent.containsColumn(p[i].x) ? blend(row0, row1, fy, x: p[i].x) : .zero }
                return
            }
            scratch.resize(to: 2 * count, fill: .zero)
            scratch.withUnsafeMutableBufferPointer { rows in
                guard let blended = rows.baseAddress else { return }
                row0.copy(from: first, count: count, into: blended)
                if fy > 0 {
                    row1.copy(from: first, count: count, into: blended + count)
                    let a = UnsafeMutableRawPointer(blended).assumingMemoryBound(to: Float.self)
                    let b = UnsafeMutableRawPointer(blended + count).assumingMemoryBound(to: Float.self)
                    for j in 0..<(count * 4) { a[j] += (b[j] - a[j]) * fy }
                }
                // Branch-free inner loop: at the right edge fx is 0, so clamping the second index is harmless.
                let last = count &- 1
                for i in 0..<n {
                    let x = p[i].x
                    let d = x - left
                    let u = d > 0 ? (d < lastColumn ? d : lastColumn) : 0  // NaN → 0 before the conversion
                    // u ≥ 0, so truncation is floor; Float(whole) avoids rounded(.towardZero), a libm
                    // call on the baseline x86-64 target.
                    let whole = Int32(u)
                    let c = Int(whole) &- first, fx = u - Float(whole)
                    let a = blended[c], b = blended[min(c &+ 1, last)]
                    out[i] = extent.containsColumn(x) ? a + (b - a) * fx : .zero
                }
            }
        }
    }

    private func sampleScattered(_ coords: [SIMD2<Float>], into out: UnsafeMutablePointer<SIMD4<Float>>) {
        let h = grid.height
        let top = Float(originY + h) - 0.5
        coords.withUnsafeBufferPointer { p in
            for i in 0..<p.count {
                let q = p[i]
                guard extent.contains(q) else {
                    out[i] = .zero
                    continue
                }
                let m = min(max(top - q.y, 0), Float(h - 1))
                let m0 = Int(m)
                out[i] = blend(grid.row(m0), grid.row(min(m0 + 1, h - 1)), m - Float(m0), x: q.x)
            }
        }
    }

    /// The bilinear value at global x between two memory rows; `fy` weighs the lower one (row1).
    @inline(__always)
    private func blend(_ row0: Grid.Row, _ row1: Grid.Row, _ fy: Float, x: Float) -> SIMD4<Float> {
        let w = grid.width
        let u = min(max(x - Float(originX) - 0.5, 0), Float(w - 1))
        let c0 = Int(u), fx = u - Float(c0)
        let c1 = min(c0 + 1, w - 1)
        var a = row0.texel(c0)
        if fx > 0 { a += (row0.texel(c1) - a) * fx }
        if fy > 0 {
            var b = row1.texel(c0)
            if fx > 0 { b += (row1.texel(c1) - b) * fx }
            a += (b - a) * fy
        }
        return a
    }
}
