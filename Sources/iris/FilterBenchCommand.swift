import ArgumentParser
import Foundation
import IrisCore
import IrisCPU
import IrisGLES
import IrisPipeline

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

    func run() throws {
        do { try runBench() } catch { throw CLIError(error) }
    }

    private func runBench() throws {
        let (width, height) = try BenchCommand.parseSize(Substring(size))
        let frame = Image(frame: BenchCommand.testFrame(width: width, height: height))
        let background = frame.oriented(.down)
        let cpu = Context(renderer: CPURenderer())
        let gles = noGLES ? nil : Context(renderer: try GLESRenderer())
        var table = "Every filter at its defaults on a \(width)×\(height) NV12 frame, median of \(max(iterations, 1)) after a warm-up, "
            + "ms per frame including upload and readback (`iris bench-filters`). CPU: \(ProcessInfo.processInfo.activeProcessorCount) threads"
            + (gles.map { "; GLES: \(($0.renderer as? GLESRenderer)?.info.renderer ?? "")" } ?? "") + ".\n\n"
            + "| filter | CPU ms | GLES ms | passes (GLES) |\n|---|---:|---:|---:|\n"
        print(table, terminator: "")
        for descriptor in FilterRegistry.builtIn.all.sorted(by: { $0.name < $1.name }) {
            if let only, !descriptor.name.contains(only) { continue }
            var row = "| \(descriptor.name) |"
            do {
                let image = try FilterGallery.recipe(descriptor, photo: frame, background: background)
                row += " \(format(try median { _ = try cpu.render(image) })) |"
                if let gles {
                    let passes = try gles.planAndRenderer(image).0.passes.count
                    row += " \(format(try median { _ = try gles.render(image) })) | \(passes) |"
                } else {
                    row += " — | — |"
                }
            } catch {
                row += " failed: \(error) | | |"
            }
            print(row)
            table += row + "\n"
        }
        if let output { try table.write(toFile: output, atomically: true, encoding: .utf8) }
    }

    private func median(_ body: () throws -> Void) rethrows -> Double {
        try body()
        var samples: [Double] = []
        for _ in 0..<max(iterations, 1) {
            let start = ContinuousClock.now
            try body()
            let d = ContinuousClock.now - start
            samples.append(d.milliseconds)
        }
        return samples.sorted()[samples.count / 2]
    }

    private func format(_ ms: Double) -> String { ms < 10 ? String(format: "%.2f", ms) : String(format: "%.1f", ms) }
}
