import IrisCore
import RealModule

extension BuiltInFilters {
    /// CICMYKHalftone: four dot screens, one per ink, at the classic screen angles (cyan 15°, magenta 75°,
    /// yellow 0°, black 45°, each plus `inputAngle`). From straight colour: C = 1 − R, M = 1 − G, Y = 1 − B;
    /// black K = gcr · min(C, M, Y) (grey component replacement) and each of C, M, Y loses ucr · K
    /// (under-colour removal). An ink of amount a covers cov = S(a, 1 − P) of its screen, with the dot
    /// pattern P and step S of `HalftoneSupport`; the paper (white) shows through:
    /// out = ((1 − covC)(1 − covK), (1 − covM)(1 − covK), (1 − covY)(1 − covK)), premultiplied by alpha.
    /// Core Image does not publish its method; this is the textbook one.
    static let cmykHalftone = FilterDescriptor(
        name: "CICMYKHalftone", displayName: "CMYK Halftone", categories: HalftoneSupport.categories,
        summary:
            "Creates a color, halftoned rendition of the source image, using cyan, magenta, yellow, and black inks over a white page.",
        inputs: [
            .image, HalftoneSupport.centerInput(), HalftoneSupport.widthInput(slider: 2...100),
            HalftoneSupport.angleInput(),
            HalftoneSupport.sharpnessInput(),
            FilterInputDescriptor(
                "inputGCR", .scalar, default: .number(1), range: 0...1,
                summary: "Grey component replacement: how much of the common grey black ink prints."),
            FilterInputDescriptor(
                "inputUCR", .scalar, default: .number(0.5), range: 0...1,
                summary: "Under-colour removal: how much colour ink the black replaces.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let center = try args.vector("inputCenter"), angle = try args.number("inputAngle")
            let width = try args.number("inputWidth"), sharpness = try args.number("inputSharpness")
            let gcr = try args.number("inputGCR"), ucr = try args.number("inputUCR")
            func rotation(_ degrees: Double) -> SIMD2<Float> {
                let a = angle + degrees * Double.pi / 180
                return SIMD2(Float(Double.cos(a)), Float(Double.sin(a)))
            }
            let c = rotation(15), m = rotation(75), y = rotation(0), k = rotation(45)
            let arguments = KernelArguments([
                .vec2(SIMD2(Float(center[0]), Float(center[1]))), .vec4(SIMD4(c.x, c.y, m.x, m.y)),
                .vec4(SIMD4(y.x, y.y, k.x, k.y)),
                .float(Float(width)), .float(HalftoneSupport.gain(sharpness: sharpness)), .float(Float(gcr)),
                .float(Float(ucr))
            ])
            return Image.make(cmykHalftoneKernel, [image], arguments, extent: image.extent, label: "CICMYKHalftone")
        })

    static let cmykHalftoneKernel: Kernel = {
        // One ink's coverage in GLSL, for rotation (cos, sin) `r` and amount `a`.
        func coverage(_ r: String, _ a: String) -> String {
            let q = "vec2(\(r).x * d.x + \(r).y * d.y, \(r).x * d.y - \(r).y * d.x)"
            let pattern =
                "0.5 + 0.25 * (cos(\(HalftoneSupport.twoPi) * (\(q)).x / width) + cos(\(HalftoneSupport.twoPi) * (\(q)).y / width))"
            return HalftoneSupport.stepGLSL(a, "1.0 - (\(pattern))")
        }
        return Kernel(
            color: "irisCMYKHalftone", usesDestCoord: true,
            parameters: [
                .init("center", "vec2"), .init("rotationsCM", "vec4"), .init("rotationsYK", "vec4"),
                .init("width", "float"),
                .init("gain", "float"), .init("gcr", "float"), .init("ucr", "float")
            ],
            glsl: """
                vec4 irisCMYKHalftone(vec4 s0, vec2 dc, vec2 center, vec4 rotationsCM, vec4 rotationsYK, float width, float gain, float gcr, float ucr) {
                    vec2 d = dc - center;
                    vec3 rgb = s0.a > 0.0 ? clamp(s0.rgb / s0.a, 0.0, 1.0) : vec3(0.0);
                    vec3 cmy = 1.0 - rgb;
                    float k = gcr * min(cmy.x, min(cmy.y, cmy.z));
                    cmy = cmy - ucr * k;
                    float covC = \(coverage("rotationsCM.xy", "cmy.x"));
                    float covM = \(coverage("rotationsCM.zw", "cmy.y"));
                    float covY = \(coverage("rotationsYK.xy", "cmy.z"));
                    float covK = \(coverage("rotationsYK.zw", "k"));
                    vec3 paper = (1.0 - vec3(covC, covM, covY)) * (1.0 - covK);
                    return vec4(paper * s0.a, s0.a);
                }
                """,
            cpu: { px, _, coords, args in
                let center = args.vec2(0), cm = args.vec4(1), yk = args.vec4(2), width = args.float(3),
                    gain = args.float(4)
                let gcr = args.float(5), ucr = args.float(6)
                let rotations = [SIMD2(cm.x, cm.y), SIMD2(cm.z, cm.w), SIMD2(yk.x, yk.y), SIMD2(yk.z, yk.w)]
                for i in px.indices {
                    let s = px[i]
                    let d = coords[i] - center
                    let rgb =
                        s.w > 0
                        ? SIMD3(min(max(s.x / s.w, 0), 1), min(max(s.y / s.w, 0), 1), min(max(s.z / s.w, 0), 1))
                        : SIMD3<Float>.zero
                    var cmy = 1 - rgb
                    let k = gcr * min(cmy.x, min(cmy.y, cmy.z))
                    cmy -= ucr * k
                    let amounts = [cmy.x, cmy.y, cmy.z, k]
                    var cov = [Float](repeating: 0, count: 4)
                    for ink in 0..<4 {
                        let r = rotations[ink]
                        let q = SIMD2(r.x * d.x + r.y * d.y, r.x * d.y - r.y * d.x)
                        let pattern = (HalftoneSupport.wave(q.x, width) + HalftoneSupport.wave(q.y, width)) / 2
                        cov[ink] = HalftoneSupport.step(amounts[ink], 1 - pattern, gain)
                    }
                    let paper = (1 - SIMD3(cov[0], cov[1], cov[2])) * (1 - cov[3])
                    px[i] = SIMD4(paper.x * s.w, paper.y * s.w, paper.z * s.w, s.w)
                }
            })
    }()
}
