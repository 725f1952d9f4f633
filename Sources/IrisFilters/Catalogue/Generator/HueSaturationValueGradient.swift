import IrisCore
import Foundation
import RealModule

extension BuiltInFilters {
    /// CIHueSaturationValueGradient: a colour wheel of radius `inputRadius` centred on the origin (extent
    /// −r, −r, 2r, 2r): hue = the angle counter-clockwise from +x over a full turn, saturation = distance / r,
    /// value = `inputValue`, converted HSV → RGB as display (sRGB) values, so the wheel looks as a colour
    /// picker's does. The rim's alpha ramps over `inputSoftness` pixels (0.5 + (r − distance) / softness);
    /// `inputDither` adds ±dither/2 steps of 1/255 of noise (the hash of CIRandomGenerator, so both renderers
    /// dither alike). Core Image's `inputColorSpace` (a CGColorSpace) has no Iris equivalent: the wheel is
    /// always sRGB.
    static let hueSaturationValueGradient = FilterDescriptor(
        name: "CIHueSaturationValueGradient", displayName: "Hue/Saturation/Value Gradient",
        categories: GeneratorSupport.gradientCategories,
        summary: "Generates a color wheel that shows hues and saturations for a specified value.",
        inputs: [
            FilterInputDescriptor(
                "inputValue", .scalar, default: .number(1), range: 0...1,
                summary: "The value (brightness) of every colour of the wheel."),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(300), range: 0...Double.infinity, slider: 0...800,
                summary: "The radius of the wheel, in pixels."),
            FilterInputDescriptor(
                "inputSoftness", .scalar, default: .number(1), range: 0...Double.infinity, slider: 0...10,
                summary: "The width of the wheel's soft rim, in pixels."),
            FilterInputDescriptor(
                "inputDither", .scalar, default: .number(1), range: 0...Double.infinity, slider: 0...3,
                summary: "The strength of the dither noise, in steps of 1/255.")
        ],
        build: { args throws(FilterError) in
            let radius = try args.number("inputRadius")
            let wheel = Image.make(
                hueSaturationValueGradientKernel, [],
                KernelArguments([
                    .float(Float(max(radius, 1e-3))), .float(Float(try args.number("inputValue"))),
                    .float(Float(1 / max(try args.number("inputSoftness"), 1e-4))),
                    .float(Float(try args.number("inputDither") / 255))
                ]),
                extent: Rect(x: -radius, y: -radius, width: 2 * radius, height: 2 * radius),
                label: "CIHueSaturationValueGradient")
            // The kernel gives straight sRGB colour: the compiler brings it into the working space.
            return wheel.readAsEncodedColor()
        })

    /// The hue offsets of red, green and blue in the HSV → RGB formula (as the GLSL's vec3(1, 2/3, 1/3)).
    static let hsvOffsets: [Float] = [1, 2 / 3, 1 / 3]

    static let hueSaturationValueGradientKernel = Kernel(
        color: "irisHueSaturationValueGradient", inputCount: 0, usesDestCoord: true,
        parameters: [
            .init("radius", "float"), .init("value", "float"), .init("inverseSoftness", "float"),
            .init("dither", "float")
        ],
        glsl: RandomHash.glsl(prefix: "irisHSVDither") + """

            vec4 irisHueSaturationValueGradient(vec2 dc, float radius, float value, float inverseSoftness, float dither) {
                vec2 d = dc;
                float r = length(d);
                float hue = fract(\(GeneratorSupport.angleGLSLExpression) / 6.28318530718);
                float sat = clamp(r / radius, 0.0, 1.0);
                vec3 k = clamp(abs(fract(hue + vec3(1.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0) - 1.0, 0.0, 1.0);
                vec3 rgb = value * mix(vec3(1.0), k, sat);
                vec2 q = floor(dc);
                rgb += (vec3(irisHSVDitherValue(q, 0.0), irisHSVDitherValue(q, 1.0), irisHSVDitherValue(q, 2.0)) - 0.5) * dither;
                return vec4(rgb, clamp(0.5 + (radius - r) * inverseSoftness, 0.0, 1.0));
            }
            """,
        cpu: { px, _, coords, args in
            let radius = args.float(0), value = args.float(1), inverseSoftness = args.float(2), dither = args.float(3)
            for i in 0..<min(px.count, coords.count) {
                let d = coords[i]
                let r = (d.x * d.x + d.y * d.y).squareRoot()
                let a = GeneratorSupport.angle(d) / (2 * Float.pi)
                let hue = a - a.rounded(.down)
                let sat = min(max(r / radius, 0), 1)
                var rgb = SIMD3<Float>.zero
                for (c, offset) in hsvOffsets.enumerated() {
                    let h = hue + offset
                    let k = min(max(abs((h - h.rounded(.down)) * 6 - 3) - 1, 0), 1)
                    rgb[c] = value * (1 + (k - 1) * sat)
                }
                let x = RandomHash.index(d.x), y = RandomHash.index(d.y)
                for c in 0..<3 { rgb[c] += (RandomHash.value(x, y, channel: c) - 0.5) * dither }
                px[i] = SIMD4(rgb.x, rgb.y, rgb.z, min(max(0.5 + (radius - r) * inverseSoftness, 0), 1))
            }
        })
}
