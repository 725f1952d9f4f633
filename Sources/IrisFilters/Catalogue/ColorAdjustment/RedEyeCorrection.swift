import IrisCore

extension BuiltInFilters {
    /// CIRedEyeCorrection in Iris's numeric form. Core Image's takes private correction info from its own
    /// analysis, and its method is not public; Iris's takes the eyes as numbers, `x y radius redness` per red
    /// pupil: the centre and radius in image coordinates (pixels, origin bottom-left, y up) and the CIE a*
    /// above which a pixel of that eye counts as red. `--print-filters` shows them and a user can copy and
    /// change them. Empty (the default) is the identity.
    ///
    /// Per eye (centre, radius, redness t), on straight working-space colour c with perceptual p = √max(c, 0):
    ///   d = |x − centre| / radius;  radial = 1 − smoothstep(1, 1.5, d)   (full inside, none past 1.5 radii)
    ///   a = CIELab.a(c)                                                   (green–red, about 80 for sRGB red)
    ///   w = radial · smoothstep(t − 7, t + 3, a) · smoothstep(0.06, 0.12, p.r)   (red and not black)
    ///   p' = mix(p, q, w) with the grey q = 0.8 · (p.g + p.b) / 2;  out = p'², alpha kept.
    /// A pupil becomes a dark neutral grey at the brightness of its own green and blue; glints (a ≈ 0),
    /// irises, eyelids and skin below the eye's threshold get w = 0 and are returned bit for bit. The
    /// threshold is per eye because what is "redder than this eye's skin" differs from face to face
    /// (auto-adjustment measures it: `RedPupilFinder`). Eyes apply one after another, each a colour kernel
    /// at the same pixel, so they fuse into one pass; an eye whose 1.5-radius circle misses the image adds
    /// nothing.
    static let redEyeCorrection = FilterDescriptor(
        name: "CIRedEyeCorrection", displayName: "Red Eye Correction",
        categories: [FilterCategory.colorAdjustment, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Repairs red pupils (red-eye from a flash) at the given eyes.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputCorrectionInfo", .vector, default: .vector([]),
                summary: "x y radius redness of each red pupil: pixels (bottom-left origin) and the CIE a* "
                    + "above which that eye's pixels are red; up to 16 eyes.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            var out = image
            for eye in try redEyes(try args.vector("inputCorrectionInfo"), filter: args.filterName) {
                let reach = Rect(
                    x: eye.centre.x - 1.5 * eye.radius, y: eye.centre.y - 1.5 * eye.radius, width: 3 * eye.radius,
                    height: 3 * eye.radius)
                guard !image.extent.intersection(reach).isEmpty else { continue }
                out = Image.make(
                    redEyeKernel, [out],
                    KernelArguments([
                        .vec2(SIMD2(Float(eye.centre.x), Float(eye.centre.y))), .float(Float(eye.radius)),
                        .float(Float(eye.redness))
                    ]), extent: image.extent, label: "CIRedEyeCorrection")
            }
            return out
        })

    static let maximumRedEyes = RedEyeCorrectionLimits.maximumEyes

    /// One eye of `inputCorrectionInfo`.
    struct RedEye {
        var centre: SIMD2<Double>
        var radius: Double
        /// The CIE a* above which the eye's pixels are red.
        var redness: Double
    }

    /// The CIE a* range a redness threshold may take: from just above neutral to past sRGB red's 80.
    static let rednessRange = 0.0...100.0

    /// The quadruples of `info` as eyes, checked.
    static func redEyes(_ info: [Double], filter: String) throws(FilterError) -> [RedEye] {
        func invalid(_ reason: String) -> FilterError {
            .invalidValue(filter: filter, key: "inputCorrectionInfo", reason: reason)
        }
        guard info.count % 4 == 0 else {
            throw invalid("takes x y radius redness per eye, a multiple of 4 numbers; got \(info.count)")
        }
        guard info.count / 4 <= maximumRedEyes else {
            throw invalid(
                "takes at most \(maximumRedEyes) eyes (x y radius redness each); got \(info.count / 4)")
        }
        var eyes: [RedEye] = []
        for k in stride(from: 0, to: info.count, by: 4) {
            let eye = RedEye(centre: SIMD2(info[k], info[k + 1]), radius: info[k + 2], redness: info[k + 3])
            guard info[k..<(k + 4)].allSatisfy(\.isFinite) else {
                throw invalid("eye \(k / 4 + 1) holds a number that is not finite; give finite numbers")
            }
            guard eye.radius > 0, eye.radius <= 10_000 else {
                throw invalid(
                    "eye \(k / 4 + 1) has radius \(formatNumber(eye.radius)); "
                        + "a radius is more than 0 and at most 10000 pixels")
            }
            guard rednessRange.contains(eye.redness) else {
                throw invalid(
                    "eye \(k / 4 + 1) has redness \(formatNumber(eye.redness)); "
                        + "a redness is a CIE a* from 0 to 100")
            }
            eyes.append(eye)
        }
        return eyes
    }

    static let redEyeKernel = Kernel(
        color: "irisRedEyeCorrection", usesDestCoord: true,
        parameters: [.init("centre", "vec2"), .init("radius", "float"), .init("redness", "float")],
        glsl: CIELab.aGLSL("irisRedEyeA") + """
            vec4 irisRedEyeCorrection(vec4 s0, vec2 dc, vec2 centre, float radius, float redness) {
                vec4 c = iris_unpremultiply(s0);
                vec3 p = sqrt(max(c.rgb, 0.0));
                float radial = 1.0 - smoothstep(1.0, 1.5, length(dc - centre) / radius);
                float a = irisRedEyeA(c.rgb);
                float w = radial * smoothstep(redness - 7.0, redness + 3.0, a) * smoothstep(0.06, 0.12, p.r);
                if (w <= 0.0) return s0;
                vec3 q = mix(p, vec3(0.4 * (p.g + p.b)), w);
                return vec4(q * q * c.a, c.a);
            }
            """,
        cpu: { px, _, coords, args in
            let centre = args.vec2(0), radius = args.float(1), redness = args.float(2)
            for i in px.indices {
                let c = unpremultiplied(px[i])
                let p = SIMD3(max(c.x, 0).squareRoot(), max(c.y, 0).squareRoot(), max(c.z, 0).squareRoot())
                let v = coords[i] - centre
                let radial = 1 - smoothstep(1, 1.5, (v.x * v.x + v.y * v.y).squareRoot() / radius)
                let a = CIELab.a(SIMD3(c.x, c.y, c.z))
                let w = radial * smoothstep(redness - 7, redness + 3, a) * smoothstep(0.06, 0.12, p.x)
                // Untouched pixels keep their exact bits: √c squared need not give c back.
                if !(w > 0) { continue }
                let grey = 0.4 * (p.y + p.z)
                let q = p * (1 - w) + SIMD3(repeating: grey) * w
                px[i] = SIMD4(q.x * q.x * c.w, q.y * q.y * c.w, q.z * q.z * c.w, c.w)
            }
        })

    /// GLSL's smoothstep: t = clamp((x − e0) / (e1 − e0), 0, 1), then t²(3 − 2t).
    @inline(__always)
    private static func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
        let t = min(max((x - e0) / (e1 - e0), 0), 1)
        return t * t * (3 - 2 * t)
    }
}

/// What one CIRedEyeCorrection takes. A picture with more red eyes chains more of them.
///
///     for eyes in pupils.chunks(of: RedEyeCorrectionLimits.maximumEyes) { … }
public enum RedEyeCorrectionLimits {
    /// At most this many eyes in one filter: each is a kernel in the fused pass.
    public static let maximumEyes = 16
}
