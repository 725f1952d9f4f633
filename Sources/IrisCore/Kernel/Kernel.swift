/// A per-pixel program with two bodies that must agree: GLSL ES 1.00 for the GLES renderer and Swift for
/// the CPU renderer. Core Image's CIColorKernel, CIWarpKernel and CIKernel in one type.
///
/// GLSL conventions (the function is named `name`; parameters follow in `parameters` order):
/// - `.color`:   `vec4 name(vec4 s0, …, vec4 sN-1 [, vec2 dc], params…)`: premultiplied linear colours of the
///               inputs at this pixel (and the pixel's global coordinate when `usesDestCoord`).
/// - `.warp`:    `vec2 name(vec2 dc, params…)`: the global coordinate to read the single input at.
/// - `.general`: `vec4 name(vec2 dc, params…)`: reads its inputs anywhere with `sample0(vec2 p)`,
///               `sample1(…)`, … in global pixel coordinates (pixel centres at .5).
///
///     let invert = Kernel(color: "myInvert", parameters: [], glsl: """
///         vec4 myInvert(vec4 s0) { return vec4(s0.a - s0.rgb, s0.a); }
///         """, cpu: { px, _, _, _ in for i in px.indices { px[i] = SIMD4(px[i].w - px[i].x, px[i].w - px[i].y, px[i].w - px[i].z, px[i].w) } })
public struct Kernel: Sendable {
    public enum Kind: String, Sendable { case color, warp, general }

    /// What the compiler may assume about a kernel beyond its kind.
    public struct Traits: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Wherever the kernel is defined its result is opaque (alpha 1) with R, G, B in 0…1 (the Y'CbCr
        /// decoders clamp to that). A colour chain after it is a function on the unit cube, so the compiler
        /// can bake the chain into a `ColorCube` indexed by this kernel's result.
        public static let opaqueUnitOutput = Traits(rawValue: 1 << 0)
        /// Never bake this colour kernel into a lookup, although it reads only its own pixel (a kernel whose
        /// result is not a function of the colour alone, such as one that dithers with a hidden counter).
        public static let neverBaked = Traits(rawValue: 1 << 1)
        /// A general kernel whose result swings on tiny differences in what it reads (a steep threshold):
        /// the compiler recomputes a short colour chain over the sources at every point it reads, in the
        /// kernel's own pass, rather than storing that input in an intermediate (half float on GLES), so
        /// both renderers read it at full precision.
        public static let readsInputsAtFullPrecision = Traits(rawValue: 1 << 2)
    }

    /// A named, typed parameter; the type is the GLSL spelling (`float`, `vec2`, `vec3`, `vec4`, `mat4`).
    public struct Parameter: Sendable, Hashable {
        public let name: String
        public let glslType: String
        public init(_ name: String, _ glslType: String) {
            self.name = name
            self.glslType = glslType
        }
    }

    /// Row-at-a-time Swift bodies. Arrays hold one entry per pixel of the row span being rendered.
    public enum CPUBody: Sendable {
        /// Transforms the first input's colours in place; `others` holds the colours of inputs 1…N-1;
        /// `coords` holds the pixels' global coordinates.
        case color(
            @Sendable (
                _ pixels: inout [SIMD4<Float>], _ others: [[SIMD4<Float>]], _ coords: [SIMD2<Float>],
                _ args: KernelArguments
            ) -> Void)
        /// Maps destination coordinates to source coordinates in place.
        case warp(@Sendable (_ coords: inout [SIMD2<Float>], _ args: KernelArguments) -> Void)
        /// Produces colours for `coords`; `sample(i, points)` reads input `i` at any global points.
        case general(
            @Sendable (
                _ coords: [SIMD2<Float>], _ sample: (Int, [SIMD2<Float>]) -> [SIMD4<Float>], _ args: KernelArguments
            ) -> [SIMD4<Float>])
    }

    /// Which rectangle of input `index` the kernel reads to produce `rect` of its output.
    public typealias ROI = @Sendable (_ index: Int, _ rect: Rect, _ args: KernelArguments) -> Rect

