/// Something that executes a `RenderPlan`: the GLES renderer or the CPU renderer.
public protocol Renderer: Sendable {
    /// A short name for dumps and errors ("gles", "cpu").
    var name: String { get }
    /// The largest texture side the renderer can hold (Int.max for the CPU).
    var maximumTextureSize: Int { get }
    /// What a plan must satisfy to run here (texture limits, Swift bodies); `execute` validates against it
    /// before any work, and a caller may too: `try plan.validate(renderer.planRequirements)`.
    var planRequirements: PlanRequirements { get }
    /// Renders the plan into a new buffer of `plan.outputFormat`, `plan.outputRect`'s size. A plan the
    /// renderer cannot run throws a `PlanError` (from `RenderPlan.validate`) before any work; the device
    /// failing throws a `RenderError`.
    func execute(_ plan: RenderPlan) throws -> PixelBuffer
    /// Whether plans for this renderer should bake colour chains into `ColorCube` lookups: true where a
    /// lookup is faster than the chain it replaces (measured by `iris bench`).
    var prefersColorCubes: Bool { get }
    /// Whether plans for this renderer should read an I420 frame's chroma as one interleaved plane
    /// (`CompilerOptions.interleavesChroma`): true where a texture read costs more than interleaving.
    var prefersInterleavedChroma: Bool { get }
    /// The bytes every render so far moved: the GPU's uploads and readbacks and the CPU's copies around them,
    /// or the CPU renderer's output written. Read it before and after a render for that render's share.
    var traffic: ByteTraffic { get }
    /// Renders the plan and writes `encoding`'s Y'CbCr planes from its output, for a video encoder; with
    /// `keepingPicture` the RGBA picture comes back too (a preview shows it). The CPU renderer converts each
    /// band's rows as it renders them, the GLES renderer runs the encoder passes on the GPU and reads back
    /// 1.5 bytes a pixel; both agree within one code value with `EncoderPlaneConverter`.
    func execute(_ plan: RenderPlan, encoding: EncoderPlanes, keepingPicture: Bool) throws -> EncodedRender
    /// Starts `execute(_:encoding:keepingPicture:)` and returns once the device has the work; the bytes come
    /// with `PendingRender.result()`. A renderer that cannot read back without waiting finishes the render
    /// here (the default).
    func submit(_ plan: RenderPlan, encoding: EncoderPlanes, keepingPicture: Bool) throws -> PendingRender
}

/// What `Renderer.execute(_:encoding:keepingPicture:)` made: the encoder's planes, and the RGBA picture
/// when it was asked for.
public struct EncodedRender: Sendable {
    public let picture: PixelBuffer?
    public let planes: PixelBuffer

    public init(picture: PixelBuffer?, planes: PixelBuffer) {
        self.picture = picture
        self.planes = planes
    }
}

extension Renderer {
    public var prefersColorCubes: Bool { false }
    public var prefersInterleavedChroma: Bool { false }
    public var traffic: ByteTraffic { ByteTraffic() }

    /// Renders the picture, then converts it whole on the CPU: for renderers without an encoder path.
    public func execute(_ plan: RenderPlan, encoding: EncoderPlanes, keepingPicture: Bool) throws -> EncodedRender {
        let picture = try execute(plan)
        let planes = EncoderPlaneConverter(encoding, from: plan.outputFormat).convert(picture)
        return EncodedRender(picture: keepingPicture ? picture : nil, planes: planes)
    }

    /// Renders now: for renderers whose readback cannot overlap the next render.
    public func submit(_ plan: RenderPlan, encoding: EncoderPlanes, keepingPicture: Bool) throws -> PendingRender {
        PendingRender(finished: try execute(plan, encoding: encoding, keepingPicture: keepingPicture))
    }
}

/// Why a render of a valid plan failed on its device. Every case names what is at fault. A plan the
/// renderer cannot run is a `PlanError`, found before any of this can happen.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// GL rejected a kernel's program; `log` is GL's info log.
    case kernelCompileFailed(kernel: String, log: String)
    case deviceUnavailable(renderer: String, reason: String)
    case outOfMemory(renderer: String, bytes: Int)
    case gl(operation: String, code: Int)

    public var description: String {
        switch self {
        case let .kernelCompileFailed(k, log): return "kernel '\(k)' failed to compile: \(log)"
        case let .deviceUnavailable(r, reason): return "\(r) renderer unavailable: \(reason)"
        case let .outOfMemory(r, b): return "\(r) renderer ran out of memory allocating \(b) bytes"
        case let .gl(op, code): return "GL error 0x\(String(code, radix: 16)) in \(op)"
        }
    }
}
