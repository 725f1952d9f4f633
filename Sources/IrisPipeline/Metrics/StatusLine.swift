import IrisCore
import Foundation

/// The run's status as one line of text: fps in and out, latencies, drops, detector time, and for a source
/// of known length a progress bar with the time left.
///
///     StandardError.write(StatusLine.text(for: snapshot) + "\r")
public enum StatusLine {
    public static func text(for s: MetricsSnapshot, width: Int = 100) -> String {
        var parts: [String] = []
        parts.append(String(format: "in %.1f fps  out %.1f fps", s.inputFPS, s.outputFPS))
        if let l = s.captureToDisplay { parts.append(String(format: "→display %.0f/%.0f ms", l.p50, l.p99)) }
        if let l = s.captureToFile { parts.append(String(format: "→file %.0f/%.0f ms", l.p50, l.p99)) }
        let dropped = s.drops.source + s.drops.capture + s.drops.display + s.drops.recorder
        parts.append("drops \(dropped)")
        if let d = s.detector { parts.append(String(format: "detect %.0f ms", d.mean)) }
        var line = parts.joined(separator: "  ")
        if let total = s.expectedFrames, total > 0 {
            let done = min(s.framesIn, total)
            let fraction = Double(done) / Double(total)
            let barWidth = 20
            let filled = Int(fraction * Double(barWidth))
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
            let rate = s.seconds > 0 ? Double(done) / s.seconds : 0
            let eta = rate > 0 ? Double(total - done) / rate : 0
            line = String(format: "[%@] %3.0f%% %d/%d  ETA %.0f s  ", bar, fraction * 100, done, total, eta) + line
        } else {
            line = "frames \(s.framesIn)  " + line
        }
        return line.count > width ? String(line.prefix(width)) : line
    }

    /// The summary printed when a run ends, one figure per line.
    public static func summary(for s: MetricsSnapshot) -> String {
        func latency(_ name: String, _ l: LatencySummary?) -> String? {
            l.map { String(format: "  %@ p50 %.1f ms, p99 %.1f ms, max %.1f ms", name, $0.p50, $0.p99, $0.max) }
        }
        var lines = [
            String(
                format: "%d frames in %.2f s: in %.1f fps, out %.1f fps", s.framesIn, s.seconds, s.inputFPS, s.outputFPS
            ),
            "  rendered \(s.framesRendered), shown \(s.framesShown), recorded \(s.framesRecorded), detected \(s.framesDetected) (\(s.features) features)",
            "  drops: source \(s.drops.source), capture \(s.drops.capture), display \(s.drops.display), recorder "
                + "\(s.drops.recorder); detector skipped \(s.drops.detectorSkipped)"
        ]
        if s.framesReadInPlace > 0 {
            let copied = s.framesIn - s.framesReadInPlace
            lines.append(
                "  capture: \(s.framesReadInPlace) frames read in place in the camera's buffers, \(copied) copied"
                    + (copied > 0 ? " (every spare buffer was held)" : ""))
        }
        if s.framesRecordedUnrendered > 0 {
            lines.append(
                "  render: \(s.framesRecordedUnrendered) frames recorded as they came (no filter, nothing drawn)")
        }
        if let planeImport = s.planeImport { lines.append("  gles: \(planeImport)") }
        if s.decodeErrors > 0 {
            lines.append("  decode errors: \(s.decodeErrors) (the source is damaged: some frames are not as recorded)")
        }
        lines += [
            latency("capture→display", s.captureToDisplay), latency("capture→file", s.captureToFile),
            latency("render", s.render), latency("detectors", s.detector)
        ].compactMap { $0 }
        if let bytes = bytesLine(s.bytesPerFrame) { lines.append(bytes) }
        return lines.joined(separator: "\n")
    }

    /// "  bytes a frame: capture copied 450 KiB; render uploaded 450 KiB, read back 1200 KiB; …", stages in the
    /// frame's order, kinds that moved nothing left out.
    static func bytesLine(_ perFrame: [String: ByteTraffic]) -> String? {
        let stages = ["capture", "render", "display", "record", "web"].compactMap { stage -> String? in
            guard let t = perFrame[stage], t.total > 0 else { return nil }
            let kinds = [
                ("copied", t.cpuCopied), ("converted", t.cpuConverted), ("uploaded", t.gpuUploaded),
                ("read back", t.gpuReadBack)
            ].filter { $0.1 > 0 }.map { "\($0.0) \(kibibytes($0.1))" }
            return "\(stage) \(kinds.joined(separator: ", "))"
        }
        return stages.isEmpty ? nil : "  bytes a frame: " + stages.joined(separator: "; ")
    }

    static func kibibytes(_ bytes: Int) -> String {
        bytes >= 10 * 1024 ? "\((bytes + 512) / 1024) KiB" : "\(bytes) B"
    }
}
