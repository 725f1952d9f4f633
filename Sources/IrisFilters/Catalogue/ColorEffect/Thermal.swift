import IrisCore

extension BuiltInFilters {
    /// CIThermal: a thermal-camera look. Core Image's ramp is not published; Iris maps t = √luma (perceptual,
    /// Rec.709, clamped 0…1) piecewise linearly through five perceptual colours at t = 0, ¼, ½, ¾, 1:
    /// black-blue (0, 0, 0.25), violet (0.45, 0, 0.7), red (0.9, 0.1, 0.25), orange (1, 0.6, 0), pale yellow
    /// (1, 1, 0.75); out = colour² (linear), alpha kept.
    static let thermal = FilterDescriptor(
        name: "CIThermal", displayName: "Thermal",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced, FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Apply a thermal effect to an image.",
        inputs: [.image],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(thermalKernel, [image], KernelArguments([]), extent: image.extent, label: "CIThermal")
        })

    /// The ramp's stops (perceptual colours), shared by the GLSL below and the Swift body.
    static let thermalStops: [SIMD3<Float>] = [
        SIMD3(0, 0, 0.25), SIMD3(0.45, 0, 0.7), SIMD3(0.9, 0.1, 0.25), SIMD3(1, 0.6, 0), SIMD3(1, 1, 0.75)
    ]

    static let thermalKernel = Kernel(
        color: "irisThermal", parameters: [],
        glsl: """
            vec4 irisThermal(vec4 s0) {
                vec4 c = iris_unpremultiply(s0);
                float s = 4.0 * sqrt(clamp(dot(c.rgb, \(WorkingSpaceLuma.glsl)), 0.0, 1.0));
                vec3 q;
                if (s < 1.0) q = mix(\(glslVec3(thermalStops[0])), \(glslVec3(thermalStops[1])), s);
                else if (s < 2.0) q = mix(\(glslVec3(thermalStops[1])), \(glslVec3(thermalStops[2])), s - 1.0);
                else if (s < 3.0) q = mix(\(glslVec3(thermalStops[2])), \(glslVec3(thermalStops[3])), s - 2.0);
                else q = mix(\(glslVec3(thermalStops[3])), \(glslVec3(thermalStops[4])), s - 3.0);
                return vec4(q * q * c.a, c.a);
            }
            """,
        cpu: { px, _, _, _ in
            let stops = thermalStops
            for i in px.indices {
                let c = unpremultiplied(px[i])
                let s = 4 * min(max(WorkingSpaceLuma.luma(c), 0), 1).squareRoot()
                let k = min(Int(s), 3)
                let q = stops[k] + (stops[k + 1] - stops[k]) * (s - Float(k))
                px[i] = SIMD4(q.x * q.x * c.w, q.y * q.y * c.w, q.z * q.z * c.w, c.w)
            }
        })

    /// A GLSL vec3 literal.
    static func glslVec3(_ v: SIMD3<Float>) -> String {
        "vec3(\(glslFloat(v.x)), \(glslFloat(v.y)), \(glslFloat(v.z)))"
    }
    static func glslFloat(_ v: Float) -> String {
        let s = "\(v)"
        return s.contains(".") || s.contains("e") ? s : s + ".0"
    }
}