    public let name: String
    public let kind: Kind
    public let inputCount: Int
    public let parameters: [Parameter]
    public let glsl: String
    public let cpu: CPUBody?
    public let usesDestCoord: Bool
    public let roi: ROI
    public let traits: Traits
    /// What a built-in kernel is to the compiler and renderers (an output encode, a crop, a decoder…), so
    /// they recognise it by role, never by its name. Every kernel made outside IrisCore is `.ordinary`.
    public internal(set) var role: Role = .ordinary

    /// The special kernels the compiler inserts or the renderers take shortcuts for.
    public enum Role: Sendable, Hashable {
        case ordinary
        /// Into the working space: straight encoded sRGB → premultiplied linear; or only premultiplying when
        /// colour management is off.
        case srgbToLinear, premultiply
        /// Out of the working space for output: the inverses.
        case linearToSRGB, unpremultiply
        case swizzleBGRA, crop, affine
        /// Porter-Duff source-over of two premultiplied inputs (`Image.composited(over:)`): the CPU's direct
        /// camera rows composite a stored image placed by whole pixels (a detector label) by it.
        case sourceOver
        /// Reads the nearest point inside a rectangle (`Image.clampedToExtent`).
        case clampToRect
        /// The Y'CbCr decoders: luma and interleaved chroma, three planes, packed 4:2:2.
        case ycbcrBiplanar, ycbcrTriplanar, ycbcrPacked422
        /// One direction of a separable blur (`SeparableBlurPass`): a general kernel whose Swift body reads
        /// its input only along one axis and returns a fixed weighted sum of those reads. The CPU renderer
        /// reads the weights off that body once and runs the pass as a convolution of the stored rows.
        case separableBlur
    }

    /// This kernel with a built-in role.
    package func playing(_ role: Role) -> Kernel {
        var kernel = self
        kernel.role = role
        return kernel
    }

    /// True for a colour kernel whose result depends only on its single input's colour at the same pixel
    /// (no coordinates, no neighbours, no other inputs) and that has a Swift body to tabulate: a maximal
    /// run of these is baked into one `ColorCube` lookup.
    public var isPositionIndependent: Bool {
        kind == .color && inputCount == 1 && !usesDestCoord && cpu != nil && !traits.contains(.neverBaked)
    }

    /// A colour kernel over `inputCount` images.
    public init(
        color name: String, inputCount: Int = 1, usesDestCoord: Bool = false, parameters: [Parameter],
        traits: Traits = [],
        glsl: String,
        cpu: (
            @Sendable (
                _ pixels: inout [SIMD4<Float>], _ others: [[SIMD4<Float>]], _ coords: [SIMD2<Float>],
                _ args: KernelArguments
            ) -> Void
        )?
    ) {
        self.name = name
        self.kind = .color
        self.inputCount = inputCount
        self.parameters = parameters
        self.glsl = glsl
        self.cpu = cpu.map { .color($0) }
        self.usesDestCoord = usesDestCoord
        self.roi = { _, rect, _ in rect }
        self.traits = traits
    }

    /// A warp kernel; `roi` maps an output rectangle to the input rectangle it reads.
    public init(
        warp name: String, parameters: [Parameter], glsl: String,
        cpu: (@Sendable (_ coords: inout [SIMD2<Float>], _ args: KernelArguments) -> Void)?, roi: @escaping ROI
    ) {
        self.name = name
        self.kind = .warp
        self.inputCount = 1
        self.parameters = parameters
        self.glsl = glsl
        self.cpu = cpu.map { .warp($0) }
        self.usesDestCoord = true
        self.roi = roi
        self.traits = []
    }

    /// A general kernel over `inputCount` images.
    public init(
        general name: String, inputCount: Int = 1, parameters: [Parameter], traits: Traits = [], glsl: String,
        cpu: (
            @Sendable (
                _ coords: [SIMD2<Float>], _ sample: (Int, [SIMD2<Float>]) -> [SIMD4<Float>], _ args: KernelArguments
            ) -> [SIMD4<Float>]
        )?,
        roi: @escaping ROI
    ) {
        self.name = name
        self.kind = .general
        self.inputCount = inputCount
        self.parameters = parameters
        self.glsl = glsl
        self.cpu = cpu.map { .general($0) }
        self.usesDestCoord = true
        self.roi = roi
        self.traits = traits
    }
}
