import IrisCore

extension BuiltInFilters {
    /// CIStretchCrop: fits the image into `inputSize` (the result's extent, at the origin) by cropping and
    /// stretching. Along the axis where the input is too long for the size's aspect ratio, `inputCropAmount`
    /// of the excess is cropped (centred); the other axis is then stretched to fit. `inputCenterStretchAmount`
    /// bends that stretch: at 0 it is uniform; at 1 the middle keeps the true aspect ratio (rate ρ, held within
    /// 0.5…1.5) and the sides take up the rest, g(u) = ρu + 4(1 − ρ)u³ for u ∈ [−½, ½] (Iris's curve; Core
    /// Image's is not published).
    static let stretchCrop = FilterDescriptor(
        name: "CIStretchCrop", displayName: "Stretch Crop", categories: DistortionSupport.categories,
        summary: "Distorts an image by stretching and or cropping it to fit a target size.",
        inputs: [
            .image,
            DistortionSupport.position("inputSize", [1280, 720], "The width and height of the result."),
            FilterInputDescriptor(
                "inputCropAmount", .scalar, default: .number(0.25), range: 0...1,
                summary: "0 stretches only, 1 crops only."),
            FilterInputDescriptor(
                "inputCenterStretchAmount", .scalar, default: .number(0.25), range: 0...1,
                summary: "How much of the stretch is moved from the middle to the sides.")
        ],
        build: { args throws(FilterError) in
            let image = try args.finiteImage("inputImage")
            let e = image.extent
            let size = try args.vector("inputSize")
            guard size[0] > 0, size[1] > 0 else {
                throw .invalidValue(
                    filter: "CIStretchCrop", key: "inputSize", reason: "width and height must be positive")
            }
            if e.isEmpty { return image }
            let crop = try args.number("inputCropAmount"), amount = try args.number("inputCenterStretchAmount")
            let target = size[0] / size[1], aspect = e.width / e.height
            var source = e
            let horizontal = target >= aspect
            var rate: Double
            if horizontal {
                // Too tall: crop height, stretch width.
                let h = e.height - crop * (e.height - e.width / target)
                source = Rect(x: e.minX, y: e.midY - h / 2, width: e.width, height: h)
                rate = target * h / e.width
            } else {
                let w = e.width - crop * (e.width - e.height * target)
                source = Rect(x: e.midX - w / 2, y: e.minY, width: w, height: e.height)
                rate = e.height / (target * w)
            }
            rate = min(max(rate, 0.5), 1.5)
            return Image.make(
                stretchCropKernel, [image],
                KernelArguments([
                    DistortionSupport.rectValue(source), .vec2(SIMD2(Float(size[0]), Float(size[1]))),
                    DistortionSupport.float(rate),
                    DistortionSupport.float(amount), .float(horizontal ? 1 : 0)
                ]),
                extent: Rect(x: 0, y: 0, width: size[0], height: size[1]), label: "CIStretchCrop")
        })

    static let stretchCropKernel = DistortionSupport.warp(
        "irisStretchCrop",
        [
            .init("source", "vec4"), .init("size", "vec2"), .init("rate", "float"), .init("amount", "float"),
            .init("horizontal", "float")
        ],
        glsl: """
            vec2 irisStretchCrop(vec2 dc, vec4 source, vec2 size, float rate, float amount, float horizontal) {
                vec2 n = dc / size - 0.5;
                float u = horizontal > 0.5 ? n.x : n.y;
                float g = rate * u + (1.0 - rate) * 4.0 * u * u * u;
                float w = u + (g - u) * amount;
                vec2 m = horizontal > 0.5 ? vec2(w, n.y) : vec2(n.x, w);
                return source.xy + (m + 0.5) * source.zw;
            }
            """,
        roi: DistortionSupport.regionROI { args in
            let s = args.vec4(0)
            return Rect(x: Double(s.x), y: Double(s.y), width: Double(s.z), height: Double(s.w))
        }
    ) { p, args in
        let s = args.vec4(0), size = args.vec2(1), rate = args.float(2), amount = args.float(3),
            horizontal = args.float(4)
        let n = p / size - 0.5
        let u = horizontal > 0.5 ? n.x : n.y
        let g = rate * u + (1 - rate) * 4 * u * u * u
        let w = u + (g - u) * amount
        let m = horizontal > 0.5 ? SIMD2(w, n.y) : SIMD2(n.x, w)
        return SIMD2(s.x, s.y) + (m + 0.5) * SIMD2(s.z, s.w)
    }
}
