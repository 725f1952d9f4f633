import Foundation

/// The plain-text table `iris eval` prints: one row per clip and detector.
///
///     print(EvaluationTable(reports).text)
public struct EvaluationTable: Sendable {
    public var reports: [ClipReport]

    public init(_ reports: [ClipReport]) { self.reports = reports }

    static let header = [
        "clip", "detector", "frames", "truths", "found", "false +", "precision", "recall", "IoU",
        "corner err", "read", "eye/mouth err", "IDSW", "frag", "MOTA", "IDF1", "ms/frame"
    ]

    /// Rows of cells, the header first.
    public var rows: [[String]] {
        var rows = [Self.header]
        for clip in reports {
            let name = (clip.clip as NSString).lastPathComponent
            for d in clip.detectors {
                rows.append([
                    name, d.kind.rawValue, "\(d.frames)", "\(d.truths)", "\(d.truePositives)", "\(d.falsePositives)",
                    percent(d.precision), percent(d.recall), fixed(d.meanIoU, 2),
                    d.cornerError.map { "\(percent($0.mean)) (p95 \(percent($0.p95)))" } ?? "–",
                    (d.qrDecodeRate ?? d.barcodeDecodeRate).map(percent) ?? "–",
                    d.landmarkError.map {
                        "\(fixed($0.meanEyeError, 3)) / \($0.meanMouthError.map { fixed($0, 3) } ?? "–")"
                    } ?? "–",
                    d.tracking.map { "\($0.idSwitches)" } ?? "–", d.tracking.map { "\($0.fragmentations)" } ?? "–",
                    // With no true tracks MOTA is 1 − false positives: a number, but not a tracking figure.
                    d.tracking.flatMap { $0.truthTracks > 0 ? percent($0.mota) : nil } ?? "–",
                    d.tracking.flatMap { $0.truthTracks > 0 ? percent($0.idf1) : nil } ?? "–",
                    fixed(d.msPerFrame, 1)
                ])
            }
        }
        return rows
    }

    /// Columns padded to line up; text columns left, figures right.
    public var text: String {
        let rows = rows
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column < 2 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// A Markdown table of the same rows, for the README.
    public var markdown: String {
        let rows = rows
        let lines = rows.map { "| " + $0.joined(separator: " | ") + " |" }
        let rule = "|" + rows[0].indices.map { $0 < 2 ? "---|" : "---:|" }.joined()
        return ([lines[0], rule] + lines.dropFirst()).joined(separator: "\n")
    }

    private func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }
    private func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
}
