import IrisCore
import RealModule

/// What the pattern, gradient and light generators share.
///
/// Colour inputs reach their kernels as images: `Image(color:)` of the straight sRGB colour, which the
/// compiler brings into the working space (linear, premultiplied) like CIConstantColorGenerator's, or only
/// premultiplies when colour management is off. So a gradient mixes working-space premultiplied colours,
/// as Core Image's do, and no filter converts colours itself.
enum GeneratorSupport {
    /// An infinite image of `color` (straight-alpha sRGB), to feed a kernel's colour input.
    static func colorImage(_ color: SIMD4<Double>) -> Image { Image(color: SIMD4<Float>(color)) }

    /// The categories of a pattern or light generator.
    static let generatorCategories = [
        FilterCategory.generator, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
    ]
    /// The categories of a gradient: Core Image's CICategoryGradient, and CICategoryGenerator as well, the
    /// list Iris keeps them in (they take no input image either).
    static let gradientCategories = [
        FilterCategory.gradient, FilterCategory.generator, FilterCategory.video,
        FilterCategory.stillImage, FilterCategory.builtIn
    ]

    static func position(_ v: [Double]) -> SIMD2<Float> {
        SIMD2(Float(v.count > 0 ? v[0] : 0), Float(v.count > 1 ? v[1] : 0))
    }

    // MARK: Square wave (checkerboard and stripes)

    /// A square wave of period 2·width along one axis, as a value in −1…1: +1 on [0, width) from `origin`,
    /// −1 on [width, 2·width), with edges of half-width `halfBlur` (linear ramps between). `edge` is the
    /// signed distance to the nearest edge (positive in the +1 half), `(|fract(v − ¼) − ½| − ¼) · 2·width`
    /// with v = (x − origin) / (2·width).
    @inline(__always)
    static func squareWave(_ x: Float, origin: Float, inversePeriod: Float, period: Float, inverseHalfBlur: Float)
        -> Float
    {
        let v = (x - origin) * inversePeriod - 0.25
        let f = v - v.rounded(.down)
        let edge = (abs(f - 0.5) - 0.25) * period
        return min(max(edge * inverseHalfBlur, -1), 1)
    }

    /// The same in GLSL, on a vec2 (both axes at once); a function named `name`.
    static func squareWaveGLSL(_ name: String) -> String {
        """
        vec2 \(name)(vec2 x, vec2 origin, float inversePeriod, float period, float inverseHalfBlur) {
            vec2 f = fract((x - origin) * inversePeriod - 0.25);
            vec2 edge = (abs(f - 0.5) - 0.25) * period;
            return clamp(edge * inverseHalfBlur, -1.0, 1.0);
        }
        """
    }

    /// Kernel arguments for a square wave: 1 / (2w), 2w, 1 / halfBlur, where the ramp's half-width is
    /// (1 − sharpness) · w / 2 (sharpness 1 is a hard edge, 0 a triangle wave), at least 10⁻⁴ pixel.
    static func squareWaveArguments(width: Double, sharpness: Double) -> [KernelValue] {
        let w = max(width, 1e-3)
        let halfBlur = max((1 - min(max(sharpness, 0), 1)) * w / 2, 1e-4)
        return [.float(Float(1 / (2 * w))), .float(Float(2 * w)), .float(Float(1 / halfBlur))]
    }

    // MARK: Striations (sunbeams and lenticular halo)

    /// Angular striations for the light generators: a sum of three sines of whole frequencies in the angle
    /// θ (so the pattern closes around the circle) whose phases move with `time`, mapped to 0…1 and raised to
    /// `contrast`. Apple does not publish Core Image's; this is Iris's.
    ///
    ///     n = ½ + ½ · (0.5·sin(7θ + 2πt) + 0.3·sin(13θ − 4πt + 1) + 0.2·sin(29θ + 6πt + 2));  s = n^contrast
    @inline(__always)
    static func striation(_ theta: Float, time: Float, contrast: Float) -> Float {
        let twoPi = 2 * Float.pi
        let n =
            0.5 + 0.5
            * (0.5 * Float.sin(7 * theta + twoPi * time) + 0.3 * Float.sin(13 * theta - 2 * twoPi * time + 1)
                + 0.2 * Float.sin(29 * theta + 3 * twoPi * time + 2))
        return Float.pow(max(n, 1e-6), contrast)
    }

    static func striationGLSL(_ name: String) -> String {
        """
        float \(name)(float theta, float time, float contrast) {
            float twoPi = 6.28318530718;
            float n = 0.5 + 0.5 * (0.5 * sin(7.0 * theta + twoPi * time) + 0.3 * sin(13.0 * theta - 2.0 * twoPi * time + 1.0)
                                   + 0.2 * sin(29.0 * theta + 3.0 * twoPi * time + 2.0));
            return pow(max(n, 1e-6), contrast);
        }
        """
    }

    /// The angle of `d` (atan2), with the centre itself read as angle 0 so no NaN comes from atan(0, 0).
    @inline(__always)
    static func angle(_ d: SIMD2<Float>) -> Float {
        (d.x * d.x + d.y * d.y) > 1e-12 ? Float.atan2(y: d.y, x: d.x) : 0
    }
    static let angleGLSLExpression = "(dot(d, d) > 1e-12 ? atan(d.y, d.x) : 0.0)"
}
