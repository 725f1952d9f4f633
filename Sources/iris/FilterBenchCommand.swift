import ArgumentParser
import Foundation
import IrisCore
import IrisCPU
import IrisGLES
import IrisPipeline
import IrisVideo

/// `iris bench-filters`: every filter at its defaults on one NV12 frame, on each renderer, as a Markdown
/// table (the README links the committed one).
struct FilterBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-filters",
        abstract: "Time every filter at its defaults on an NV12 frame on each renderer (prints a Markdown table).")

    @Option(help: "Frame size (720p, 1080p, or WxH).") var size: String = "720p"
    @Option(help: "Timed iterations per figure (after one warm-up); the median is reported.") var iterations: Int = 3
    @Flag(help: "Skip the GLES renderer.") var noGLES = false
    @Option(help: "Also write the table to this file.") var output: String?
    @Option(help: "Only filters whose name contains this text.") var only: String?
    @Flag(help: "Only the filters that ffmpeg has an equivalent of (the peer table).") var peers = false

    func run() throws {
        do { try runBench() } catch { throw CLIError(error) }
    }

    private func runBench() throws {
        if let output { try RunFiles.check(outputs: [output], inputs: []) }
        let (width, height) = try BenchCommand.parseSize(Substring(size))
        let frame = Image(frame: BenchCommand.testFrame(width: width, height: height))
        let background = frame.oriented(.down)
        let cpu = Context(renderer: CPURenderer())
        let gles = noGLES ? nil : Context(renderer: try GLESRenderer())
        var table =
            "Every filter at its defaults on a \(width)×\(height) NV12 frame, median of \(max(iterations, 1)) after a warm-up, "
            + "ms per frame including upload and readback (`iris bench-filters`). CPU: \(ProcessInfo.processInfo.activeProcessorCount) threads"
            + (gles.map { "; GLES: \(($0.renderer as? GLESRenderer)?.info.renderer ?? "")" } ?? "") + ".\n\n"
            + "| filter | CPU ms | GLES ms | passes (GLES) |\n|---|---:|---:|---:|\n"
        print(table, terminator: "")
        var timed: [String: (cpu: Double, gles: Double?)] = [:]
        let peerNames = Set(FFmpegFilterPeer.equivalents.map(\.filter))
        for descriptor in FilterRegistry.builtIn.all.sorted(by: { $0.name < $1.name }) {
            if let only, !descriptor.name.contains(only) { continue }
            if peers, !peerNames.contains(descriptor.name) { continue }
            var row = "| \(descriptor.name) |"
            do {
                let image = try FilterGallery.recipe(descriptor, photo: frame, background: background)
                let cpuMilliseconds = try median { _ = try cpu.render(image) }
                timed[descriptor.name] = (cpuMilliseconds, nil)
                row += " \(format(cpuMilliseconds)) |"
                if let gles {
                    let passes = try gles.planAndRenderer(image).0.passes.count
                    let glesMilliseconds = try median { _ = try gles.render(image) }
                    timed[descriptor.name]?.gles = glesMilliseconds
                    row += " \(format(glesMilliseconds)) | \(passes) |"
                } else {
                    row += " — | — |"
                }
            } catch {
                row += " failed: \(error) | | |"
            }
            print(row)
            table += row + "\n"
        }
        table += try peerTable(timed, frame: BenchCommand.testFrame(width: width, height: height).buffer)
        if let output { try OutputFile.write(Array(table.utf8), to: output) }
    }

    /// The filters timed above that ffmpeg has an equivalent of, against that equivalent on the same frame
    /// (empty when ffmpeg is not installed).
    private func peerTable(_ timed: [String: (cpu: Double, gles: Double?)], frame: PixelBuffer) throws -> String {
        let rows = FFmpegFilterPeer.equivalents.filter { timed[$0.filter] != nil }
        guard FFmpegFilterPeer.ffmpeg != nil, !rows.isEmpty else { return "" }
        var text =
            "\nAgainst ffmpeg's nearest filter at the same settings on the same frame (`-vf` from the decoded NV12 frame to RGBA, "
            + "ms per frame without ffmpeg's start-up). ffmpeg filters 8-bit planes without colour management; Iris works in "
            + "linear light, premultiplied, in float. Ratio: ffmpeg's time over Iris's (above 1: Iris is faster).\n\n"
            + "| filter | ffmpeg `-vf` | ffmpeg ms | Iris CPU ms | CPU ratio | Iris GLES ms | GLES ratio |\n|---|---|---:|---:|---:|---:|---:|\n"
        print(text, terminator: "")
        for (filter, chain) in rows {
            guard let iris = timed[filter] else { continue }
            var row = "| \(filter) | `\(chain)` |"
            if let ffmpeg = try FFmpegFilterPeer.milliseconds(chain: chain, frame: frame) {
                row += " \(format(ffmpeg)) | \(format(iris.cpu)) | \(ratio(ffmpeg, iris.cpu)) |"
                row += iris.gles.map { " \(format($0)) | \(ratio(ffmpeg, $0)) |" } ?? " — | — |"
            } else {
                row += " failed | \(format(iris.cpu)) | — | — | — |"
            }
            print(row)
            text += row + "\n"
        }
        return text
    }

    private func ratio(_ peer: Double, _ iris: Double) -> String { String(format: "%.2f×", peer / max(iris, 1e-9)) }

    private func median(_ body: () throws -> Void) rethrows -> Double {
        try MedianTiming.measure(iterations: iterations, body).milliseconds
    }

    private func format(_ ms: Double) -> String { ms < 10 ? String(format: "%.2f", ms) : String(format: "%.1f", ms) }
}
