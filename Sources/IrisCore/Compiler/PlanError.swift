import Foundation

/// Everything that can be wrong with a recipe's extent or with a `RenderPlan`, found before any pixel is
/// computed. The compiler throws it for the recipe it is given; `RenderPlan.validate(_:)`, which both
/// renderers call before doing any work, throws it for a plan (hand-built, or a compiler bug) and for a plan
/// the renderer cannot hold. Each case names the pass, tile, leaf or kernel at fault. What goes wrong on a
/// device once the plan is known to be good is a `RenderError`.
public enum PlanError: Error, Equatable, Sendable, CustomStringConvertible {
    // What is rendered, and into what.
    case emptyExtent
    case infiniteExtent
    case unsupportedOutputFormat(PixelFormat)
    /// Even the smallest tile needs a rectangle wider than the texture limit (a huge blur radius, say).
    case cannotTile(maximumTextureSize: Int, needed: Int)
    /// The output has more pixels than `RenderLimits.maximumOutputPixels`; `culprit` is the filter whose
    /// extent first grew past it (nil when the requested rectangle itself is that large).
    case outputTooLarge(width: Int, height: Int, limit: Int, culprit: String?)
    /// A pass would store more pixels than `RenderLimits.maximumIntermediatePixels`.
    case intermediateTooLarge(pass: Int, label: String, width: Int, height: Int, limit: Int)
    /// The render's estimated peak memory is over `RenderLimits.maximumMemory`; `largest` labels the biggest pass.
    case memoryOverLimit(bytes: Int, limit: Int, largest: String)
    /// The plan's output is not the size its destination takes (`PlanRequirements.outputSize`: a scanout buffer).
    case outputSizeMismatch(width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)

    // The plan's passes and tiles.
    case noPasses
    case tilePassCount(tile: Int, expected: Int, got: Int)
    case tileLeafCount(tile: Int, expected: Int, got: Int)
    /// A tile's last pass rectangle is not its output, as `RenderPlan.Tile.passRects` promises.
    case tileOutputPass(tile: Int, output: Rect, outputPass: Rect)
    case rectNotIntegral(Place, Rect)
    case rectOutside(Place, Rect, bounds: Rect)
    /// A rectangle the renderer must hold as a texture is larger than its limit, or than the plan's own.
    case textureTooLarge(Place, width: Int, height: Int, limit: Int)

    // The plan's leaves.
    case leafPlane(leaf: Int, plane: Int, planeCount: Int)
    /// A leaf must be read with its plane's texture channels (`PixelFormat.PlaneLayout.textureChannels`).
    case leafChannels(leaf: Int, channels: Int, expected: Int)
    case leafTooSmall(leaf: Int, needed: Int, got: Int)

    // The passes' expressions.
    case leafIndex(pass: Int, leaf: Int, leafCount: Int)
    case intermediateIndex(pass: Int, reads: Int)
    case kernelInputCount(pass: Int, kernel: String, expected: Int, got: Int)
    case kernelArgumentCount(pass: Int, kernel: String, expected: Int, got: Int)
    case kernelArgumentType(pass: Int, kernel: String, parameter: String, expected: String, got: String)
    /// A CPU render met a kernel that has only a GLSL body.
    case missingCPUBody(pass: Int, kernel: String)
    /// A pass samples more leaves and earlier passes than the renderer can bind at once (GL's texture units).
    case tooManyTextures(pass: Int, count: Int, limit: Int)
    /// A baked colour chain for a renderer that runs kernels only (plan it with `bakesColorCubes` off).
    case colorCubeUnsupported(pass: Int, label: String)

    private static func megapixels(_ pixels: Double) -> String {
        let m = pixels / 1e6
        if m >= 1e6 { return String(format: "%.1e", m) }
        return m >= 10 ? String(Int(m.rounded())) : String(Double((m * 10).rounded()) / 10)
    }

    private static func mebibytes(_ bytes: Int) -> Int { bytes / (1 << 20) + (bytes % (1 << 20) == 0 ? 0 : 1) }

    /// Which rectangle of a plan a case is about.
    public enum Place: Equatable, Sendable, CustomStringConvertible {
        /// The plan's `outputRect`.
        case output
        case tileOutput(tile: Int)
        case pass(Int, tile: Int)
        case leaf(Int, tile: Int)

