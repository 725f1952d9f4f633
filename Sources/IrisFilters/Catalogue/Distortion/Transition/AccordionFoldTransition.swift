import IrisCore

extension BuiltInFilters {
    /// CIAccordionFoldTransition: the source folds up like an accordion towards its bottom, revealing the
    /// target above it. Its height shrinks linearly from its full height h to `inputBottomHeight` as time goes
    /// 0 → 1, each row reading the source at y = bottom + h · (y − bottom) / folded height; the
    /// 2 · `inputNumberOfFolds` panels alternate, every other one's colour (not its alpha) darkened by shadow amount ·
    /// t (Iris's model,
    /// without Core Image's foreshortening).
    static let accordionFoldTransition = FilterDescriptor(
        name: "CIAccordionFoldTransition", displayName: "Accordion Fold Transition",
        categories: DistortionSupport.transitionCategories,
        summary: "Transitions from one image to another by unfolding and crossfading.",
        inputs: [
            .image, DistortionSupport.targetImage,
            FilterInputDescriptor(
                "inputBottomHeight", .distance, default: .number(0), range: 0...Double.infinity, slider: 0...300,
                summary: "The height the folded source keeps at the end, in pixels."),
            FilterInputDescriptor(
                "inputNumberOfFolds", .integer, default: .number(3), range: 1...50,
                summary: "How many folds the source makes."),
            FilterInputDescriptor(
                "inputFoldShadowAmount", .scalar, default: .number(0.1), range: 0...1,
                summary: "How dark the folds facing away get."),
            DistortionSupport.time
        ],
        build: { args throws(FilterError) in
            let a = try args.finiteImage("inputImage"), b = try args.image("inputTargetImage")
            let e = a.extent
            let time = try args.number("inputTime")
            let folded = e.height + (min(try args.number("inputBottomHeight"), e.height) - e.height) * time
            return Image.make(
                accordionKernel, [a, b],
                KernelArguments([
                    DistortionSupport.float(e.isEmpty ? 0 : e.minY), DistortionSupport.float(e.height),
                    DistortionSupport.float(folded),
                    DistortionSupport.float(2 * (try args.number("inputNumberOfFolds"))),
                    DistortionSupport.float((try args.number("inputFoldShadowAmount")) * time)
                ]),
                extent: TransitionSupport.extent(a, b), label: "CIAccordionFoldTransition")
        })

    static let accordionKernel = Kernel(
        general: "irisAccordionFold", inputCount: 2,
        parameters: [
            .init("bottom", "float"), .init("height", "float"), .init("folded", "float"), .init("panels", "float"),
            .init("shadow", "float")
        ],
        glsl: """
            vec4 irisAccordionFold(vec2 dc, float bottom, float height, float folded, float panels, float shadow) {
                if (dc.y >= bottom + folded) return sample1(dc);
                float v = (dc.y - bottom) / max(folded, 1e-4);
                float shade = mod(floor(v * panels), 2.0) > 0.5 ? 1.0 - shadow : 1.0;
                vec4 c = sample0(vec2(dc.x, bottom + v * height));
                return vec4(c.rgb * shade, c.a);
            }
            """,
        cpu: { coords, sample, args in
            let bottom = args.float(0), height = args.float(1), folded = args.float(2), panels = args.float(3),
                shadow = args.float(4)
            var points = coords, shades = [Float](repeating: 1, count: coords.count)
            for i in coords.indices {
                let v = (coords[i].y - bottom) / max(folded, 1e-4)
                shades[i] = glslMod((v * panels).rounded(.down), 2) > 0.5 ? 1 - shadow : 1
                points[i] = SIMD2(coords[i].x, bottom + v * height)
            }
            let source = sample(0, points), target = sample(1, coords)
            return coords.indices.map { i in
                coords[i].y >= bottom + folded
                    ? target[i]
                    : SIMD4(source[i].x * shades[i], source[i].y * shades[i], source[i].z * shades[i], source[i].w)
            }
        },
        roi: { index, rect, args in
            if index == 1 || rect.isInfinite { return rect }
            let bottom = Double(args.float(0)), height = Double(args.float(1))
            return Rect(x: rect.minX - 1, y: bottom - 1, width: rect.width + 2, height: height + 2)
        })
}
