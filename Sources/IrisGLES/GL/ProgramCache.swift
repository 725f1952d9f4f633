import CEGL
import IrisCore

/// Linked programs keyed by their fragment source, so a pipeline compiles each pass shape once.
/// Failures are remembered too, so a broken kernel does not recompile on every frame. A full cache starts
/// over only between plans (`makeRoom`): emptied while a plan fetched its passes' programs, it deleted
/// the ones fetched first, and their draws failed with GL_INVALID_VALUE.
final class ProgramCache {
    private var programs: [String: Result<CompiledProgram, RenderError>] = [:]
    /// Beyond this many programs the cache starts over; a live pipeline needs a handful.
    private let capacity = 256

    func program(for generated: GeneratedProgram) throws(RenderError) -> CompiledProgram {
        if let cached = programs[generated.fragmentSource] { return try cached.get() }
        let result = Result { () throws(RenderError) -> CompiledProgram in
            let names = generated.kernelNames.isEmpty ? "(none)" : generated.kernelNames.joined(separator: ", ")
            do throws(RenderError) {
                return CompiledProgram(
                    program: try ShaderCompiler.link(
                        vertex: GLSLPrelude.vertex, fragment: generated.fragmentSource, kernelNames: names))
            } catch {
                guard case let .kernelCompileFailed(_, log) = error else { throw error }
                let blamed = GLSLKernelBlame.kernels(citedBy: log, in: generated.fragmentSource)
                throw .kernelCompileFailed(kernel: blamed?.joined(separator: ", ") ?? names, log: log)
            }
        }
        programs[generated.fragmentSource] = result
        return try result.get()
    }

    var count: Int { programs.count }

    /// Starts over when the cache is full; call it before fetching a plan's programs, never between them.
    func makeRoom() {
        if programs.count >= capacity { removeAll() }
    }

    func removeAll() {
        for case let .success(program) in programs.values { program.delete() }
        programs.removeAll()
    }
}
