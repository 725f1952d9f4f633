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
    let bands: [FloatBand]

    /// Runs `body` with a sampler whose pointers stay valid for the call.
    func withSampler<R>(_ body: (BilinearSampler<FloatGrid>) -> R) -> R {
        guard bands.allSatisfy({ $0.count > 0 }) else {
            // Nothing stored (a hand-built plan may omit a pass's rect): every sample is 0.
            let grid = FloatGrid(bands: [], rowsPerBand: 1, width: 0, height: 0)
            return body(BilinearSampler(grid: grid, originX: 0, originY: 0, extent: extent))
        }
        // The bands own their memory and live as long as `self`, which the call holds.
        return withExtendedLifetime(bands) {
            let grid = FloatGrid(
                bands: bands.map { UnsafePointer($0.base) }, rowsPerBand: max(rowsPerBand, 1), width: width,
                height: height)
            return body(BilinearSampler(grid: grid, originX: Int(rect.x), originY: Int(rect.y), extent: extent))
        }
    }
}
