import IrisCore
import IrisDetect

/// A red pupil found in an eye: where CIRedEyeCorrection should work, in image coordinates, and the CIE a*
/// above which that eye's pixels count as red.
public struct RedPupil: Sendable, Equatable {
    public var center: Point
    public var radius: Double
    /// CIE a* (`CIELab.a`): the filter greys pixels from 7 below it, fully from 3 above it.
    public var redness: Double
    public init(center: Point, radius: Double, redness: Double) {
        self.center = center
        self.radius = radius
        self.redness = redness
    }
}

/// Finds red pupils in faces' eyes by colour, never from the face alone: an eye gets a correction only when
/// its opening holds a compact patch clearly redder than the rest of the eye.
///
/// Rule: around each eye (`FaceRegions.eyeBox`, rendered at up to 96 pixels across, and enlarged to 48 when
/// smaller: the patch rules below count view pixels, and at one view pixel an image pixel a pupil of radius
/// 1.3 leaves one or two pixels above the threshold once its rim is blurred, split by 4-connectivity, where
/// enlarged it spans a dozen) each pixel's redness is
/// its CIE a* (`CIELab.a`: the green–red axis, so magenta-red and orange-red pupils count as much as pure red
/// ones), measured against the rest of the box (the skin, lids and whites: reddish skin raises them). A pixel
/// is red above t = max(20, median + 10, upper quartile + 7): the upper quartile keeps the filter's ramp
/// (from t − 7) above the skin and lids of a face whose eye box is mostly iris and whites. The red pixels' 4-connected patches are found; the largest whose
/// centre lies in the box's middle 60 % across and 70 % down (within about two iris radii of where the
/// face detector put the eye: an eye's pink corner lies further out) and which fills at least 35 % of the disc spanning it is the pupil,
/// when it covers at least 3 view pixels and 0.4 % of the box, its mean a* is at least 12 above the
/// median, and its reddest pixel reaches a* 33 (a lid's or a corner's faint pink does not). Its centre is
/// the patch's centroid; its radius that of a disc of the patch's area, plus half a pixel, times 1.1 (the
/// filter fades out to 1.5 radii, so the blurred rim is covered); its threshold t (the filter greys pixels
/// from t − 7 on, fully from t + 3). A pupil under 3 pixels in radius is greyed from a lower threshold,
/// max(t − 4, median + 7): its blurred rim is a large share of it, and that blur pulls the rim's a* down
/// towards the skin's, below the ramp of the strict t; the filter's fade (1.5 radii) stays within about a
/// pixel of the rim, so the lower threshold reaches no lid or skin. A large pupil keeps t, because its fade
/// reaches the lids.
struct RedPupilFinder {
    static let viewSide = 96, leastViewSide = 48
    /// a*: the least threshold, how far above the median and the upper quartile a red pixel lies, and how
    /// far above the median a patch's mean must lie.
    static let leastThreshold: Float = 20, pixelAboveMedian: Float = 10, pixelAboveUpperQuartile: Float = 7
    static let patchAboveMedian: Float = 12
    /// a* the reddest pixel of a pupil reaches.
    static let peakRedness: Float = 33
    /// Pixels this dark are not judged by colour (the filter's own ramp, 0.06–0.12 in perceptual red).
    static let minimumRed: Float = 0.12
    /// Pupils smaller than this radius (image pixels) are greyed from a lower threshold (`correctionThreshold`).
    static let smallPupilRadius = 3.0
    /// a*: how far below t, and least how far above the median, a small pupil's threshold lies.
    static let smallPupilBelowThreshold: Float = 4, smallPupilAboveMedian: Float = 7

    /// The a* a pupil of `radius` is greyed from (the filter's inputs): t, or lower for a small pupil.
    static func correctionThreshold(_ threshold: Float, median: Float, radius: Double) -> Float {
        guard radius < smallPupilRadius else { return threshold }
        return max(threshold - smallPupilBelowThreshold, median + smallPupilAboveMedian)
    }

    let context: Context

    func pupils(in image: Image, faces: [FaceFeature]) throws(AutoAdjustmentError) -> [RedPupil] {
        var found: [RedPupil] = []
        for face in faces {
            let regions = FaceRegions(face)
            for eye in [regions.leftEye, regions.rightEye] {
                let box = regions.eyeBox(eye).intersection(image.extent)
                guard box.width >= 3, box.height >= 3 else { continue }
                let view = try AnalysisView.render(
                    image, area: box, longSide: Self.viewSide, leastLongSide: Self.leastViewSide, context: context)
                if let pupil = Self.pupil(in: view) { found.append(pupil) }
            }
        }
        return found
    }

    /// a* of a pixel, 0 for one too dark to tell.
    static func redness(_ linear: SIMD3<Float>) -> Float {
        Perceptual.of(linear.x) > minimumRed ? CIELab.a(linear) : 0
    }

    static func pupil(in view: AnalysisView) -> RedPupil? {
        let w = view.width, h = view.height
        let rednesses = view.pixels.map(redness)
        let median = Float(Perceptual.percentile(rednesses, 0.5))
        let upperQuartile = Float(Perceptual.percentile(rednesses, 0.75))
        let threshold = max(leastThreshold, median + pixelAboveMedian, upperQuartile + pixelAboveUpperQuartile)
        let red = rednesses.map { $0 > threshold }
        var label = [Int](repeating: -1, count: w * h)
        var best: (area: Int, sumX: Double, sumY: Double)?
        var next = 0
        for start in 0..<(w * h) where red[start] && label[start] < 0 {
            var stack = [start], area = 0, sumX = 0.0, sumY = 0.0, sumRedness: Float = 0, peak: Float = 0
            var minX = w, maxX = 0, minY = h, maxY = 0
            label[start] = next
            while let i = stack.popLast() {
                let x = i % w, y = i / w
                area += 1
                sumX += Double(x)
                sumY += Double(y)
                sumRedness += rednesses[i]
                peak = max(peak, rednesses[i])
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                where nx >= 0 && nx < w && ny >= 0 && ny < h {
                    let j = ny * w + nx
                    if red[j] && label[j] < 0 {
                        label[j] = next
                        stack.append(j)
                    }
                }
            }
            next += 1
            let cx = sumX / Double(area), cy = sumY / Double(area)
            let central =
                abs(cx + 0.5 - Double(w) / 2) < 0.3 * Double(w) && abs(cy + 0.5 - Double(h) / 2) < 0.35 * Double(h)
            let span = Double(max(maxX - minX, maxY - minY) + 1)
            let fill = Double(area) / (Double.pi * span * span / 4)
            guard central, fill >= 0.35, area >= 3, Double(area) >= 0.004 * Double(w * h),
                sumRedness / Float(area) >= median + patchAboveMedian, peak >= peakRedness
            else { continue }
            if area > best?.area ?? 0 { best = (area, sumX, sumY) }
        }
        guard let best else { return nil }
        let centre = view.imagePoint(x: best.sumX / Double(best.area), row: best.sumY / Double(best.area))
        let radius = ((Double(best.area) / .pi).squareRoot() + 0.5) * 1.1 * view.scale
        let redness = correctionThreshold(threshold, median: median, radius: radius)
        return RedPupil(center: centre, radius: radius, redness: Double(redness))
    }
}
