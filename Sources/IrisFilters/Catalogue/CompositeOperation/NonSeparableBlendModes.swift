import IrisCore

/// Core Image's non-separable blend modes, W3C Compositing and Blending Level 1 § 10.2 word for word:
///
///     Lum(C) = 0.3·R + 0.59·G + 0.11·B
///     ClipColor(C): l = Lum(C), n = min, x = max;
///                   n < 0 ⇒ C = l + (C − l)·l / (l − n);  x > 1 ⇒ C = l + (C − l)·(1 − l) / (x − l)
///     SetLum(C, l) = ClipColor(C + (l − Lum(C)))
///     Sat(C) = max − min;  SetSat(C, s) = max > min ? (C − min)·s / (max − min) : 0
///
///     hue        B = SetLum(SetSat(cs, Sat(cb)), Lum(cb))
///     saturation B = SetLum(SetSat(cb, Sat(cs)), Lum(cb))
///     color      B = SetLum(cs, Lum(cb))
///     luminosity B = SetLum(cb, Lum(cs))
///
/// The divisions in ClipColor are kept from zero by 1e-7 (W3C leaves the degenerate grey case open).
enum NonSeparableBlend {
    static let lumWeights = SIMD3<Float>(0.3, 0.59, 0.11)

    static func lum(_ c: SIMD3<Float>) -> Float { (c * lumWeights).sum() }

    static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
        var c = c
        let l = lum(c)
        let n = c.min(), x = c.max()
        if n < 0 { c = l + (c - l) * l / max(l - n, 1e-7) }
        if x > 1 { c = l + (c - l) * (1 - l) / max(x - l, 1e-7) }
        return c
    }

    static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> { clipColor(c + (l - lum(c))) }

    static func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let mx = c.max(), mn = c.min()
        return mx > mn ? (c - mn) * s / (mx - mn) : .zero
    }

    /// The GLSL of the same functions, prefixed with `name` so each kernel carries its own copy.
    static func glslHelpers(_ name: String) -> String {
        """
        float \(name)Lum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }
        vec3 \(name)ClipColor(vec3 c) {
            float l = \(name)Lum(c);
            float n = min(c.r, min(c.g, c.b));
            float x = max(c.r, max(c.g, c.b));
            if (n < 0.0) c = l + (c - l) * l / max(l - n, 1e-7);
            if (x > 1.0) c = l + (c - l) * (1.0 - l) / max(x - l, 1e-7);
            return c;
        }
        vec3 \(name)SetLum(vec3 c, float l) { return \(name)ClipColor(c + (l - \(name)Lum(c))); }
        float \(name)Sat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }
        vec3 \(name)SetSat(vec3 c, float s) {
            float mx = max(c.r, max(c.g, c.b));
            float mn = min(c.r, min(c.g, c.b));
            return mx > mn ? (c - mn) * s / (mx - mn) : vec3(0.0);
        }
        """
    }

    /// A non-separable mode's kernel; `glsl` uses the helpers through `\(name)Lum` etc., which `expression` receives.
    static func kernel(
        _ name: String, glsl: (String) -> String,
        blend: @escaping @Sendable (_ cb: SIMD3<Float>, _ cs: SIMD3<Float>) -> SIMD3<Float>
    ) -> Kernel {
        BlendModeKernels.blend(name, helpers: glslHelpers(name), blendGLSL: glsl(name), blend: blend)
    }
}

extension BuiltInFilters {
    /// CIHueBlendMode: the hue of the source with the saturation and luminosity of the background.
    static let hueBlendMode = compositingFilter(
        "CIHueBlendMode", "Hue Blend Mode",
        summary: "Uses the luminance and saturation values of the background with the hue of the input image.",
        kernel: NonSeparableBlend.kernel(
            "irisHueBlendMode", glsl: { n in "\(n)SetLum(\(n)SetSat(cs, \(n)Sat(cb)), \(n)Lum(cb))" },
            blend: { cb, cs in
                NonSeparableBlend.setLum(
                    NonSeparableBlend.setSat(cs, NonSeparableBlend.sat(cb)), NonSeparableBlend.lum(cb))
            }))

    /// CISaturationBlendMode: the saturation of the source with the hue and luminosity of the background.
    static let saturationBlendMode = compositingFilter(
        "CISaturationBlendMode", "Saturation Blend Mode",
        summary: "Uses the luminance and hue values of the background with the saturation of the input image.",
        kernel: NonSeparableBlend.kernel(
            "irisSaturationBlendMode", glsl: { n in "\(n)SetLum(\(n)SetSat(cb, \(n)Sat(cs)), \(n)Lum(cb))" },
            blend: { cb, cs in
                NonSeparableBlend.setLum(
                    NonSeparableBlend.setSat(cb, NonSeparableBlend.sat(cs)), NonSeparableBlend.lum(cb))
            }))

    /// CIColorBlendMode: the hue and saturation of the source with the luminosity of the background.
    static let colorBlendMode = compositingFilter(
        "CIColorBlendMode", "Color Blend Mode",
        summary: "Uses the luminance values of the background with the hue and saturation values of the source image.",
        kernel: NonSeparableBlend.kernel(
            "irisColorBlendMode", glsl: { n in "\(n)SetLum(cs, \(n)Lum(cb))" },
            blend: { cb, cs in NonSeparableBlend.setLum(cs, NonSeparableBlend.lum(cb)) }))

    /// CILuminosityBlendMode: the luminosity of the source with the hue and saturation of the background.
    static let luminosityBlendMode = compositingFilter(
        "CILuminosityBlendMode", "Luminosity Blend Mode",
        summary: "Uses the hue and saturation of the background with the luminance of the input image.",
        kernel: NonSeparableBlend.kernel(
            "irisLuminosityBlendMode", glsl: { n in "\(n)SetLum(cb, \(n)Lum(cs))" },
            blend: { cb, cs in NonSeparableBlend.setLum(cb, NonSeparableBlend.lum(cs)) }))
}
