import Foundation
import IrisCore
import IrisDetect
import IrisVideo

/// A face detector scored on dlib truth: recall and precision at IoU ≥ 0.5 (each true face matched to at
/// most one found face, the best overlap first), and, where the truth has iBUG landmarks, the eye and mouth
/// error of the matched faces in units of the true eye distance.
///
///     let score = try StillFaceScore(DlibFaceTruth(contentsOf: xml), imagesIn: folder, detector: Detector(type: .face))
///     print(score.recall, score.precision)
public struct StillFaceScore: Sendable, Equatable {
    /// The overlap (intersection over union) a found face needs to count as the true one.
    public static let minimumOverlap = 0.5

    public var images = 0
    /// True faces, ignored ones left out.
    public var faces = 0
    /// Faces the detector reported.
    public var detections = 0
    /// True faces found.
    public var hits = 0
    /// Per matched face with true landmarks: mean of the two eyes' distances ÷ the true eye distance.
    public var eyeErrors: [Double] = []
    /// Per matched face with true mouth landmarks: mouth distance ÷ the true eye distance.
    public var mouthErrors: [Double] = []
    /// Matched faces whose eyes (both) and mouth the detector's models placed, not guessed.
    public var eyesByModel = 0, mouthsByModel = 0
    /// Detector time over all images, in milliseconds.
    public var milliseconds = 0.0
    /// One line per missed face or false positive, naming the image and the box (top-left pixels).
    public var notes: [String] = []

    public var falsePositives: Int { detections - hits }
    public var recall: Double { Double(hits) / Double(max(faces, 1)) }
    public var precision: Double { Double(hits) / Double(max(detections, 1)) }
    public var millisecondsPerImage: Double { milliseconds / Double(max(images, 1)) }
    /// Nil when the truth has no landmarks.
    public var meanEyeError: Double? { eyeErrors.isEmpty ? nil : eyeErrors.reduce(0, +) / Double(eyeErrors.count) }
    public var meanMouthError: Double? {
        mouthErrors.isEmpty ? nil : mouthErrors.reduce(0, +) / Double(mouthErrors.count)
    }

    public init() {}

    /// Runs `detector` on every image of `truth` (files relative to `folder`) with `options`.
    public init(
        _ truth: DlibFaceTruth, imagesIn folder: String, detector: Detector, options: FeatureOptions = FeatureOptions()
    ) throws {
        for entry in truth.images {
            let still = try StillImage.read(contentsOf: (folder as NSString).appendingPathComponent(entry.file))
            let start = ContinuousClock.now
            let faces = try detector.features(in: still.buffer, options: options).faces
            milliseconds += (ContinuousClock.now - start).milliseconds
            add(faces, truth: entry, pictureHeight: still.buffer.height)
        }
    }

    /// Scores one picture: `faces` as a detector found them (bottom-left coordinates of a picture
    /// `pictureHeight` pixels tall) against the picture's truth.
    public mutating func add(_ faces: [FaceFeature], truth entry: DlibFaceTruth.Image, pictureHeight: Int) {
        images += 1
        // dlib boxes are in stored pixels, top-left origin; features are bottom-left.
        let height = Double(pictureHeight)
        func topLeft(_ p: Point) -> Point { Point(x: p.x, y: height - p.y) }
        let found = faces.map { f -> DlibFaceTruth.Box in
            let b = f.bounds
            return DlibFaceTruth.Box(x: b.x, y: height - b.y - b.height, width: b.width, height: b.height)
        }
        let wanted = entry.boxes.filter { !$0.ignore }
        self.faces += wanted.count
        detections += found.count
        var used = Set<Int>()
        for truth in wanted {
            let best = found.indices.filter { !used.contains($0) }.max {
                Self.iou(found[$0], truth) < Self.iou(found[$1], truth)
            }
            guard let best, Self.iou(found[best], truth) >= Self.minimumOverlap else {
                notes.append("\(entry.file): missed \(Self.describe(truth))")
                continue
            }
            used.insert(best)
            hits += 1
            let face = faces[best]
            if face.hasLeftEyePosition && face.hasRightEyePosition { eyesByModel += 1 }
            if face.hasMouthPosition { mouthsByModel += 1 }
            if let eyes = Self.truthEyes(truth) {
                let scale = Self.distance(eyes.left, eyes.right)
                eyeErrors.append(
                    (Self.distance(topLeft(face.leftEyePosition), eyes.left)
                        + Self.distance(topLeft(face.rightEyePosition), eyes.right)) / 2 / scale)
                if let mouth = Self.mean(truth.parts, 48...67) {
                    mouthErrors.append(Self.distance(topLeft(face.mouthPosition), mouth) / scale)
                }
            }
        }
        for i in found.indices where !used.contains(i) {
            notes.append("\(entry.file): false positive \(Self.describe(found[i]))")
        }
    }

    /// The eye on the picture's left is the person's right eye: iBUG points 36–41.
    private static func truthEyes(_ box: DlibFaceTruth.Box) -> (left: Point, right: Point)? {
        guard let l = mean(box.parts, 36...41), let r = mean(box.parts, 42...47) else { return nil }
        return (l, r)
    }

    private static func mean(_ parts: [Int: Point], _ range: ClosedRange<Int>) -> Point? {
        let points = range.compactMap { parts[$0] }
        guard points.count == range.count else { return nil }
        return Point(
            x: points.map(\.x).reduce(0, +) / Double(points.count),
            y: points.map(\.y).reduce(0, +) / Double(points.count))
    }

    static func iou(_ a: DlibFaceTruth.Box, _ b: DlibFaceTruth.Box) -> Double {
        Rect(x: a.x, y: a.y, width: a.width, height: a.height).intersectionOverUnion(
            Rect(x: b.x, y: b.y, width: b.width, height: b.height))
    }

    private static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
    private static func describe(_ b: DlibFaceTruth.Box) -> String {
        String(format: "[left %.0f top %.0f %.0f×%.0f]", b.x, b.y, b.width, b.height)
    }
}
