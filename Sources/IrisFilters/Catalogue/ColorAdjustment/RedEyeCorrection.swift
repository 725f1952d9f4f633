import IrisCore

extension BuiltInFilters {
    /// CIRedEyeCorrection in Iris's numeric form. Core Image's takes private correction info from its own
    /// analysis, and its method is not public; Iris's takes the eyes as numbers, `x y radius` per red pupil
    /// in image coordinates (pixels, origin bottom-left, y up), so `--print-filters` can show them and a user
    /// can copy and change them. Empty (the default) is the identity.
    ///
    /// Per eye (centre, radius), on straight working-space colour c with perceptual p = √max(c, 0):
    ///   d = |x − centre| / radius;  radial = 1 − smoothstep(1, 1.5, d)   (full inside, none past 1.5 radii)
    ///   ρ = (p.r − max(p.g, p.b)) / max(p.r, 10⁻⁴)                        (redness)
    ///   w = radial · smoothstep(0.45, 0.60, ρ) · smoothstep(0.06, 0.12, p.r)   (red and not black)
    ///   p' = mix(p, q, w) with the grey q = 0.8 · (p.g + p.b) / 2;  out = p'², alpha kept.
    /// A pupil becomes a dark neutral grey at the brightness of its own green and blue; glints (white,
    /// ρ ≈ 0), skin (ρ ≈ 0.25), eyelids and brown or hazel irises (ρ < 0.45) get w = 0 and are returned
    /// bit for bit. Eyes apply one after another, each a colour kernel at the same pixel, so they fuse into
    /// one pass; an eye whose 1.5-radius circle misses the image adds nothing.
    static let redEyeCorrection = FilterDescriptor(
        name: "CIRedEyeCorrection", displayName: "Red Eye Correction",
        categories: [FilterCategory.colorAdjustment, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Repairs red pupils (red-eye from a flash) at the given eyes.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputCorrectionInfo", .vector, default: .vector([]),
                summary: "x y radius of each red pupil, in pixels (bottom-left origin), "
                    + "up to 16 eyes.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            var out = image
            for eye in try redEyes(try args.vector("inputCorrectionInfo"), filter: args.filterName) {
                let reach = Rect(x: eye.x - 1.5 * eye.z, y: eye.y - 1.5 * eye.z, width: 3 * eye.z, height: 3 * eye.z)
                guard !image.extent.intersection(reach).isEmpty else { continue }
                out = Image.make(
                    redEyeKernel, [out],
                    KernelArguments([
                        .vec2(SIMD2(Float(eye.x), Float(eye.y))), .float(Float(eye.z))
                    ]), extent: image.extent, label: "CIRedEyeCorrection")
            }
            return out
        })

    /// At most this many eyes: each is a kernel in the fused pass, and a photo's faces rarely hold more.
    static let maximumRedEyes = 16

    /// The triples of `info` as (x, y, radius), checked.
    static func redEyes(_ info: [Double], filter: String) throws(FilterError) -> [SIMD3<Double>] {
        func invalid(_ reason: String) -> FilterError {
            .invalidValue(filter: filter, key: "inputCorrectionInfo", reason: reason)
        }
        guard info.count % 3 == 0 else {
            throw invalid("takes x y radius per eye, a multiple of 3 numbers; got \(info.count)")
        }
        guard info.count / 3 <= maximumRedEyes else {
            throw invalid("takes at most \(maximumRedEyes) eyes (x y radius each); got \(info.count / 3)")
        }
        var eyes: [SIMD3<Double>] = []
        for k in stride(from: 0, to: info.count, by: 3) {
            let eye = SIMD3(info[k], info[k + 1], info[k + 2])
            guard eye.x.isFinite, eye.y.isFinite, eye.z.isFinite else {
                throw invalid("eye \(k / 3 + 1) holds a number that is not finite; give finite numbers")
            }
            guard eye.z > 0, eye.z <= 10_000 else {
                throw invalid(
                    "eye \(k / 3 + 1) has radius \(formatNumber(eye.z)); "
                        + "a radius is more than 0 and at most 10000 pixels")
            }
            eyes.append(eye)
        }
        return eyes
    }

    static let redEyeKernel = Kernel(
        color: "irisRedEyeCorrection", usesDestCoord: true,
        parameters: [.init("centre", "vec2"), .init("radius", "float")],
        glsl: """
            vec4 irisRedEyeCorrection(vec4 s0, vec2 dc, vec2 centre, float radius) {
                vec4 c = iris_unpremultiply(s0);
                vec3 p = sqrt(max(c.rgb, 0.0));
                float radial = 1.0 - smoothstep(1.0, 1.5, length(dc - centre) / radius);
                float redness = (p.r - max(p.g, p.b)) / max(p.r, 1e-4);
                float w = radial * smoothstep(0.45, 0.60, redness) * smoothstep(0.06, 0.12, p.r);
                if (w <= 0.0) return s0;
                vec3 q = mix(p, vec3(0.4 * (p.g + p.b)), w);
                return vec4(q * q * c.a, c.a);
            }
            """,
        cpu: { px, _, coords, args in
            let centre = args.vec2(0), radius = args.float(1)
            for i in px.indices {
                let c = unpremultiplied(px[i])
                let p = SIMD3(max(c.x, 0).squareRoot(), max(c.y, 0).squareRoot(), max(c.z, 0).squareRoot())
                let v = coords[i] - centre
                let radial = 1 - smoothstep(1, 1.5, (v.x * v.x + v.y * v.y).squareRoot() / radius)
                let redness = (p.x - max(p.y, p.z)) / max(p.x, 1e-4)
                let w = radial * smoothstep(0.45, 0.60, redness) * smoothstep(0.06, 0.12, p.x)
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
