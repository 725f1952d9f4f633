import IrisCPU
import IrisCore
import IrisGLES

/// Which renderer a run uses. `auto` takes GLES on a hardware GPU and the CPU renderer when GL is only a
/// software rasteriser (llvmpipe, softpipe), which on a 2-core machine renders these chains at about half
/// the CPU renderer's speed (README, benchmarks). Frames over the GPU's texture limit take the CPU path
/// whatever the choice.
///
///     let (context, note) = try RendererPreference.auto.makeContext(outputFormat: .bgra8)
public enum RendererPreference: String, Sendable, CaseIterable, Codable {
    case auto, gles, cpu

    /// A context for this preference, and a line saying what was picked and why.
    public func makeContext(options: Context.Options) throws(PipelineError) -> (Context, String) {
        switch self {
        case .cpu:
            return (Context(renderer: CPURenderer(), options: options), "cpu")
        case .gles:
            let gles = try Self.openGLES(options)
            return (Context(renderer: gles, fallback: CPURenderer(), options: options), "gles (\(gles.info.renderer))")
        case .auto:
            guard let gles = try? Self.openGLES(options) else {
                return (Context(renderer: CPURenderer(), options: options), "cpu (auto: no GLES device)")
            }
            if gles.info.isSoftwareRasterizer {
                return (
                    Context(renderer: CPURenderer(), options: options),
                    "cpu (auto: GL is software, \(gles.info.renderer))"
                )
            }
            return (
                Context(renderer: gles, fallback: CPURenderer(), options: options), "gles (auto: \(gles.info.renderer))"
            )
        }
    }

    private static func openGLES(_ options: Context.Options) throws(PipelineError) -> GLESRenderer {
        do { return try GLESRenderer(options: .init(maximumTextureSize: options.maximumTextureSize)) } catch {
            throw .render(step: "GLES renderer unavailable", cause: ErrorCause(error))
        }
    }
}
