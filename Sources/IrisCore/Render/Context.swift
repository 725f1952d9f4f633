import Foundation

/// Renders recipes: compiles them for its renderer and runs the plan. Core Image's CIContext.
/// A frame larger than the renderer's texture limit goes to the fallback renderer (the CPU) by default,
/// or is split into GPU tiles when `oversized` is `.tile`.
///
///     let context = Context(renderer: try GLESRenderer(), fallback: CPURenderer())
///     let pixels = try context.render(image)
public final class Context: Sendable {
    public enum OversizedPolicy: String, Sendable, CaseIterable {
        /// Render on the fallback renderer, which has no texture limit.
        case fallback
        /// Split the render into tiles that fit the texture limit.
        case tile
    }

    public struct Options: Sendable {
        public var fusion: Bool = true
        public var colorManagement: Bool = true
        /// Lowers the renderer's texture limit (tests use it to force the oversized path).
        public var maximumTextureSize: Int?
        public var oversized: OversizedPolicy = .fallback
        public var outputFormat: PixelFormat = .rgba8
        /// Bake colour chains after a Y'CbCr decoder into one lookup on renderers that prefer it (the CPU).
        /// Off keeps the exact per-kernel evaluation everywhere (the reference the benchmark compares).
        public var colorCubes: Bool = true
        /// Where baked cubes are kept between runs, so a chain baked by an earlier run is read back instead
        /// (`BakedCubeStore.standard` is the user's cache folder). Nil: every process bakes its own.
        public var bakedCubes: BakedCubeStore?
        /// What one render may cost; a plan over a limit is refused with a `PlanError` naming the filter.
        public var limits: RenderLimits = .init()
        /// Print the recipe and the plan to standard error; defaults to `IRIS_PRINT_TREE` being set.
        public var printTree: Bool =
            ProcessInfo.processInfo.environment["IRIS_PRINT_TREE"].map { !$0.isEmpty && $0 != "0" } ?? false
        public init() {}
    }

    /// What a render did, for tools and tests.
    public struct Report: Sendable {
        public let buffer: PixelBuffer
        public let plan: RenderPlan
        public let renderer: String
    }

    public let renderer: any Renderer
    public let fallback: (any Renderer)?
    public let options: Options

    public init(renderer: any Renderer, fallback: (any Renderer)? = nil, options: Options = .init()) {
        self.renderer = renderer
        self.fallback = fallback
        self.options = options
    }

    /// What the renderers moved over every render so far (uploads, readbacks, CPU copies and writes).
    public var traffic: ByteTraffic { renderer.traffic + (fallback?.traffic ?? ByteTraffic()) }

    /// The texture limit plans for the primary renderer respect.
    public var maximumTextureSize: Int { min(renderer.maximumTextureSize, options.maximumTextureSize ?? .max) }

    public func render(_ image: Image, rect: Rect? = nil) throws -> PixelBuffer {
        try renderReport(image, rect: rect).buffer
    }

    /// Renders `image` straight into a video encoder's Y'CbCr planes (`EncoderPlanes`): no RGBA picture is
    /// read back or kept. `iris run` records this way.
    ///
    ///     let planes = try context.render(image, encoding: EncoderPlanes(layout: .i420, colorimetry: .default))
    public func render(_ image: Image, rect: Rect? = nil, encoding: EncoderPlanes) throws -> PixelBuffer {
        try render(image, rect: rect, encoding: encoding, keepingPicture: false).planes
    }

    /// Renders `image` once into the encoder's planes and, with `keepingPicture`, the RGBA picture too (a
    /// preview and a recording of the same frame). A frame that is already the encoder's planes is not
    /// rendered for them (`framePlanes`).
    public func render(_ image: Image, rect: Rect? = nil, encoding: EncoderPlanes, keepingPicture: Bool) throws
        -> EncodedRender
    {
        if let planes = framePlanes(image, rect: rect, encoding: encoding) {
            return EncodedRender(picture: keepingPicture ? try render(image, rect: rect) : nil, planes: planes)
        }
        let (plan, chosen) = try planAndRenderer(image, rect: rect)
        printTreeIfAsked(image, plan: plan, renderer: chosen)
        return try chosen.execute(plan, encoding: encoding, keepingPicture: keepingPicture)
    }

    /// `render(_:rect:encoding:keepingPicture:)` started without waiting for the readback (`PendingRender`):
    /// a caller that submits frame N + 1 before asking for frame N's result lets the readback of one overlap
    /// the render of the other.
    public func submit(_ image: Image, rect: Rect? = nil, encoding: EncoderPlanes, keepingPicture: Bool) throws
        -> PendingRender
    {
        if let planes = framePlanes(image, rect: rect, encoding: encoding) {
            let picture = keepingPicture ? try render(image, rect: rect) : nil
            return PendingRender(finished: EncodedRender(picture: picture, planes: planes))
        }
        let (plan, chosen) = try planAndRenderer(image, rect: rect)
        printTreeIfAsked(image, plan: plan, renderer: chosen)
        return try chosen.submit(plan, encoding: encoding, keepingPicture: keepingPicture)
    }

    /// Renders and tells which renderer ran which plan.
    public func renderReport(_ image: Image, rect: Rect? = nil) throws -> Report {
        let (plan, chosen) = try planAndRenderer(image, rect: rect)
        printTreeIfAsked(image, plan: plan, renderer: chosen)
        return Report(buffer: try chosen.execute(plan), plan: plan, renderer: chosen.name)
    }

    /// The plan `render` would run, and the renderer that would run it.
    public func planAndRenderer(_ image: Image, rect: Rect? = nil) throws -> (RenderPlan, any Renderer) {
        let limited = compilerOptions(maximumTextureSize: maximumTextureSize, for: renderer)
        let plan = try Compiler(options: limited).plan(image, rect: rect)
        if plan.tiles.count > 1, options.oversized == .fallback, let fallback {
            let unlimited = compilerOptions(maximumTextureSize: fallback.maximumTextureSize, for: fallback)
            return (try Compiler(options: unlimited).plan(image, rect: rect), fallback)
        }
        return (plan, renderer)
    }

    /// Writes the recipe and its plan to standard error when `options.printTree` asks (`IRIS_PRINT_TREE`):
    /// for a caller that runs a plan from `planAndRenderer` itself, as the renders here do.
    public func printTreeIfAsked(_ image: Image, plan: RenderPlan, renderer: any Renderer) {
        guard options.printTree else { return }
        StandardError.write(PlanPrinter.recipe(image) + "\n" + PlanPrinter.plan(plan, renderer: renderer.name) + "\n")
    }

    private func compilerOptions(maximumTextureSize: Int, for target: any Renderer) -> CompilerOptions {
        CompilerOptions(
            fusion: options.fusion, colorManagement: options.colorManagement,
            maximumTextureSize: maximumTextureSize, outputFormat: options.outputFormat,
            bakesColorCubes: options.colorCubes && target.prefersColorCubes, bakedCubes: options.bakedCubes,
            interleavesChroma: target.prefersInterleavedChroma, limits: options.limits)
    }
}
