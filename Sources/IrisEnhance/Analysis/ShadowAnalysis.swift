import IrisCore
import IrisDetect

/// Faces lost in shadow (a backlit portrait), and the CIHighlightShadowAdjust that lifts them.
///
/// Rule: on the corrected picture, the mean perceptual luma of the faces' cheeks and nose (`FaceRegions`).
/// When it is below 0.38 while the picture's median is at least 0.1 brighter (the face is darker than its
/// surroundings, not the whole picture dark), and the faces' boxes cover at least a tenth of the picture (the
/// lift reaches every shadow, so for a small face it changes more of the picture than the face it helps: on
/// the enhance set's backlit portraits it only ever fired on faces under 5 % of the picture, and each time
/// left the picture further from the original than doing nothing), the shadows are lifted by
/// min(1, 2.5 · (0.45 − face luma)),
/// with the local brightness taken over a Gaussian of σ = 1.5 % of the picture's longer side (2…100 pixels),
/// so the lift follows regions, not texture. Highlights are left alone (highlight amount 1).
struct ShadowAnalysis {
    let shadowAmount: Double
    let radius: Double

    static let darkFace = 0.38, faceGoal = 0.45
    /// The share of the picture the faces' boxes must cover.
    static let leastFaceShare = 0.1

    init?(_ view: AnalysisView, faces: [FaceFeature], extent: Rect) {
        let faceArea = faces.map { $0.bounds.intersection(extent) }.reduce(0.0) { $0 + $1.width * $1.height }
        guard !faces.isEmpty, faceArea >= Self.leastFaceShare * extent.width * extent.height else { return nil }
        let regions = faces.map(FaceRegions.init)
        var faceSum = 0.0, faceCount = 0
        var luma: [Float] = []
        luma.reserveCapacity(view.pixels.count)
        for row in 0..<view.height {
            for x in 0..<view.width {
                let y = Perceptual.of(WorkingSpaceLuma.luma(view.pixels[row * view.width + x]))
                luma.append(y)
                let point = view.imagePoint(x: Double(x), row: Double(row))
                if regions.contains(where: { $0.contains(skin: point) }) {
                    faceSum += Double(y)
                    faceCount += 1
                }
            }
        }
        guard faceCount >= 4 else { return nil }
        let face = faceSum / Double(faceCount), median = Perceptual.percentile(luma, 0.5)
        guard face < Self.darkFace, median >= face + 0.1 else { return nil }
        shadowAmount = min(1, 2.5 * (Self.faceGoal - face))
        radius = min(100, max(2, 0.015 * max(extent.width, extent.height)))
    }
}
