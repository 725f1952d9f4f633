import IrisCore

extension BuiltInFilters {
    /// CIDisplacementDistortion: each pixel reads the input at p + scale · (D.r − ½, D.g − ½), where D is the
    /// displacement image's (premultiplied, working-space) colour at p: red moves along x, green along y, and
    /// mid-grey does not move. The extent grows by scale/2 (Iris's reading; Core Image does not publish which
    /// channels it uses).
    static let displacementDistortion = FilterDescriptor(
        name: "CIDisplacementDistortion", displayName: "Displacement Distortion",
        categories: DistortionSupport.categories,
        summary: "Applies the values of a second image as displacements of the first.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputDisplacementImage", .image, summary: "Whose red and green say how far each pixel moves."),
            FilterInputDescriptor(
                "inputScale", .distance, default: .number(50), range: 0...Double.infinity, slider: 0...200,
                summary: "The displacement of a full-scale value, in pixels.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage"), displacement = try args.image("inputDisplacementImage")
            let scale = try args.number("inputScale")
            if scale == 0 { return image }
            let e = image.extent
            return Image.make(
                displacementKernel, [image, displacement], KernelArguments([DistortionSupport.float(scale)]),
                extent: e.isInfinite || e.isEmpty ? e : e.insetBy(dx: -scale / 2, dy: -scale / 2),
                label: "CIDisplacementDistortion")
        })

    static let displacementKernel = Kernel(
        general: "irisDisplacementDistortion", inputCount: 2, parameters: [.init("scale", "float")],
        glsl: """
            vec4 irisDisplacementDistortion(vec2 dc, float scale) {
                vec4 d = sample1(dc);
                return sample0(dc + scale * (d.rg - 0.5));
            }
            """,
        cpu: { coords, sample, args in
            let scale = args.float(0)
            let d = sample(1, coords)
            var points = coords
            for i in coords.indices { points[i] = coords[i] + scale * (SIMD2(d[i].x, d[i].y) - 0.5) }
            return sample(0, points)
        },
        roi: { index, rect, args in
            if index == 1 || rect.isInfinite { return rect }
            let m = Double(abs(args.float(0))) / 2 + 1
            return rect.insetBy(dx: -m, dy: -m)
        })
}
