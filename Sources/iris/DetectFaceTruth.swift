import Foundation
import IrisEval

/// `iris detect --type face --truth dlib FILE.xml`: IrisEval's face score printed on one line (recall and
/// precision at IoU ≥ 0.5, and eye and mouth error where the file has landmarks), with `--verbose` every
/// missed face and false positive below it.
enum DetectFaceTruth {
    static func report(_ score: StillFaceScore, file: String, verbose: Bool) {
        var line =
            "\(file): images \(score.images), faces \(score.faces), found \(score.hits)/\(score.faces) (recall \(pct(score.recall))), "
            + "false positives \(score.falsePositives) (precision \(pct(score.precision))), \(String(format: "%.2f", score.millisecondsPerImage)) ms/image"
        if let eyes = score.meanEyeError {
            line +=
                "; landmark error (÷ eye distance) eyes mean \(String(format: "%.3f", eyes)), mouth mean \(String(format: "%.3f", score.meanMouthError ?? 0))"
                + "; eyes by model \(score.eyesByModel)/\(score.hits), mouth by model \(score.mouthsByModel)/\(score.hits)"
        }
        print(line)
        if verbose { for note in score.notes { print("  " + note) } }
    }

    private static func pct(_ v: Double) -> String { String(format: "%.1f %%", v * 100) }
}
