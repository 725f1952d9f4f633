import IrisCore

extension BuiltInFilters {
    /// CIColorClamp: clamps each straight (unpremultiplied) working-space component, alpha included, to
    /// [inputMinComponents, inputMaxComponents].
    static let colorClamp = FilterDescriptor(
        name: "CIColorClamp", displayName: "Color Clamp",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Modifies color values to keep them within a specified range.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputMinComponents", .vector, default: .vector([0, 0, 0, 0]),
                summary: "Lower bounds of R, G, B, A."),
            FilterInputDescriptor(
                "inputMaxComponents", .vector, default: .vector([1, 1, 1, 1]),
                summary: "Upper bounds of R, G, B, A.")
        ],
        build: { args throws(FilterError) in
            let lo = try args.vector("inputMinComponents"), hi = try args.vector("inputMaxComponents")
            let image = try args.image("inputImage")
            return Image.make(
                colorClampKernel, [image], KernelArguments([.vec4(floatVector(lo)), .vec4(floatVector(hi))]),
                extent: image.extent, label: "CIColorClamp")
        })

    /// Four components of a `.vector` input as a kernel vec4 (missing ones read as zero).
    static func floatVector(_ v: [Double]) -> SIMD4<Float> {
        SIMD4((0..<4).map { v.indices.contains($0) ? Float(v[$0]) : 0 })
    }

    // Max then min, as GLSL's clamp does, so bounds with lo > hi give hi.
    static let colorClampKernel = Kernel(color: "irisColorClamp") { s0, parameters in
        let low = parameters.vec4("lo"), high = parameters.vec4("hi")
        return s0.unpremultiplied.clamped(low, high).premultiplied
    }
}
