/// What a renderer executes: passes of fused programs, the plane leaves they read, and the tiles to render.
/// Both renderers execute the same plan and must produce the same pixels.
///
/// Conventions every renderer follows:
/// - Coordinates are global image coordinates (bottom-left origin, pixel centres at .5).
/// - Every buffer, texture and plane stores rows top to bottom: a buffer covering `rect` holds global row
///   `y` (centre `y + 0.5`) at memory row `rect.maxY - y - 1`.
/// - Sampling a leaf or an intermediate is bilinear between texel centres, clamped to the edge of the stored
///   rectangle, and gives 0 outside the leaf's or pass's `extent`. Every kernel node's value is 0 outside
///   its own `extent` (Core Image: an image is clear outside its extent). A point p is inside a rectangle
///   when min ≤ p < max on both axes.
/// - Intermediates hold premultiplied linear RGBA (half float where possible). The output pass writes its
///   root's value, clamped to 0…1, as 4 bytes in R, G, B, A order (the compiler adds any swizzle).
public struct RenderPlan: Sendable {
    /// One plane of a source buffer, read as a texture.
    public struct Leaf: Sendable {
        public let buffer: PixelBuffer
        public let plane: Int
        /// The plane's own extent: (0, 0, plane width, plane height).
        public let extent: Rect
        /// Channels per sample: 1 (Y, Cb, Cr planes), 2 (interleaved CbCr), 3 (packed RGB, BGR) or 4 (RGBA, BGRA,
        /// BGRX, YUYV macropixels).
        public let channels: Int
        /// When true, the bytes are B, G, R[, A] and a sample returns them as R, G, B[, A].
        public let swapsRedBlue: Bool

        public init(buffer: PixelBuffer, plane: Int, channels: Int, swapsRedBlue: Bool) {
            self.buffer = buffer
            self.plane = plane
            self.channels = channels
            self.swapsRedBlue = swapsRedBlue
            let size = buffer.format.planeSize(plane, width: buffer.width, height: buffer.height)
            self.extent = Rect(width: size.width, height: size.height)
        }

        public var width: Int { Int(extent.width) }
        public var height: Int { Int(extent.height) }
    }

    /// A program's expression tree. Sampling a leaf returns its channels as (c0, 0, 0, 1), (c0, c1, 0, 1),
    /// (c0, c1, c2, 1) or (c0, c1, c2, c3), each byte / 255.
    public indirect enum Expression: Sendable {
        case leaf(Int)
        case intermediate(Int)
        case constant(SIMD4<Float>)
        case kernel(KernelNode)
        /// A baked colour chain: the input's R, G, B (opaque, in 0…1) looked up in a cube.
        case lookup(LookupNode)
    }

    /// A run of position-independent colour kernels baked into a `ColorCube`. Its input is a kernel with the
    /// `opaqueUnitOutput` trait (a Y'CbCr decoder); its value is 0 outside `extent`, like a kernel node's.
    public struct LookupNode: Sendable {
        public let cube: ColorCube
        public let input: Expression
        /// The baked kernels in order, for plan dumps: `cube33[srgb_to_linear→CISepiaTone→linear_to_srgb]`.
        public let label: String
        public let extent: Rect
        public init(cube: ColorCube, input: Expression, label: String, extent: Rect) {
            self.cube = cube
            self.input = input
            self.label = label
            self.extent = extent
        }
    }

    public struct KernelNode: Sendable {
        public let kernel: Kernel
        public let inputs: [Expression]
        public let arguments: KernelArguments
        /// What the node came from, for plan dumps: a filter name, or a fold such as `CISepiaTone+CIHueAdjust`.
        public let label: String
        public let extent: Rect
        public init(kernel: Kernel, inputs: [Expression], arguments: KernelArguments, label: String, extent: Rect) {
            self.kernel = kernel
            self.inputs = inputs
            self.arguments = arguments
            self.label = label
            self.extent = extent
        }
    }

    public struct Pass: Sendable {
        public let root: Expression
        /// Where the pass's result is defined (0 outside).
        public let extent: Rect
        public init(root: Expression, extent: Rect) {
            self.root = root
            self.extent = extent
        }
    }

    /// One piece of the output, with the rectangle each pass and each leaf must provide for it.
    public struct Tile: Sendable {
        public let output: Rect
        /// Per pass: the global rectangle to render (integral; empty when the tile does not need the pass).
        /// The last entry equals `output`.
        public let passRects: [Rect]
        /// Per leaf: the rectangle of the plane to upload (integral, inside the leaf's extent; may be empty).
        public let leafRects: [Rect]
        public init(output: Rect, passRects: [Rect], leafRects: [Rect]) {
            self.output = output
            self.passRects = passRects
            self.leafRects = leafRects
        }
    }

    /// Baked colour chains in the plan, in evaluation order.
    public var lookupNodes: [LookupNode] {
        var out: [LookupNode] = []
        func walk(_ e: Expression) {
            if case let .kernel(node) = e { node.inputs.forEach(walk) }
            if case let .lookup(node) = e {
                walk(node.input)
                out.append(node)
            }
        }
        passes.forEach { walk($0.root) }
        return out
    }

    public let leaves: [Leaf]
    /// In execution order; the last pass is the output.
    public let passes: [Pass]
    public let tiles: [Tile]
    /// The rendered rectangle; the output buffer is its size.
    public let outputRect: Rect
    public let outputFormat: PixelFormat
    /// The texture limit the tiles respect (Int.max when unlimited).
    public let maximumTextureSize: Int
    /// What planning moved on the CPU for this plan's leaves (chroma interleaved); the renderer that runs
    /// the plan adds it to its `traffic`.
    public var planningTraffic = ByteTraffic()

    public init(
        leaves: [Leaf], passes: [Pass], tiles: [Tile], outputRect: Rect, outputFormat: PixelFormat,
        maximumTextureSize: Int
    ) {
        self.leaves = leaves
        self.passes = passes
        self.tiles = tiles
        self.outputRect = outputRect
        self.outputFormat = outputFormat
        self.maximumTextureSize = maximumTextureSize
    }

    /// Kernels in the plan, in evaluation order; useful for tests of fusion and folding.
    public var kernelNodes: [KernelNode] {
        var out: [KernelNode] = []
        func walk(_ e: Expression) {
            if case let .kernel(node) = e {
                node.inputs.forEach(walk)
                out.append(node)
            }
            if case let .lookup(node) = e { walk(node.input) }
        }
        passes.forEach { walk($0.root) }
        return out
    }
}
