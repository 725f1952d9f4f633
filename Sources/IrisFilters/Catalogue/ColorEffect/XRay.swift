import IrisCore

extension BuiltInFilters {
    /// CIXRay: an X-ray film look: inverted grey with a cold tint. Core Image's formula is not published;
    /// Iris's, in perceptual (gamma 2) space: v = 1 − √luma (Rec.709, clamped 0…1),
    /// out = (v · (0.85, 0.93, 1))² (linear), alpha kept.
    static let xRay = FilterDescriptor(
        name: "CIXRay", displayName: "X-Ray",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced, FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Apply an X-ray effect to an image.",
        inputs: [.image],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(xRayKernel, [image], KernelArguments([]), extent: image.extent, label: "CIXRay")
        })

    static let xRayTint = SIMD3<Float>(0.85, 0.93, 1)

    static let xRayKernel = Kernel(
        color: "irisXRay", parameters: [],
        glsl: """
            vec4 irisXRay(vec4 s0) {
                vec4 c = iris_unpremultiply(s0);
                vec3 q = (1.0 - sqrt(clamp(dot(c.rgb, \(WorkingSpaceLuma.glsl)), 0.0, 1.0))) * \(glslVec3(xRayTint));
                return vec4(q * q * c.a, c.a);
            }
            """,
        cpu: { px, _, _, _ in
            let tint = xRayTint
            for i in px.indices {
                let c = unpremultiplied(px[i])
                let q = (1 - min(max(WorkingSpaceLuma.luma(c), 0), 1).squareRoot()) * tint
                px[i] = SIMD4(q.x * q.x * c.w, q.y * q.y * c.w, q.z * q.z * c.w, c.w)
            }
        })
}
