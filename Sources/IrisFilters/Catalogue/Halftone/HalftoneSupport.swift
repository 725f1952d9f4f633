import IrisCore
import RealModule

/// The shared machinery of the halftone screens (CIDotScreen, CILineScreen, CICircularScreen,
/// CIHatchedScreen). Core Image does not publish its screens; Iris's compare the pixel's brightness with
/// a periodic pattern. With q the pixel's offset from `inputCenter` rotated by −`inputAngle`, w the
/// `inputWidth` and Y the working space luma of straight colour, a screen's whiteness is
/// v = S(Y, P) = clamp((Y − P′)·g + 0.5, 0, 1) for its pattern P (each screen says which), where the gain
/// g = 4 / max(1 − sharpness, 0.005) steepens with `inputSharpness` and P′ = m + (1 − 2m)·P with m = 0.5/g
/// keeps the ramp inside 0…1, so white stays white and black black. The output is grey v, premultiplied
/// by the pixel's alpha. Patterns lie in 0…1 and peak where ink stays longest.
enum HalftoneSupport {
    static let twoPi = "6.2831853"

    /// The ramp's gain for a sharpness.
    static func gain(sharpness: Double) -> Float { Float(4 / max(1 - sharpness, 0.005)) }

    /// A screen kernel; `vGLSL` is a GLSL expression for v in `y`, `q` (rotated offset), `d` (offset),
    /// `width` and `gain`; `v` computes the same in Swift from (y, q, d, width, gain).
    static func kernel(
        name: String, vGLSL: String,
        v:
            @escaping @Sendable (_ y: Float, _ q: SIMD2<Float>, _ d: SIMD2<Float>, _ width: Float, _ gain: Float) ->
            Float
    ) -> Kernel {
        Kernel(
            color: name, usesDestCoord: true,
            parameters: [
                .init("center", "vec2"), .init("rotation", "vec2"), .init("width", "float"), .init("gain", "float")
            ],
            glsl: """
                vec4 \(name)(vec4 s0, vec2 dc, vec2 center, vec2 rotation, float width, float gain) {
                    vec2 d = dc - center;
                    vec2 q = vec2(rotation.x * d.x + rotation.y * d.y, rotation.x * d.y - rotation.y * d.x);
                    float y = s0.a > 0.0 ? dot(s0.rgb, \(WorkingSpaceLuma.glsl)) / s0.a : 0.0;
                    float v = \(vGLSL);
                    return vec4(vec3(v * s0.a), s0.a);
                }
                """,
            cpu: { px, _, coords, args in
                let center = args.vec2(0), rotation = args.vec2(1), width = args.float(2), gain = args.float(3)
                for i in px.indices {
                    let d = coords[i] - center
                    let q = SIMD2(rotation.x * d.x + rotation.y * d.y, rotation.x * d.y - rotation.y * d.x)
                    let s = px[i]
                    let y = s.w > 0 ? WorkingSpaceLuma.luma(s) / s.w : 0
                    let value = v(y, q, d, width, gain) * s.w
                    px[i] = SIMD4(value, value, value, s.w)
                }
            })
    }

    /// S(value, pattern) in Swift.
    @inline(__always) static func step(_ value: Float, _ pattern: Float, _ gain: Float) -> Float {
        let level = 0.5 / gain + (1 - 1 / gain) * pattern
        return min(max((value - level) * gain + 0.5, 0), 1)
    }

    /// S(value, pattern) in GLSL (for a kernel with a `gain` parameter).
    static func stepGLSL(_ value: String, _ pattern: String) -> String {
        "clamp((\(value) - (0.5 / gain + (1.0 - 1.0 / gain) * (\(pattern)))) * gain + 0.5, 0.0, 1.0)"
    }
    @inline(__always) static func wave(_ t: Float, _ width: Float) -> Float {
        0.5 + 0.5 * Float.cos(2 * Float.pi * t / width)
    }

    static let categories = [
        FilterCategory.halftoneEffect, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
    ]

    static func centerInput() -> FilterInputDescriptor {
        FilterInputDescriptor(
            "inputCenter", .position, default: .vector([150, 150]), summary: "The origin of the screen's pattern.")
    }
    static func angleInput() -> FilterInputDescriptor {
        FilterInputDescriptor(
            "inputAngle", .angle, default: .number(0), slider: -Double.pi...Double.pi,
            summary: "The angle of the pattern, in radians.")
    }
    static func widthInput(slider: ClosedRange<Double> = 2...50) -> FilterInputDescriptor {
        FilterInputDescriptor(
            "inputWidth", .distance, default: .number(6), range: 1...Double.infinity, slider: slider,
            summary: "The period of the pattern, in pixels.")
    }
    static func sharpnessInput() -> FilterInputDescriptor {
        FilterInputDescriptor(
            "inputSharpness", .scalar, default: .number(0.7), range: 0...1,
            summary: "How sharp the pattern's edges are.")
    }

    /// Applies a screen kernel with the standard inputs (an absent angle reads as 0).
    static func apply(_ kernel: Kernel, _ args: FilterArguments, hasAngle: Bool, label: String) throws(FilterError)
        -> Image
    {
        let image = try args.image("inputImage")
        let center = try args.vector("inputCenter")
        let angle = hasAngle ? try args.number("inputAngle") : 0
        let width = try args.number("inputWidth"), sharpness = try args.number("inputSharpness")
        let arguments = KernelArguments([
            .vec2(SIMD2(Float(center[0]), Float(center[1]))),
            .vec2(SIMD2(Float(Double.cos(angle)), Float(Double.sin(angle)))),
            .float(Float(width)), .float(gain(sharpness: sharpness))
        ])
        return Image.make(kernel, [image], arguments, extent: image.extent, label: label)
    }
}
