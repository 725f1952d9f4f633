import IrisCore

extension BuiltInFilters {
    /// CIGammaAdjust: raises straight working-space colour to `inputPower` (Apple's formula
    /// pow(s.rgb, vec3(power))). Negative components keep their sign: sign(c)·|c|^p, so unclamped colour
    /// from earlier filters does not turn into NaN.
    static let gammaAdjust = FilterDescriptor(
        name: "CIGammaAdjust", displayName: "Gamma Adjust",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Adjusts midtone brightness.",
        inputs: [
            .image,
            // 0.75 is the default Apple's Core Image Filter Reference documents.
            FilterInputDescriptor(
                "inputPower", .scalar, default: .number(0.75), range: 0...Double.infinity, slider: 0.25...4,
                summary: "The exponent: below 1 brightens midtones, above 1 darkens them.")
        ],
        build: { args throws(FilterError) in
            let power = try args.number("inputPower")
            let image = try args.image("inputImage")
            if power == 1 { return image }
            return Image.make(
                gammaKernel, [image], KernelArguments([.float(Float(power))]), extent: image.extent,
                label: "CIGammaAdjust")
        })

    // max() keeps pow's argument positive (pow(0, p) is undefined in GLSL); sign(0) = 0 keeps zero at zero.
    static let gammaKernel = Kernel(color: "irisGammaAdjust") { s0, parameters in
        let power = vec3(parameters.float("power"))
        let c = s0.unpremultiplied
        return vec4(c.rgb.sign * c.rgb.magnitude.maximum(1e-10).power(power), c.a).premultiplied
    }
}
