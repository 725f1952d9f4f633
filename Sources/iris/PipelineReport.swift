import Foundation
import IrisCore
import IrisPipeline
import IrisMQTT
import IrisWeb

/// Runs a pipeline for a command: stops on the process's signals (`StopSignals`, installed by `main`, so
/// one that came during start-up stops the run too), shows the live status line on standard error
/// (rewritten in place on a terminal, a line a second otherwise), and prints the summary.
enum PipelineReport {
    static func run(_ config: PipelineConfiguration, quiet: Bool) throws -> PipelineSummary {
        let stop = StopRequest.process
        let signals = StopSignals(stop: stop)
        defer { withExtendedLifetime(signals) {} }
        let pipeline = try Pipeline(configuration: config)
        // Bound before the source opens, so a busy port fails at once; the URL (with an `auto` token) is
        // said now, since the run may last for hours.
        var outputs: [any LiveOutput] = try config.webPreviews.map { try WebPreviewServer($0) }
        for server in outputs { StandardError.write("web preview: \(server.url)\n") }
        if let publish = config.publish {
            do throws(MQTTError) {
                outputs.append(try MQTTPublisher(publish, camera: config.cameraName, version: IrisVersion.current))
            } catch {
                throw PipelineError.configuration(field: "publish", reason: error.description)
            }
            StandardError.write("publishing: \(outputs.last!.url)\n")
        }
        let terminal = isatty(STDERR_FILENO) != 0
        var ticks = 0
        var lastWidth = 0
        let summary = try pipeline.run(
            stop: stop,
            status: { snapshot in
                guard !quiet else { return }
                ticks += 1
                if terminal {
                    let line = StatusLine.text(for: snapshot)
                    StandardError.write("\r" + line + String(repeating: " ", count: max(0, lastWidth - line.count)))
                    lastWidth = line.count
                } else if ticks % 4 == 0 {
                    StandardError.write(StatusLine.text(for: snapshot, width: 200) + "\n")
                }
            }, warning: { StandardError.write("warning: \($0)\n") }, outputs: outputs)
        if !quiet && terminal && lastWidth > 0 {
            StandardError.write("\r" + String(repeating: " ", count: lastWidth) + "\r")
        }
        // A log keeps the run's last state too (where it ended against --frames or --duration), however short the run.
        if !quiet && !terminal { StandardError.write(StatusLine.text(for: summary.metrics, width: 200) + "\n") }
        if !quiet { StandardError.write(StatusLine.summary(for: summary.metrics) + "\n") }
        return summary
    }

    /// "out.mp4: 120 frames, last at 3.967 s, libx264, 640×480 (stopped by SIGINT)"
    static func recordingLine(_ summary: PipelineSummary) -> String? {
        guard let r = summary.recording else { return nil }
        let last = r.lastTimestamp.map { String(format: ", last at %.3f s", $0) } ?? ""
        let reason = summary.stoppedBy.map { " (stopped by \($0))" } ?? ""
        return "\(r.path): \(r.frames) frames\(last), \(r.encoder), \(r.width)×\(r.height)\(reason)"
    }
}

extension PipelineSummary {
    /// Fails the command with every error the run reported, one a line.
    func failIfErrors() throws {
        if !errors.isEmpty { throw CLIError.message(errors.map(\.description).joined(separator: "\n")) }
    }
}
