/// Something that executes a `RenderPlan`: the GLES renderer or the CPU renderer.
public protocol Renderer: Sendable {
    /// A short name for dumps and errors ("gles", "cpu").
    var name: String { get }
    /// The largest texture side the renderer can hold (Int.max for the CPU).
    var maximumTextureSize: Int { get }
    /// Renders the plan into a new buffer of `plan.outputFormat`, `plan.outputRect`'s size.
    func execute(_ plan: RenderPlan) throws -> PixelBuffer
    /// Whether plans for this renderer should bake colour chains into `ColorCube` lookups: true where a
    /// lookup is faster than the chain it replaces (measured by `iris bench`).
    var prefersColorCubes: Bool { get }
}

extension Renderer {
    public var prefersColorCubes: Bool { false }
}

/// Why a render failed. Every case names what is at fault.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    case emptyExtent
    case infiniteExtent
    case unsupportedOutputFormat(PixelFormat)
    /// A CPU render met a kernel that has only a GLSL body.
    case missingCPUBody(kernel: String)
    /// GL rejected a kernel's program; `log` is GL's info log.
    case kernelCompileFailed(kernel: String, log: String)
    case deviceUnavailable(renderer: String, reason: String)
    case outOfMemory(renderer: String, bytes: Int)
    case gl(operation: String, code: Int)

    public var description: String {
        switch self {
        case .emptyExtent: return "nothing to render: the image's extent is empty"
        case .infiniteExtent: return "the image's extent is infinite: crop it or pass a rectangle to render"
        case let .unsupportedOutputFormat(f): return "cannot render into \(f): use rgba8 or bgra8"
        case let .missingCPUBody(k): return "kernel '\(k)' has no Swift body, so the CPU renderer cannot run it"
        case let .kernelCompileFailed(k, log): return "kernel '\(k)' failed to compile: \(log)"
        case let .deviceUnavailable(r, reason): return "\(r) renderer unavailable: \(reason)"
        case let .outOfMemory(r, b): return "\(r) renderer ran out of memory allocating \(b) bytes"
        case let .gl(op, code): return "GL error 0x\(String(code, radix: 16)) in \(op)"
        }
    }
}
