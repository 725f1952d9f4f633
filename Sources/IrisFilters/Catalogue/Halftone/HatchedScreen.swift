import IrisCore

extension BuiltInFilters {
    /// CIHatchedScreen: hatching that crosses in the shadows. Lines along the pattern's x axis,
    /// Lx = 0.5 + 0.5·cos(2π·qy/w), thicken as the pixel darkens; below mid-grey lines across them,
    /// Ly = 0.5 + 0.5·cos(2π·qx/w), join in: v = min(S(Y, Lx), S(2Y, Ly)) (see `HalftoneSupport`).
    static let hatchedScreen = FilterDescriptor(
        name: "CIHatchedScreen", displayName: "Hatched Screen", categories: HalftoneSupport.categories,
        summary: "Simulates the hatched pattern of a halftone screen.",
        inputs: [
            .image, HalftoneSupport.centerInput(), HalftoneSupport.angleInput(), HalftoneSupport.widthInput(),
            HalftoneSupport.sharpnessInput()
        ],
        build: { args throws(FilterError) in
            try HalftoneSupport.apply(hatchedScreenKernel, args, hasAngle: true, label: "CIHatchedScreen")
        })

    static let hatchedScreenKernel = HalftoneSupport.kernel(
        name: "irisHatchedScreen",
        vGLSL: "min(" + HalftoneSupport.stepGLSL("y", "0.5 + 0.5 * cos(\(HalftoneSupport.twoPi) * q.y / width)") + ", "
            + HalftoneSupport.stepGLSL("2.0 * y", "0.5 + 0.5 * cos(\(HalftoneSupport.twoPi) * q.x / width)") + ")",
        v: { y, q, _, w, g in
            min(
                HalftoneSupport.step(y, HalftoneSupport.wave(q.y, w), g),
                HalftoneSupport.step(2 * y, HalftoneSupport.wave(q.x, w), g))
        })
}
