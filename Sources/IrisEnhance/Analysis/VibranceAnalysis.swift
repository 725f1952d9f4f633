import IrisCore

/// Muted colour, and the CIVibrance that brings it back.
///
/// Rule: on the corrected picture, the mean perceptual chroma (largest minus smallest component) of the
/// pixels between black and white (luma 0.1…0.9). Between 0.015 and 0.06 the picture is dull: vibrance
/// min(0.3, 6 · (0.09 − chroma)). A picture of ordinary colour gets none, nor does a black-and-white one.
struct VibranceAnalysis {
    let amount: Double
    static let dullChroma = 0.06, greyChroma = 0.015

    init(_ view: AnalysisView) {
        var sum = 0.0, count = 0
        for pixel in view.pixels {
            let p = Perceptual.of(pixel)
            let luma = Perceptual.of(WorkingSpaceLuma.luma(pixel))
            guard luma > 0.1, luma < 0.9 else { continue }
            sum += Double(max(p.x, max(p.y, p.z)) - min(p.x, min(p.y, p.z)))
            count += 1
        }
        let chroma = count > 0 ? sum / Double(count) : 1
        amount = chroma < Self.dullChroma && chroma > Self.greyChroma ? min(0.3, 6 * (0.09 - chroma)) : 0
    }
}
