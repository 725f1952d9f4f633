import Foundation
import IrisCore
import IrisDetect

/// The faces' skin colour, and the CIFaceBalance that moves it to a natural skin hue.
///
/// Rule: on the white-balanced picture, the pixels of each face's cheeks and nose (`FaceRegions`) whose
/// perceptual YIQ looks like skin (luma 0.15…0.95, chroma 0.02…0.3, hue within 45° of the skin axis) are
/// averaged. When at least 20 such pixels are found and their hue is more than 18° from the natural skin hue
/// (`SkinTone.naturalAngle`), CIFaceBalance gets their mean I and Q, a strength that grows from 0 at 18° to 1
/// at 30°, and warmth 0.5 (skin hues differ from person to person by more than 12°, and a face that is
/// only a little off is the person's, not the light's).
struct SkinToneAnalysis {
    let i: Double, q: Double
    let strength: Double
    let pixelCount: Int
    /// How far the skin's hue is from the natural skin hue, in degrees.
    let offNaturalDegrees: Double
    /// The skin's hue less the natural skin hue, in degrees: positive towards pink (YIQ's Q), negative towards orange (I).
    let hueFromNaturalDegrees: Double

    static let minimumPixels = 20
    static let toleranceDegrees = 18.0, fullDegrees = 30.0

    init?(_ view: AnalysisView, faces: [FaceFeature]) {
        guard !faces.isEmpty else { return nil }
        let regions = faces.map(FaceRegions.init)
        var sumI = 0.0, sumQ = 0.0, count = 0
        for row in 0..<view.height {
            for x in 0..<view.width {
                let point = view.imagePoint(x: Double(x), row: Double(row))
                guard regions.contains(where: { $0.contains(skin: point) }) else { continue }
                let yiq = SkinTone.yiq(Perceptual.of(view.pixels[row * view.width + x]))
                let chroma = (yiq.y * yiq.y + yiq.z * yiq.z).squareRoot()
                guard (0.15...0.95).contains(yiq.x), (0.02...0.3).contains(chroma),
                    abs(SkinTone.angleDegrees(i: yiq.y, q: yiq.z) - SkinTone.naturalAngleDegrees) < 45
                else { continue }
                sumI += yiq.y
                sumQ += yiq.z
                count += 1
            }
        }
        guard count >= Self.minimumPixels else { return nil }
        i = sumI / Double(count)
        q = sumQ / Double(count)
        pixelCount = count
        hueFromNaturalDegrees = SkinTone.angleDegrees(i: i, q: q) - SkinTone.naturalAngleDegrees
        let off = abs(hueFromNaturalDegrees)
        offNaturalDegrees = off
        strength = min(1, max(0, (off - Self.toleranceDegrees) / (Self.fullDegrees - Self.toleranceDegrees)))
    }
}

/// Skin in YIQ (IrisCore's `YIQ`) on perceptual RGB, as CIFaceBalance reads it; the natural skin hue is
/// `YIQ.naturalSkinHue`, CIFaceBalance's own.
enum SkinTone {
    static let naturalAngleDegrees = YIQ.naturalSkinHue * 180 / .pi

    static func angleDegrees(i: Double, q: Double) -> Double { atan2(q, i) * 180 / .pi }

    static func yiq(_ p: SIMD3<Float>) -> SIMD3<Double> { YIQ.yiq(SIMD3<Double>(p)) }
}
