/// An immutable, lazy recipe for an image. Creating or filtering an image does no pixel work; a
/// `Context` compiles the recipe into fused passes when it renders.
///
///     let out = Image(frame: frame).applyingFilter(.sepiaTone(intensity: 0.8)).cropped(to: rect)
public final class Image: Sendable, CustomStringConvertible {
    /// Where the image is defined; outside it, pixels are transparent black. May be infinite.
    public let extent: Rect
    let node: Node

    enum Node: Sendable {
        /// One plane of a buffer; samples return raw channel values (see `RenderPlan.Leaf`).
        case plane(PixelBuffer, index: Int)
        /// Straight-alpha colour in the encoded (sRGB) space; infinite.
        case constant(SIMD4<Float>)
        case kernel(KernelApplication)
        /// The inner image yields straight-alpha, encoded (sRGB or Y'CbCr-decoded R'G'B') colour; the compiler
        /// brings it into the working space (linear, premultiplied), or only premultiplies it when colour
        /// management is off.
        case encoded(Image)
        /// Every pixel of the input looked up in a colour cube (its R, G, B, clamped to 0…1, index the cube).
        case lookup(ColorCube, Image, label: String)
    }

    struct KernelApplication: Sendable {
        let kernel: Kernel
        let inputs: [Image]
        let arguments: KernelArguments
        let label: String
        /// Set when the node is a colour matrix, so the compiler can fold neighbours into one.
        let colorMatrix: ColorMatrix?
        /// Set when the node is an affine warp, so the compiler can fold neighbours into one.
        let affine: AffineTransform?
    }

    /// The longest path from this image down to a source, in nodes.
    public let depth: Int

    /// The Y'CbCr frame this image is the plain decode of: set by `Image(buffer:colorimetry:)` for a Y'CbCr
    /// buffer, so a render into encoder planes of the same layout and colours can hand the frame on as it
    /// is (`Context.render(_:rect:encoding:keepingPicture:)`). Any filter, crop or transform makes an image
    /// without it.
    let decodedFrame: Frame?

    /// The deepest recipe a filter accepts as input. Releasing a recipe walks it recursively (Swift frees a
    /// chain of objects one inside the other), so depth costs stack; 10,000 nodes take about 4 MB of it and
    /// cover any chain written by hand (a colour filter adds one node, a blur two to five).
    public static let maximumDepth = 10_000

    init(extent: Rect, node: Node, decodedFrame: Frame? = nil) {
        self.extent = extent
        self.node = node
        self.decodedFrame = decodedFrame
        switch node {
        case .plane, .constant: depth = 1
        case let .kernel(app): depth = 1 + (app.inputs.map(\.depth).max() ?? 0)
        case let .encoded(inner): depth = 1 + inner.depth
        case let .lookup(_, input, _): depth = 1 + input.depth
        }
    }

    /// The images this one reads.
    var inputs: [Image] {
        switch node {
        case .plane, .constant: return []
        case let .kernel(app): return app.inputs
        case let .encoded(inner): return [inner]
        case let .lookup(_, input, _): return [input]
        }
    }

    /// Applies a kernel. Core Image's `CIKernel.apply(extent:roiCallback:arguments:)`.
    ///
    ///     let out = Image.apply(myKernel, inputs: [image], arguments: [.float(0.5)], extent: image.extent)
    public static func apply(
        _ kernel: Kernel, inputs: [Image], arguments: [KernelValue], extent: Rect,
        label: String? = nil
    ) throws(KernelApplicationError) -> Image {
        guard inputs.count == kernel.inputCount else {
            throw .wrongInputCount(kernel: kernel.name, expected: kernel.inputCount, got: inputs.count)
        }
        guard arguments.count == kernel.parameters.count else {
            throw .wrongArgumentCount(kernel: kernel.name, expected: kernel.parameters.count, got: arguments.count)
        }
        for (value, parameter) in zip(arguments, kernel.parameters) where value.glslType != parameter.glslType {
            throw .wrongArgumentType(
                kernel: kernel.name, parameter: parameter.name, expected: parameter.glslType, got: value.glslType)
        }
        return make(kernel, inputs, KernelArguments(arguments), extent: extent, label: label ?? kernel.name)
    }

    /// The internal path for built-ins, whose argument lists are right by construction.
    package static func make(
        _ kernel: Kernel, _ inputs: [Image], _ arguments: KernelArguments, extent: Rect, label: String,
        colorMatrix: ColorMatrix? = nil, affine: AffineTransform? = nil
    ) -> Image {
        Image(
            extent: extent,
            node: .kernel(
                KernelApplication(
                    kernel: kernel, inputs: inputs, arguments: arguments,
                    label: label, colorMatrix: colorMatrix, affine: affine)))
    }

    public var description: String { "Image(extent: \(extent))" }
}

/// Why a kernel cannot be applied to the given images and arguments.
public enum KernelApplicationError: Error, Equatable, CustomStringConvertible {
    case wrongInputCount(kernel: String, expected: Int, got: Int)
    case wrongArgumentCount(kernel: String, expected: Int, got: Int)
    case wrongArgumentType(kernel: String, parameter: String, expected: String, got: String)

    public var description: String {
        switch self {
        case let .wrongInputCount(k, e, g): return "kernel '\(k)' takes \(e) input image(s), got \(g)"
        case let .wrongArgumentCount(k, e, g): return "kernel '\(k)' takes \(e) argument(s), got \(g)"
        case let .wrongArgumentType(k, p, e, g): return "kernel '\(k)' parameter '\(p)' is \(e), got \(g)"
        }
    }
}
