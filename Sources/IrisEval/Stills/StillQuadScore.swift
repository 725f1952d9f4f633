import Foundation
import IrisCore
import IrisDetect
import IrisVideo

/// A rectangle detector scored on a quads.json: a found rectangle is correct when every corner lies within
/// 2 % of the true quad's diagonal (`CornerError`); a rectangle found where there is none is a false
/// positive. Only the detector's first (best) rectangle is scored.
///
///     let score = try StillQuadScore(QuadsTruth(contentsOf: file), imagesIn: folder, detector: Detector(type: .rectangle))
public struct StillQuadScore: Sendable, Equatable {
    /// The largest corner error, as a fraction of the diagonal, that counts as correct.
    public static let tolerance = 0.02

    public var images = 0
    public var withQuad = 0
    /// Images without a rectangle.
    public var empty = 0
    public var found = 0
    public var correct = 0
    public var falsePositives = 0
    /// Corner errors (fractions of the diagonal) of the rectangles found where there is one, smallest first.
    public var errors: [Double] = []
    /// Detector time over all images, in milliseconds.
    public var milliseconds = 0.0
    /// One line per miss, inexact rectangle or false positive, naming the image.
    public var notes: [String] = []

    public var millisecondsPerImage: Double { milliseconds / Double(max(images, 1)) }
    public var medianError: Double { errors.isEmpty ? 0 : errors[errors.count / 2] }
    public var p95Error: Double { errors.isEmpty ? 0 : errors[min(errors.count - 1, Int(Double(errors.count) * 0.95))] }

    public init() {}

    /// Runs `detector` on every image of `truth`; files are named relative to `folder`.
    public init(_ truth: QuadsTruth, imagesIn folder: String, detector: Detector) throws {
        images = truth.entries.count
        for entry in truth.entries {
            let still = try StillImage.read(contentsOf: (folder as NSString).appendingPathComponent(entry.file))
            let start = ContinuousClock.now
            let rects = try detector.features(in: still.buffer).rectangles
            milliseconds += (ContinuousClock.now - start).milliseconds
            guard let truth = entry.corners else {
                empty += 1
                if !rects.isEmpty {
                    falsePositives += 1
                    notes.append("\(entry.file): false positive")
                }
                continue
            }
            withQuad += 1
            guard let best = rects.first else {
                notes.append("\(entry.file): nothing found")
                continue
            }
            found += 1
            let error = CornerError.relative(found: best.corners, truth: truth)
            errors.append(error)
            if error <= Self.tolerance {
                correct += 1
            } else {
                notes.append("\(entry.file): corner error \(String(format: "%.1f", error * 100)) %")
            }
        }
        errors.sort()
    }
}
