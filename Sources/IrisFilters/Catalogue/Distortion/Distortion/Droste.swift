import IrisCore
import RealModule

extension BuiltInFilters {
    /// CIDroste: Escher's recursive spiral. The inset rectangle between the two points is where the image
    /// repeats inside itself; with s = how much larger the image is than the inset (held > 1; 2 when the inset is
    /// not smaller than the image), each output point z about the inset's centre (turned by −rotation, divided
    /// by zoom) goes to log space w = (ln|z|, arg z), is turned by α = atan(strands · ln s / (2π · periodicity))
    /// and scaled by cos α, has its real part wrapped into [ln r, ln r + ln s) (r the inset's half-size) and comes
    /// back as exp(w): a spiral of copies, each s times smaller than the last (Iris's formulation of the
    /// classic Droste map; Core Image's is not published).
    static let droste = FilterDescriptor(
        name: "CIDroste", displayName: "Droste", categories: DistortionSupport.categories,
        summary: "Performs M.C. Escher Droste style recursive spiral of the image.",
        inputs: [
            .image,
            DistortionSupport.position("inputInsetPoint0", [200, 200], "One corner of the inset rectangle."),
            DistortionSupport.position("inputInsetPoint1", [400, 400], "The opposite corner of the inset rectangle."),
            FilterInputDescriptor(
                "inputStrands", .scalar, default: .number(1), slider: -2...2, summary: "How many arms the spiral has."),
            FilterInputDescriptor(
                "inputPeriodicity", .scalar, default: .number(1), range: 1...Double.infinity, slider: 1...5,
                summary: "How many turns one copy takes."),
            FilterInputDescriptor(
                "inputRotation", .angle, default: .number(0), slider: 0...2 * Double.pi,
                summary: "The turn of the result, in radians."),
            FilterInputDescriptor(
                "inputZoom", .scalar, default: .number(1), range: 0.01...Double.infinity, slider: 0.01...5,
                summary: "The magnification of the result.")
        ],
        build: { args throws(FilterError) in
            let image = try args.finiteImage("inputImage")
            let e = image.extent
            if e.isEmpty { return image }
            let p0 = try args.vector("inputInsetPoint0"), p1 = try args.vector("inputInsetPoint1")
            let w = abs(p1[0] - p0[0]), h = abs(p1[1] - p0[1])
            let inner = max(max(w, h) / 2, 0.5)
            var s = max(e.width / max(w, 1e-6), e.height / max(h, 1e-6))
            if !(s > 1.001) || !s.isFinite { s = 2 }
            let period = Double.log(s)
            let alpha = Double.atan(
                (try args.number("inputStrands")) * period / (2 * Double.pi * (try args.number("inputPeriodicity"))))
            let center = SIMD2(Float((p0[0] + p1[0]) / 2), Float((p0[1] + p1[1]) / 2))
            return Image.make(
                drosteKernel, [image],
                KernelArguments([
                    .vec2(center), DistortionSupport.float(try args.number("inputRotation")),
                    DistortionSupport.float(try args.number("inputZoom")),
                    .vec2(
                        SIMD2(
                            Float(Double.cos(alpha) * Double.cos(alpha)), Float(Double.sin(alpha) * Double.cos(alpha)))),
                    DistortionSupport.float(Double.log(inner)), DistortionSupport.float(period)
                ]),
                extent: e, label: "CIDroste")
        })

    static let drosteKernel = DistortionSupport.warp(
        "irisDroste",
        [
            .init("center", "vec2"), .init("rotation", "float"), .init("zoom", "float"), .init("twist", "vec2"),
            .init("logInner", "float"), .init("period", "float")
        ],
        glsl: """
            vec2 irisDroste(vec2 dc, vec2 center, float rotation, float zoom, vec2 twist, float logInner, float period) {
                vec2 d = dc - center;
                float c = cos(rotation), s = sin(rotation);
                vec2 z = vec2(c * d.x + s * d.y, -s * d.x + c * d.y) / zoom;
                float r = length(z);
                if (r < 1e-6) return center;
                vec2 w = vec2(log(r), atan(z.y, z.x));
                w = vec2(w.x * twist.x - w.y * twist.y, w.x * twist.y + w.y * twist.x);
                w.x = logInner + mod(w.x - logInner, period);
                return center + exp(w.x) * vec2(cos(w.y), sin(w.y));
            }
            """,
        roi: DistortionSupport.regionROI { args in
            DistortionSupport.box(args.vec2(0), Float.exp(args.float(4) + args.float(5)) * 1.5)
        }
    ) { p, args in
        let center = args.vec2(0), rotation = args.float(1), zoom = args.float(2), twist = args.vec2(3)
        let logInner = args.float(4), period = args.float(5)
        let z = rotated(p - center, -rotation) / zoom
        let r = glslLength(z)
        if r < 1e-6 { return center }
        var w = SIMD2(Float.log(r), Float.atan2(y: z.y, x: z.x))
        w = SIMD2(w.x * twist.x - w.y * twist.y, w.x * twist.y + w.y * twist.x)
        w.x = logInner + glslMod(w.x - logInner, period)
        return center + Float.exp(w.x) * SIMD2(Float.cos(w.y), Float.sin(w.y))
    }
}
