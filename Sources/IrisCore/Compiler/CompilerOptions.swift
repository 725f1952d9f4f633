/// How the compiler turns a recipe into a plan.
public struct CompilerOptions: Sendable {
    /// Fuse colour and warp kernels into as few passes as possible and fold matrices and affines.
    /// Off gives one pass per kernel (the baseline the benchmark compares against).
    public var fusion: Bool = true
    /// Convert sources from sRGB into the linear working space and back at the output. Off is Core
    /// Image's `workingColorSpace: nil`: kernels see the encoded values.
    public var colorManagement: Bool = true
    /// The largest texture side a pass or leaf rectangle may have; larger renders are split into tiles.
    public var maximumTextureSize: Int = .max
    public var outputFormat: PixelFormat = .rgba8
    /// Bake each maximal run of position-independent colour kernels that follows a Y'CbCr decoder into one
    /// `ColorCube` lookup, where the cube meets `ColorCubeBaker.tolerance` (fusion must be on too).
    public var bakesColorCubes: Bool = false
    /// Where bakes are kept between runs (`BakedCubeStore`); nil bakes every run's cubes afresh.
    public var bakedCubes: BakedCubeStore?
    /// Read an I420 frame's Cb and Cr as one interleaved plane (NV12), interleaved on the CPU while planning
    /// (`RenderPlan.planningTraffic` counts it): for a renderer where a texture read costs more than that
    /// pass over the chroma (`Renderer.prefersInterleavedChroma`). The pixels are the same either way.
    public var interleavesChroma: Bool = false
    /// The most kernels one fused pass holds; longer chains are stored part-way and continue in a new pass.
    public var maximumKernelsPerPass: Int = CompilerOptions.defaultMaximumKernelsPerPass
    /// What a plan may cost; a plan over a limit is refused with a `PlanError` before anything is allocated.
    public var limits: RenderLimits = .init()

    /// Large enough that every built-in filter chain a user writes by hand fuses whole; small enough that
    /// llvmpipe compiles the program in well under a second.
    public static let defaultMaximumKernelsPerPass = 48

    public init(
        fusion: Bool = true, colorManagement: Bool = true, maximumTextureSize: Int = .max,
        outputFormat: PixelFormat = .rgba8,
        bakesColorCubes: Bool = false, bakedCubes: BakedCubeStore? = nil, interleavesChroma: Bool = false,
        limits: RenderLimits = .init()
    ) {
        self.fusion = fusion
        self.colorManagement = colorManagement
        self.maximumTextureSize = maximumTextureSize
        self.outputFormat = outputFormat
        self.bakesColorCubes = bakesColorCubes
        self.bakedCubes = bakedCubes
        self.interleavesChroma = interleavesChroma
        self.limits = limits
    }
}
