import IrisCore
import RealModule

extension BuiltInFilters {
    /// CISpotLight: lights the image, taken as a plane at z = 0, with a spotlight at `inputLightPosition`
    /// aimed at `inputLightPointsAt`. With u the unit vector from the pixel to the light and d the unit
    /// direction of the beam: out.rgb = s.rgb · colour · brightness · max(−u·d, 0)^(1/concentration) · max(u.z, 0)
    /// (a cosine-power spot, smaller concentration = tighter beam, as Core Image documents; times Lambert's
    /// cosine for the plane), alpha kept; the colour is linearised from sRGB. Core Image does not publish the
    /// exact formula.
    static let spotLight = FilterDescriptor(
        name: "CISpotLight", displayName: "Spot Light",
        categories: [FilterCategory.stylize, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Applies a directional spotlight effect to an image.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputLightPosition", .vector, default: .vector([400, 600, 150]),
                summary: "The x, y, z position of the light."),
            FilterInputDescriptor(
                "inputLightPointsAt", .vector, default: .vector([200, 200, 0]),
                summary: "The x, y, z point the light is aimed at."),
            FilterInputDescriptor(
                "inputBrightness", .distance, default: .number(3), range: 0...Double.infinity, slider: 0...10,
                summary: "The brightness of the spotlight."),
            FilterInputDescriptor(
                "inputConcentration", .scalar, default: .number(0.1), range: 0.001...Double.infinity,
                slider: 0.001...1.5,
                summary: "The spotlight size: the smaller, the more tightly focused the beam."),
            FilterInputDescriptor(
                "inputColor", .color, default: .color(SIMD4(1, 1, 1, 1)), summary: "The colour of the light (sRGB).")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let position = try args.vector("inputLightPosition"), target = try args.vector("inputLightPointsAt")
            let brightness = try args.number("inputBrightness"), concentration = try args.number("inputConcentration")
            let c = SIMD4<Float>(try args.color("inputColor"))
            let colour =
                SIMD3(
                    TransferFunction.sRGBToLinear(c.x), TransferFunction.sRGBToLinear(c.y),
                    TransferFunction.sRGBToLinear(c.z)) * Float(brightness)
            guard position.count == 3 else {
                throw .invalidValue(
                    filter: "CISpotLight", key: "inputLightPosition",
                    reason: "needs 3 components, got \(position.count)")
            }
            guard target.count == 3 else {
                throw .invalidValue(
                    filter: "CISpotLight", key: "inputLightPointsAt", reason: "needs 3 components, got \(target.count)")
            }
            let p = SIMD3(Float(position[0]), Float(position[1]), Float(position[2])),
                t = SIMD3(Float(target[0]), Float(target[1]), Float(target[2]))
            var d = t - p
            let length = (d * d).sum().squareRoot()
            d = length > 0 ? d / length : SIMD3(0, 0, -1)
            return Image.make(
                spotLightKernel, [image],
                KernelArguments([.vec3(p), .vec3(d), .float(Float(1 / concentration)), .vec3(colour)]),
                extent: image.extent, label: "CISpotLight")
        })

    static let spotLightKernel = Kernel(
        color: "irisSpotLight", usesDestCoord: true,
        parameters: [
            .init("light", "vec3"), .init("direction", "vec3"), .init("exponent", "float"), .init("colour", "vec3")
        ],
        glsl: """
            vec4 irisSpotLight(vec4 s0, vec2 dc, vec3 light, vec3 direction, float exponent, vec3 colour) {
                vec3 u = normalize(light - vec3(dc, 0.0));
                float spot = pow(max(-dot(u, direction), 0.0), exponent);
                return vec4(s0.rgb * colour * (spot * max(u.z, 0.0)), s0.a);
            }
            """,
        cpu: { px, _, coords, args in
            let light = args.vec3(0), direction = args.vec3(1), exponent = args.float(2), colour = args.vec3(3)
            for i in px.indices {
                var u = light - SIMD3(coords[i].x, coords[i].y, 0)
                u /= (u * u).sum().squareRoot()
                let spot = Float.pow(max(-(u * direction).sum(), 0), exponent)
                let f = colour * (spot * max(u.z, 0))
                let s = px[i]
                px[i] = SIMD4(s.x * f.x, s.y * f.y, s.z * f.z, s.w)
            }
        })
}
