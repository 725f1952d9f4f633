import ArgumentParser
import Foundation
import IrisCore
import IrisBench
import IrisCPU
import IrisGLES

/// `iris bench`: NV12 → five colour filters → RGBA at 720p and 1080p. Every figure comes from the same
/// run: fused against unfused, GLES against CPU, and the CPU's NV12→RGBA step against libyuv and a copy.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the fused filter chain against its baselines (prints a Markdown table).")

    @Option(help: "Frame sizes, comma-separated (720p, 1080p, or WxH).") var sizes: String = "720p,1080p"
    @Option(help: "Timed iterations per figure (after one warm-up).") var iterations: Int = 10
    @Flag(help: "Skip the GLES renderer.") var noGLES = false
    @Option(help: "EGL platform for GLES: gbm, surfaceless or device (default: the first that works, in that order).")
    var platform: GLESPlatform?
    @OptionGroup var pixelLimit: PixelLimitOptions

    func run() throws {
        do { try runBench() } catch { throw CLIError(error) }
    }

    private func runBench() throws {
        // Every size is checked against --max-pixels before anything is opened or allocated for any of them.
        let frameSizes = try sizes.split(separator: ",").map(Self.parseSize)
        for (text, size) in zip(sizes.split(separator: ","), frameSizes) {
            try pixelLimit.limit.check(width: size.0, height: size.1, source: "--sizes \(text)")
        }
        let gles: GLESRenderer? = noGLES ? nil : try GLESRenderer(options: .init(platform: platform))
        try FilterChainBenchmark.run(
            sizes: frameSizes, iterations: iterations, gles: gles, maximumMegapixels: pixelLimit.maxPixels
        ) { print($0) }
    }

    static func parseSize(_ text: Substring) throws -> (Int, Int) {
        switch text.lowercased() {
        case "720p": return (1280, 720)
        case "1080p": return (1920, 1080)
        case "360p": return (640, 360)
        default:
            let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
                throw CLIError.message("bad size '\(text)': use 720p, 1080p or WxH")
            }
            return (parts[0], parts[1])
        }
    }
}

extension GLESPlatform: ExpressibleByArgument {}
