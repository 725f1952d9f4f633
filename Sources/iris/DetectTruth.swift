import Foundation
import IrisEval

/// `iris detect --truth zxing|quads`: the scores IrisEval computes, printed one line per folder or file
/// (found, correct and false positives, and ms per image), with `--verbose` every miss below it.
enum DetectTruth {
    static func report(_ score: StillQRScore, folder: String, verbose: Bool) {
        print(
            "\(folder): images \(score.images), with a code \(score.withCode), found \(score.found), correct \(score.correct)/\(score.withCode), "
                + "false positives \(score.falsePositives), \(String(format: "%.2f", score.millisecondsPerImage)) ms/image"
        )
        if verbose { for line in score.notes { print("  " + line) } }
    }

    static func report(_ score: StillQuadScore, file: String, verbose: Bool) {
        print(
            "\(file): images \(score.images), with a rectangle \(score.withQuad), found \(score.found), correct (≤ 2 % of diagonal) "
                + "\(score.correct)/\(score.withQuad) = \(String(format: "%.1f", 100 * Double(score.correct) / Double(max(score.withQuad, 1)))) %, "
                + "false positives \(score.falsePositives)/\(score.empty), corner error median \(String(format: "%.2f", score.medianError * 100)) % "
                + "p95 \(String(format: "%.2f", score.p95Error * 100)) %, \(String(format: "%.2f", score.millisecondsPerImage)) ms/image"
        )
        if verbose { for line in score.notes { print("  " + line) } }
    }
}
