import IrisCore

extension BuiltInFilters {
    /// CICircularScreen: rings around the centre, pattern = 0.5 + 0.5·cos(2π·|d|/w), d the offset from
    /// `inputCenter` (see `HalftoneSupport`).
    static let circularScreen = FilterDescriptor(
        name: "CICircularScreen", displayName: "Circular Screen", categories: HalftoneSupport.categories,
        summary: "Simulates a circular-shaped halftone screen.",
        inputs: [.image, HalftoneSupport.centerInput(), HalftoneSupport.widthInput(), HalftoneSupport.sharpnessInput()],
        build: { args throws(FilterError) in
            try HalftoneSupport.apply(circularScreenKernel, args, hasAngle: false, label: "CICircularScreen")
        })

    static let circularScreenKernel = HalftoneSupport.kernel(
        name: "irisCircularScreen",
        vGLSL: HalftoneSupport.stepGLSL("y", "0.5 + 0.5 * cos(\(HalftoneSupport.twoPi) * length(d) / width)"),
        v: { y, _, d, w, g in HalftoneSupport.step(y, HalftoneSupport.wave((d.x * d.x + d.y * d.y).squareRoot(), w), g)
        })
}
