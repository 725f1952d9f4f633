import ArgumentParser
import Foundation
import IrisCore
import IrisFilters
import IrisEnhance
import IrisPipeline
import IrisVideo

/// `iris render IN OUT --filter 'CISepiaTone inputIntensity=0.8' …`
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a still (PNG, JPEG) or a recording's frame through a chain of filters into PNG or JPEG.",
        discussion: """
            Filters are written as a Core Image name followed by key=value inputs, e.g. \
            --filter 'CISepiaTone inputIntensity=0.8' --filter 'CIGaussianBlur inputRadius=4'. \
            Vectors and colours take brackets or commas: inputRVector=[1 0 0 0], inputColor=1,0,0,1.

            By default, filters that read neighbouring pixels (blurs, convolutions) see the image's edges \
            extended and are cropped back to its extent, so they keep its size and do not darken the border; \
            --edges transparent gives Core Image's raw behaviour (the extent grows, edges fade).

            --auto-enhance analyses the picture (its histogram, its faces and their eyes) and puts Core Image's \
            auto-adjustment filters first in the chain: CIRedEyeCorrection, CIWhitePointAdjust, CIFaceBalance, \
            CIVibrance, CIToneCurve, CIHighlightShadowAdjust, each only where needed. --print-filters prints the \
            chain in --filter syntax, so it can be copied and tweaked.
            """)

    @Argument(
        help:
            "Input: .png, .jpg/.jpeg, or one frame of a recording (Y4M, MP4, MKV, AVI), a camera (/dev/videoN, libcamera:N, auto) or - (standard input)."
    ) var input: String
    @Argument(help: "Output: .png or .jpg/.jpeg.") var output: String
    @Option(name: .customLong("filter"), help: "A filter to apply, in order (repeatable).") var filters: [String] = []
    @Option(help: "Which frame of a recording to render (0-based).") var frame: Int = 0
    @Option(help: "JPEG quality 1–100.") var quality: Int = 90
    @Option(help: "Edges: clamp (extend edge pixels) or transparent (Core Image's default).") var edges: EdgeMode =
        .clamp
    @OptionGroup var autoAdjust: AutoEnhanceOptions
    @Flag(help: "Print the filters applied, one a line, in --filter syntax.") var printFilters = false
    @OptionGroup var render: RenderOptions
    @OptionGroup var sourceOptions: SourceOptions

    enum EdgeMode: String, ExpressibleByArgument { case clamp, transparent }

    func run() throws {
        LibAVLogging.level = .quiet  // a damaged recording is reported by Iris, naming the file
        do {
            try RunFiles.check(outputs: [output], inputs: [input])
            let source = try InputLoader.image(from: sourceOptions.request(path: input), frame: frame)
            let given = try filters.map { spec throws(FilterError) in try FilterSpecParser.parse(spec) }
            let context = try render.makeContext()
            let specs = try autoAdjust.filters(for: source, context: context) + given
            if printFilters { specs.forEach { print($0.text) } }
            let result = try source.applyingFilters(specs, extendingEdges: edges == .clamp)
            let report = try context.renderReport(result)
            BakedCubeStore.waitForWrites()
            try StillImage.write(report.buffer, to: output, quality: quality)
            print(
                "\(output): \(report.buffer.width)×\(report.buffer.height), \(report.plan.passes.count) pass(es), "
                    + "\(report.plan.tiles.count) tile(s) on \(report.renderer)"
            )
        } catch {
            throw CLIError(error)
        }
    }
}
