/// What the renderer about to run a plan needs of it beyond the rules every plan follows: its limits and
/// the bodies it runs. `RenderPlan.validate(_:)` checks both; the defaults ask for nothing more.
///
///     try plan.validate(PlanRequirements(maximumTextureSize: 4096, maximumTexturesPerPass: 16))
public struct PlanRequirements: Sendable {
    /// The largest texture side the renderer can hold; every tile's pass and leaf rectangles must fit.
    public var maximumTextureSize: Int
    /// The most textures (leaves and earlier passes) one pass may sample: GL's texture units.
    public var maximumTexturesPerPass: Int
    /// Every kernel needs a Swift body: the CPU renderer runs nothing else.
    public var requiresCPUBodies: Bool
    /// The size the output must have (a scanout buffer's), or nil for any.
    public var outputSize: (width: Int, height: Int)?
    /// The renderer can apply `ColorCube` lookups (both built-in renderers can; a custom one may not).
    public var executesColorCubes: Bool

    public init(
        maximumTextureSize: Int = .max, maximumTexturesPerPass: Int = .max, requiresCPUBodies: Bool = false,
        outputSize: (width: Int, height: Int)? = nil, executesColorCubes: Bool = true
    ) {
        self.maximumTextureSize = maximumTextureSize
        self.maximumTexturesPerPass = maximumTexturesPerPass
        self.requiresCPUBodies = requiresCPUBodies
        self.outputSize = outputSize
        self.executesColorCubes = executesColorCubes
    }
}
