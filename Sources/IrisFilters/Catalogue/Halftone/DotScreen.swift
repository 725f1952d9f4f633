import IrisCore

extension BuiltInFilters {
    /// CIDotScreen: a dot pattern, pattern = 0.5 + 0.25·(cos(2π·qx/w) + cos(2π·qy/w)) (see `HalftoneSupport`).
    static let dotScreen = FilterDescriptor(
        name: "CIDotScreen", displayName: "Dot Screen", categories: HalftoneSupport.categories,
        summary: "Simulates the dot patterns of a halftone screen.",
        inputs: [
            .image, HalftoneSupport.centerInput(), HalftoneSupport.angleInput(), HalftoneSupport.widthInput(),
            HalftoneSupport.sharpnessInput()
        ],
        build: { args throws(FilterError) in
            try HalftoneSupport.apply(dotScreenKernel, args, hasAngle: true, label: "CIDotScreen")
        })

    static let dotScreenKernel = HalftoneSupport.kernel(
        name: "irisDotScreen",
        vGLSL: HalftoneSupport.stepGLSL(
            "y",
            "0.5 + 0.25 * (cos(\(HalftoneSupport.twoPi) * q.x / width) + cos(\(HalftoneSupport.twoPi) * q.y / width))"),
        v: { y, q, _, w, g in
            HalftoneSupport.step(y, (HalftoneSupport.wave(q.x, w) + HalftoneSupport.wave(q.y, w)) / 2, g)
        })
}
