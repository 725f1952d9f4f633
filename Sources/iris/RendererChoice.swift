import ArgumentParser
import IrisCore
import IrisPipeline

/// The renderer a command runs on, and how contexts are made from it. One place for the CLI's
/// `--renderer`, `--max-texture-size`, `--oversized`, colour management, fusion and render limit options.
struct RenderOptions: ParsableArguments {
    @Option(
        help:
            "Renderer: auto (GLES on a hardware GPU, the CPU when GL is software), gles (EGL/GLES2; llvmpipe without a GPU) or cpu."
    )
    var renderer: RendererPreference = .auto

    @Option(help: "Lower the GPU's texture limit (forces the oversized path on smaller frames).")
    var maxTextureSize: Int?

    @Option(help: "Frames over the texture limit: fallback (render on the CPU) or tile (GPU tiles).")
    var oversized: Context.OversizedPolicy = .fallback

    @Flag(help: "Work on encoded values instead of linear light (Core Image's workingColorSpace nil).")
    var noColorManagement = false

    @Flag(help: "Run one pass per kernel (the unfused baseline).")
    var noFusion = false

    @Flag(help: "Print the recipe and the render plan to standard error (same as IRIS_PRINT_TREE=1).")
    var printTree = false

    @Option(
        parsing: .unconditional,
        help: "Refuse a render whose output or any intermediate has more megapixels than this (default: 64).")
    var maxPixels: Double?

    @Option(parsing: .unconditional, help: "Refuse a render estimated to hold more MiB than this (default: 1024).")
    var maxMemory: Double?

    func validate() throws {
        if let maxPixels, !(maxPixels > 0 && maxPixels.isFinite) {
            throw ValidationError("--max-pixels must be a positive number of megapixels, got \(maxPixels)")
        }
        if let maxMemory, !(maxMemory > 0 && maxMemory.isFinite) {
            throw ValidationError("--max-memory must be a positive number of MiB, got \(maxMemory)")
        }
        if let maxTextureSize, maxTextureSize < 16 {
            throw ValidationError("--max-texture-size must be at least 16, got \(maxTextureSize)")
        }
    }

    var limits: RenderLimits { RenderLimits(megapixels: maxPixels, mebibytes: maxMemory) }

    var contextOptions: Context.Options {
        var options = Context.Options()
        options.maximumTextureSize = maxTextureSize
        options.oversized = oversized
        options.colorManagement = !noColorManagement
        options.fusion = !noFusion
        if printTree { options.printTree = true }
        options.limits = limits
        options.bakedCubes = .standard
        return options
    }

    func makeContext(outputFormat: PixelFormat = .rgba8) throws -> Context {
        var options = contextOptions
        options.outputFormat = outputFormat
        return try renderer.makeContext(options: options).0
    }

    /// These options on a pipeline configuration.
    func apply(to config: inout PipelineConfiguration) {
        config.renderer = renderer
        config.colorManagement = !noColorManagement
        config.fusion = !noFusion
        config.maximumTextureSize = maxTextureSize
        config.oversized = oversized
        config.printTree = printTree
        config.limits = limits
    }
}

extension RendererPreference: ExpressibleByArgument {}
extension Context.OversizedPolicy: ExpressibleByArgument {}
