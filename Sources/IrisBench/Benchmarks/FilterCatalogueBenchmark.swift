import Foundation
import IrisCPU
import IrisCore
import IrisFilters
import IrisGLES
import IrisGallery

/// `iris bench-filters`: every filter at its defaults on one NV12 frame, on the CPU and (given a context) on
/// GLES, as a Markdown table, then the filters ffmpeg has an equivalent of against that equivalent.
///
///     let table = try FilterCatalogueBenchmark.run(width: 1280, height: 720, iterations: 3, gles: nil) { print($0) }
public enum FilterCatalogueBenchmark {
    /// Times the filters (those whose name contains `only`; with `peersOnly`, those ffmpeg can match), handing
    /// each finished part of the table to `emit`, and returns the whole table.
    public static func run(
        width: Int, height: Int, iterations: Int, gles: Context?, only: String? = nil, peersOnly: Bool = false,
        emit: (String) -> Void
    ) throws -> String {
        let frame = Image(frame: BenchFrames.testFrame(width: width, height: height))
        let background = frame.oriented(.down)
        let cpu = Context(renderer: CPURenderer())
        var table =
            "Every filter at its defaults on a \(width)×\(height) NV12 frame, median of \(max(iterations, 1)) after a warm-up, "
            + "ms per frame including upload and readback (`iris bench-filters`). CPU: \(ProcessInfo.processInfo.activeProcessorCount) threads"
            + (gles.map { "; GLES: \(($0.renderer as? GLESRenderer)?.info.renderer ?? "")" } ?? "") + ".\n\n"
            + "| filter | CPU ms | GLES ms | passes (GLES) |\n|---|---:|---:|---:|\n"
        emit(String(table.dropLast()))
        var timed: [String: (cpu: Double, gles: Double?)] = [:]
        let peerNames = Set(FFmpegFilterPeer.equivalents.map(\.filter))
        for descriptor in FilterRegistry.builtIn.all.sorted(by: { $0.name < $1.name }) {
            if let only, !descriptor.name.contains(only) { continue }
            if peersOnly, !peerNames.contains(descriptor.name) { continue }
            var row = "| \(descriptor.name) |"
            do {
                let image = try FilterGallery.recipe(descriptor, photo: frame, background: background)
                let cpuMilliseconds = try median(iterations) { _ = try cpu.render(image) }
                timed[descriptor.name] = (cpuMilliseconds, nil)
                row += " \(format(cpuMilliseconds)) |"
                if let gles {
                    let passes = try gles.planAndRenderer(image).0.passes.count
                    let glesMilliseconds = try median(iterations) { _ = try gles.render(image) }
                    timed[descriptor.name]?.gles = glesMilliseconds
                    row += " \(format(glesMilliseconds)) | \(passes) |"
                } else {
                    row += " — | — |"
                }
            } catch {
                row += " failed: \(error) | | |"
            }
            emit(row)
            table += row + "\n"
        }
        table += try peerTable(
            timed, frame: BenchFrames.testFrame(width: width, height: height).buffer, iterations: iterations, emit: emit
        )
        return table
    }

    /// The filters timed above that ffmpeg has an equivalent of, against that equivalent on the same frame
    /// (empty when ffmpeg is not installed).
    private static func peerTable(
        _ timed: [String: (cpu: Double, gles: Double?)], frame: PixelBuffer, iterations: Int, emit: (String) -> Void
    ) throws -> String {
        let rows = FFmpegFilterPeer.equivalents.filter { timed[$0.filter] != nil }
        guard FFmpegFilterPeer.ffmpeg != nil, !rows.isEmpty else { return "" }
        var text =
            "\nAgainst ffmpeg's nearest filter at the same settings on the same frame (`-vf` from the decoded NV12 frame to RGBA, "
            + "ms per frame without ffmpeg's start-up). ffmpeg filters 8-bit planes without colour management; Iris works in "
            + "linear light, premultiplied, in float. Ratio: ffmpeg's time over Iris's (above 1: Iris is faster).\n\n"
            + "| filter | ffmpeg `-vf` | ffmpeg ms | Iris CPU ms | CPU ratio | Iris GLES ms | GLES ratio |\n|---|---|---:|---:|---:|---:|---:|\n"
        emit(String(text.dropLast()))
        for (filter, chain) in rows {
            guard let iris = timed[filter] else { continue }
            var row = "| \(filter) | `\(chain)` |"
            if let ffmpeg = try FFmpegFilterPeer.milliseconds(chain: chain, frame: frame) {
                row += " \(format(ffmpeg)) | \(format(iris.cpu)) | \(ratio(ffmpeg, iris.cpu)) |"
                row += iris.gles.map { " \(format($0)) | \(ratio(ffmpeg, $0)) |" } ?? " — | — |"
            } else {
                row += " failed | \(format(iris.cpu)) | — | — | — |"
            }
            emit(row)
            text += row + "\n"
        }
        return text
    }

    private static func ratio(_ peer: Double, _ iris: Double) -> String {
        String(format: "%.2f×", peer / max(iris, 1e-9))
    }

    private static func median(_ iterations: Int, _ body: () throws -> Void) rethrows -> Double {
        try MedianTiming.measure(iterations: iterations, body).milliseconds
    }

    private static func format(_ ms: Double) -> String {
        ms < 10 ? String(format: "%.2f", ms) : String(format: "%.1f", ms)
    }
}
