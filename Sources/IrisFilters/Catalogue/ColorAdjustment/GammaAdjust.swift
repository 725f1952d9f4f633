import IrisCore
import Foundation

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

    static let gammaKernel = Kernel(
        color: "irisGammaAdjust", parameters: [.init("power", "float")],
        glsl: """
            vec4 irisGammaAdjust(vec4 s0, float power) {
                vec4 c = iris_unpremultiply(s0);
                // max() keeps pow's argument positive (pow(0, p) is undefined in GLSL); sign(0) = 0 keeps zero at zero.
                vec3 g = sign(c.rgb) * pow(max(abs(c.rgb), vec3(1e-10)), vec3(power));
                return vec4(g * c.a, c.a);
            }
            """,
        cpu: { px, _, _, args in
            let power = args.float(0)
            @inline(__always) func gamma(_ v: Float) -> Float {
                v == 0 ? 0 : (v > 0 ? 1 : -1) * powf(max(abs(v), 1e-10), power)
            }
            px.withUnsafeMutableBufferPointer { p in
                for i in p.indices {
                    let c = unpremultiplied(p[i])
                    p[i] = SIMD4(gamma(c.x) * c.w, gamma(c.y) * c.w, gamma(c.z) * c.w, c.w)
                }
            }
        })
}
