import ArgumentParser
import Foundation
import IrisCore
import IrisBench
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
        let gles = noGLES ? nil : Context(renderer: try GLESRenderer())
        let table = try FilterCatalogueBenchmark.run(
            width: width, height: height, iterations: iterations, gles: gles, only: only, peersOnly: peers
        ) { print($0) }
        if let output { try OutputFile.write(Array(table.utf8), to: output) }
    }
}
