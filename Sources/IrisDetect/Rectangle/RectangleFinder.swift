/// The rectangle detector: gradients on a reduced copy, orientation-aware Hough lines, the best-supported
/// quad of line pairs, then sides refitted on the full-resolution luma.
struct RectangleFinder {
    let aspectRatio: Double
    /// Fraction of the shorter side that the quad's shortest side must reach.
    let minimumSize: Double
    let accuracy: DetectorOptions.Accuracy

    struct Found {
        /// Cyclic corners in continuous top-left coordinates of the full-resolution plane.
        var corners: [SIMD2<Double>]
        var confidence: Double
    }

    func find(in luma: LumaPlane, workingScale factor: Int) -> Found? {
        let working = luma.downscaled(by: factor)
        guard working.width >= 16, working.height >= 16 else { return nil }
        let map = GradientMap(working)
        let shorter = Double(min(working.width, working.height))
        // Perspective shortens sides: allow the far side to be 60 % of the requested size.
        let minimumSide = max(8, 0.6 * minimumSize * shorter)
        let lines = HoughLines.find(
            in: map, minimumVotes: Int(max(8, 0.5 * minimumSide)),
            maximumLines: accuracy == .high ? 24 : 16)
        let supports = lines.map { LineSupport(line: $0, map: map) }
        let search = QuadSearch(
            width: working.width, height: working.height, minimumSide: minimumSide,
            aspectRatio: aspectRatio, minimumCoverage: 0.5, meanCoverage: 0.65)
        guard let best = search.best(of: supports) else { return nil }
        // Pixel indices of the working plane → continuous full-resolution coordinates.
        let scale = Double(factor)
        let coarse = best.corners.map { ($0 + 0.5) * scale }
        let refined = EdgeRefinement(luma: luma, searchRadius: 1.5 * scale + 2).refine(coarse)
        return Found(corners: refined, confidence: best.meanCoverage)
    }
}
