import ArgumentParser
import IrisCore
import IrisCPU
import IrisGLES

/// The renderer a command runs on, and how contexts are made from it. One place for the CLI's
/// `--renderer`, `--max-texture-size`, `--oversized`, colour management and fusion options.
struct RenderOptions: ParsableArguments {
    @Option(help: "Renderer: gles (EGL/GLES2; llvmpipe without a GPU) or cpu.")
    var renderer: RendererKind = .gles

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

    func makeContext(outputFormat: PixelFormat = .rgba8) throws -> Context {
        var options = Context.Options()
        options.maximumTextureSize = maxTextureSize
        options.oversized = oversized
        options.colorManagement = !noColorManagement
        options.fusion = !noFusion
        options.outputFormat = outputFormat
        if printTree { options.printTree = true }
        switch renderer {
        case .cpu:
            return Context(renderer: CPURenderer(), options: options)
        case .gles:
            let gles = try GLESRenderer(options: .init(maximumTextureSize: maxTextureSize))
            return Context(renderer: gles, fallback: CPURenderer(), options: options)
        }
    }
}

enum RendererKind: String, ExpressibleByArgument, CaseIterable { case gles, cpu }
extension Context.OversizedPolicy: ExpressibleByArgument {}
