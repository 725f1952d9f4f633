import IrisCore
import IrisDetect

/// A red pupil found in an eye: where CIRedEyeCorrection should work, in image coordinates.
public struct RedPupil: Sendable, Equatable {
    public var center: Point
    public var radius: Double
    public init(center: Point, radius: Double) {
        self.center = center
        self.radius = radius
    }
}

/// Finds red pupils in faces' eyes by colour, never from the face alone: an eye gets a correction only when
/// its opening holds a compact patch of red.
///
/// Rule: around each eye (`FaceRegions.eyeBox`, rendered at up to 96 pixels across), a pixel is red when,
/// in perceptual RGB, (r − max(g, b)) / r > 0.5 and r > 0.12 (the measure CIRedEyeCorrection's mask uses).
/// The red pixels' 4-connected patches are found; the largest whose centre lies in the box's middle 70 %
/// and which fills at least 35 % of the disc spanning it is the pupil, when it covers at least 3 view pixels
/// and 0.4 % of the box, and its mean redness is at least 0.6 and 0.3 above the box's median (the skin and
/// the whites around it: under a warm cast skin reddens too, and an eye's pink inner corner is only a little
/// redder than its skin). Its centre is the patch's centroid; its radius that of a disc of the patch's area,
/// plus half a pixel, times 1.1 (the filter fades out to 1.5 radii, so the blurred rim is covered).
struct RedPupilFinder {
    static let rednessThreshold: Float = 0.5
    static let minimumRed: Float = 0.12
    static let viewSide = 96

    let context: Context

    func pupils(in image: Image, faces: [FaceFeature]) throws(AutoAdjustmentError) -> [RedPupil] {
        var found: [RedPupil] = []
        for face in faces {
            let regions = FaceRegions(face)
            for eye in [regions.leftEye, regions.rightEye] {
                let box = regions.eyeBox(eye).intersection(image.extent)
                guard box.width >= 3, box.height >= 3 else { continue }
                let view = try AnalysisView.render(image, area: box, longSide: Self.viewSide, context: context)
                if let pupil = Self.pupil(in: view) { found.append(pupil) }
            }
        }
        return found
    }

    static let patchRedness: Float = 0.6, aboveSurroundings: Float = 0.3

    /// (r − max(g, b)) / r in perceptual RGB, 0 for a pixel too dark to tell.
    static func redness(_ linear: SIMD3<Float>) -> Float {
        let p = Perceptual.of(linear)
        guard p.x > minimumRed else { return 0 }
        return (p.x - max(p.y, p.z)) / p.x
    }

    static func pupil(in view: AnalysisView) -> RedPupil? {
        let w = view.width, h = view.height
        let rednesses = view.pixels.map(redness)
        let red = rednesses.map { $0 > rednessThreshold }
        let surroundings = Float(Perceptual.percentile(rednesses, 0.5))
        var label = [Int](repeating: -1, count: w * h)
        var best: (area: Int, sumX: Double, sumY: Double)?
        var next = 0
        for start in 0..<(w * h) where red[start] && label[start] < 0 {
            var stack = [start], area = 0, sumX = 0.0, sumY = 0.0, sumRedness: Float = 0
            var minX = w, maxX = 0, minY = h, maxY = 0
            label[start] = next
            while let i = stack.popLast() {
                let x = i % w, y = i / w
                area += 1
                sumX += Double(x)
                sumY += Double(y)
                sumRedness += rednesses[i]
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
                abs(cx + 0.5 - Double(w) / 2) < 0.35 * Double(w) && abs(cy + 0.5 - Double(h) / 2) < 0.35 * Double(h)
            let span = Double(max(maxX - minX, maxY - minY) + 1)
            let fill = Double(area) / (Double.pi * span * span / 4)
            let meanRedness = sumRedness / Float(area)
            guard central, fill >= 0.35, area >= 3, Double(area) >= 0.004 * Double(w * h),
                meanRedness >= patchRedness, meanRedness >= surroundings + aboveSurroundings
            else { continue }
            if area > best?.area ?? 0 { best = (area, sumX, sumY) }
        }
        guard let best else { return nil }
        let centre = view.imagePoint(x: best.sumX / Double(best.area), row: best.sumY / Double(best.area))
        let radius = ((Double(best.area) / .pi).squareRoot() + 0.5) * 1.1 * view.scale
        return RedPupil(center: centre, radius: radius)
    }
}
