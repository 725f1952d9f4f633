import IrisCore

extension BuiltInFilters {
    /// CILineScreen: a line pattern, pattern = 0.5 + 0.5·cos(2π·qy/w) (see `HalftoneSupport`).
    static let lineScreen = FilterDescriptor(
        name: "CILineScreen", displayName: "Line Screen", categories: HalftoneSupport.categories,
        summary: "Simulates the line pattern of a halftone screen.",
        inputs: [
            .image, HalftoneSupport.centerInput(), HalftoneSupport.angleInput(), HalftoneSupport.widthInput(),
            HalftoneSupport.sharpnessInput()
        ],
        build: { args throws(FilterError) in
            try HalftoneSupport.apply(lineScreenKernel, args, hasAngle: true, label: "CILineScreen")
        })

    static let lineScreenKernel = HalftoneSupport.kernel(
        name: "irisLineScreen",
        vGLSL: HalftoneSupport.stepGLSL("y", "0.5 + 0.5 * cos(\(HalftoneSupport.twoPi) * q.y / width)"),
        v: { y, q, _, w, g in HalftoneSupport.step(y, HalftoneSupport.wave(q.y, w), g) })
}
