import IrisCore

/// The nine-part filters: the image is cut at two breakpoints per axis; the corners keep their size and
/// the middle band grows by `inputGrowAmount`, stretched (CINinePartStretched) or repeated (CINinePartTiled).
enum NinePart {
    static let inputs: [FilterInputDescriptor] = [
        .image,
        DistortionSupport.position("inputBreakpoint0", [50, 50], "The lower-left breakpoint, in image coordinates."),
        DistortionSupport.position("inputBreakpoint1", [150, 150], "The upper-right breakpoint, in image coordinates."),
        FilterInputDescriptor(
            "inputGrowAmount", .offset, default: .vector([100, 100]),
            summary: "How much wider and taller the result is, in pixels.")
    ]

    /// mode 0 stretches, 1 tiles, 2 tiles with every other row of tiles flipped vertically.
    static func apply(_ args: FilterArguments, mode: Float, filter: String) throws(FilterError) -> Image {
        let image = try args.finiteImage("inputImage")
        let e = image.extent
        let p0 = try args.vector("inputBreakpoint0"), p1 = try args.vector("inputBreakpoint1"),
            g = try args.vector("inputGrowAmount")
        let lo = SIMD2(min(p0[0], p1[0]), min(p0[1], p1[1])), hi = SIMD2(max(p0[0], p1[0]), max(p0[1], p1[1]))
        guard hi.x - lo.x + g[0] > 0, hi.y - lo.y + g[1] > 0, hi.x > lo.x, hi.y > lo.y else {
            throw .invalidValue(
                filter: filter, key: "inputGrowAmount", reason: "the middle band must keep a positive size")
        }
        if e.isEmpty { return image }
        return Image.make(
            kernel, [image],
            KernelArguments([
                .vec2(SIMD2(Float(lo.x), Float(lo.y))), .vec2(SIMD2(Float(hi.x), Float(hi.y))),
                .vec2(SIMD2(Float(g[0]), Float(g[1]))), .float(mode)
            ]),
            extent: Rect(x: e.minX, y: e.minY, width: e.width + g[0], height: e.height + g[1]), label: filter)
    }

    static func axis(_ x: Float, _ lo: Float, _ hi: Float, _ grow: Float, tiled: Bool, flip: Bool) -> Float {
        if x < lo { return x }
        if x >= hi + grow { return x - grow }
        if !tiled { return lo + (x - lo) * (hi - lo) / (hi - lo + grow) }
        let span = hi - lo
        let f = glslMod(x - lo, span)
        return lo + (flip && glslMod(((x - lo) / span).rounded(.down), 2) > 0.5 ? span - f : f)
    }

    static let kernel = DistortionSupport.warp(
        "irisNinePart", [.init("low", "vec2"), .init("high", "vec2"), .init("grow", "vec2"), .init("mode", "float")],
        glsl: """
            float irisNinePartAxis(float x, float lo, float hi, float grow, bool tiled, bool flip) {
                if (x < lo) return x;
                if (x >= hi + grow) return x - grow;
                if (!tiled) return lo + (x - lo) * (hi - lo) / (hi - lo + grow);
                float span = hi - lo;
                float f = mod(x - lo, span);
                return lo + ((flip && mod(floor((x - lo) / span), 2.0) > 0.5) ? span - f : f);
            }
            vec2 irisNinePart(vec2 dc, vec2 low, vec2 high, vec2 grow, float mode) {
                return vec2(irisNinePartAxis(dc.x, low.x, high.x, grow.x, mode > 0.5, false),
                            irisNinePartAxis(dc.y, low.y, high.y, grow.y, mode > 0.5, mode > 1.5));
            }
            """,
        roi: { _, rect, args in
            if rect.isInfinite { return rect }
            let lo = args.vec2(0), hi = args.vec2(1), g = args.vec2(2)
            let x0 = min(rect.minX, rect.minX - Double(g.x), Double(lo.x)) - 1,
                x1 = max(rect.maxX, rect.maxX - Double(g.x), Double(hi.x)) + 1
            let y0 = min(rect.minY, rect.minY - Double(g.y), Double(lo.y)) - 1,
                y1 = max(rect.maxY, rect.maxY - Double(g.y), Double(hi.y)) + 1
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    ) { p, args in
        let lo = args.vec2(0), hi = args.vec2(1), g = args.vec2(2), mode = args.float(3)
        return SIMD2(
            axis(p.x, lo.x, hi.x, g.x, tiled: mode > 0.5, flip: false),
            axis(p.y, lo.y, hi.y, g.y, tiled: mode > 0.5, flip: mode > 1.5))
    }
}
