import IrisCore

/// One pass's result for one tile: premultiplied linear RGBA floats covering `rect`, rows top to bottom,
/// held as the bands of whole rows the render threads produced (no copy to join them).
struct PassImage: Sendable {
    /// The global rectangle stored (the tile's pass rect).
    let rect: Rect
    /// Where the pass is defined; sampling gives 0 outside.
    let extent: ExtentBounds
    let width: Int
    let height: Int
    let rowsPerBand: Int
    /// Band b holds memory rows b * rowsPerBand ..< min((b + 1) * rowsPerBand, height).
    let bands: [[SIMD4<Float>]]

    /// Runs `body` with a sampler whose pointers stay valid for the call.
    func withSampler<R>(_ body: (BilinearSampler<FloatGrid>) -> R) -> R {
        guard bands.allSatisfy({ !$0.isEmpty }) else {
            // Nothing stored (a hand-built plan may omit a pass's rect): every sample is 0.
            let grid = FloatGrid(bands: [], rowsPerBand: 1, width: 0, height: 0)
            return body(BilinearSampler(grid: grid, originX: 0, originY: 0, extent: extent))
        }
        var bases: [UnsafePointer<SIMD4<Float>>] = []
        bases.reserveCapacity(bands.count)
        return withBandPointers(from: 0, collecting: &bases) { bases in
            let grid = FloatGrid(bands: bases, rowsPerBand: max(rowsPerBand, 1), width: width, height: height)
            return body(BilinearSampler(grid: grid, originX: Int(rect.x), originY: Int(rect.y), extent: extent))
        }
    }

    /// Nests one `withUnsafeBufferPointer` per band so every band's pointer is valid inside `body`.
    private func withBandPointers<R>(from index: Int, collecting bases: inout [UnsafePointer<SIMD4<Float>>],
                                     _ body: ([UnsafePointer<SIMD4<Float>>]) -> R) -> R {
        if index == bands.count { return body(bases) }
        return bands[index].withUnsafeBufferPointer { p in
            // withSampler checked that no band is empty, so every band has storage.
            guard let base = p.baseAddress else { return body([]) }
            bases.append(base)
            return withBandPointers(from: index + 1, collecting: &bases, body)
        }
    }
}