        public var description: String {
            switch self {
            case .output: return "the plan's output rectangle"
            case let .tileOutput(t): return "tile \(t)'s output"
            case let .pass(p, t): return "tile \(t)'s rectangle for pass \(p)"
            case let .leaf(l, t): return "tile \(t)'s rectangle for leaf \(l)"
            }
        }
    }

    public var description: String {
        switch self {
        case .emptyExtent: return "nothing to render: the image's extent is empty"
        case .infiniteExtent: return "the image's extent is infinite: crop it or pass a rectangle to render"
        case let .unsupportedOutputFormat(f):
            return "cannot render into \(f): use "
                + RenderPlan.outputFormats.map(\.description).joined(separator: " or ")
        case let .cannotTile(m, n): return "cannot split the render into tiles of at most \(m) px: a pass needs \(n) px"
        case let .outputTooLarge(w, h, limit, culprit):
            let cause = culprit.map { "\($0) makes the output \(w)×\(h)" } ?? "the output is \(w)×\(h)"
            return
                "\(cause): \(Self.megapixels(Double(w) * Double(h))) Mpx, over the limit of \(Self.megapixels(Double(limit))) Mpx (raise it with --max-pixels)"
        case let .intermediateTooLarge(p, label, w, h, limit):
            return
                "\(label) (pass \(p)) needs a \(w)×\(h) intermediate: \(Self.megapixels(Double(w) * Double(h))) "
                + "Mpx, over the limit of \(Self.megapixels(Double(limit))) Mpx (raise it with --max-pixels)"
        case let .memoryOverLimit(bytes, limit, largest):
            return
                "the render needs about \(Self.mebibytes(bytes)) MiB (largest pass: \(largest)), over the limit "
                + "of \(Self.mebibytes(limit)) MiB (raise it with --max-memory)"
        case let .outputSizeMismatch(w, h, ew, eh):
            return "the plan renders \(w)×\(h), its destination takes \(ew)×\(eh)"
        case .noPasses: return "the plan has no passes"
        case let .tilePassCount(t, e, g): return "tile \(t) has \(g) pass rectangles for \(e) passes"
        case let .tileLeafCount(t, e, g): return "tile \(t) has \(g) leaf rectangles for \(e) leaves"
        case let .tileOutputPass(t, o, p): return "tile \(t)'s output pass rectangle \(p) is not its output \(o)"
        case let .rectNotIntegral(place, r): return "\(place), \(r), is not finite and integral"
        case let .rectOutside(place, r, bounds): return "\(place), \(r), is outside \(bounds)"
        case let .textureTooLarge(place, w, h, limit):
            return "\(place) needs a \(w)×\(h) texture, over the limit of \(limit)"
        case let .leafPlane(l, p, n): return "leaf \(l) reads plane \(p) of a \(n)-plane buffer"
        case let .leafChannels(l, c, e): return "leaf \(l) declares \(c) channel(s); its plane has \(e)"
        case let .leafTooSmall(l, n, g): return "leaf \(l)'s plane needs \(n) bytes, has \(g)"
        case let .leafIndex(p, l, n): return "pass \(p) reads leaf \(l) of \(n)"
        case let .intermediateIndex(p, r): return "pass \(p) reads pass \(r), which does not run before it"
        case let .kernelInputCount(p, k, e, g):
            return "pass \(p): kernel '\(k)' takes \(e) input(s), the plan gives \(g)"
        case let .kernelArgumentCount(p, k, e, g):
            return "pass \(p): kernel '\(k)' takes \(e) argument(s), the plan gives \(g)"
        case let .kernelArgumentType(p, k, name, e, g):
            return "pass \(p): kernel '\(k)' declares '\(name)' a \(e), the plan gives a \(g)"
        case let .missingCPUBody(p, k):
            return "kernel '\(k)' (pass \(p)) has no Swift body, so the CPU renderer cannot run it"
        case let .tooManyTextures(p, c, l): return "pass \(p) samples \(c) textures; the renderer can bind \(l)"
        case let .colorCubeUnsupported(p, label):
            return "pass \(p): this renderer cannot apply the baked lookup \(label); plan without colour cubes"
        }
    }
}
