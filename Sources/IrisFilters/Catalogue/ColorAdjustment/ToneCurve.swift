import IrisCore

extension BuiltInFilters {
    /// CIToneCurve: one curve through the five points, applied to each straight red, green and blue. As Core
    /// Image documents, the curve works in a perceptual (gamma 2) version of the working space: p = √c,
    /// out = curve(p)². Core Image's spline is not published; Iris's is a monotone piecewise cubic Hermite
    /// (Fritsch–Butland slopes: zero at a local extremum, a weighted harmonic mean of the neighbouring secants
    /// elsewhere, the end secants at the ends), so it passes through every point and never overshoots
    /// between monotone points. Points are taken in order of x; beyond the first and last point the curve
    /// continues as a straight line with the end slopes, so the default curve is the identity everywhere.
    static let toneCurve = FilterDescriptor(
        name: "CIToneCurve", displayName: "Tone Curve",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Adjusts tone response of the R, G, and B channels of an image.",
        inputs: [.image]
            + (0..<5).map { i in
                FilterInputDescriptor(
                    "inputPoint\(i)", .offset, default: .vector([Double(i) / 4, Double(i) / 4]),
                    summary: "Point \(i + 1) of the curve: input, output (perceptual 0…1).")
            },
        build: { args throws(FilterError) in
            var points: [(Double, Double)] = []
            for i in 0..<5 {
                let v = try args.vector("inputPoint\(i)")
                points.append((v[0], v[1]))
            }
            let image = try args.image("inputImage")
            if points.allSatisfy({ $0.0 == $0.1 }) { return image }
            return toneCurveImage(image, points: points, label: "CIToneCurve")
        })

    /// `image` through the tone-curve kernel with the spline through `points` (also used by the photo effects).
    static func toneCurveImage(_ image: Image, points: [(Double, Double)], label: String) -> Image {
        Image.make(
            toneCurveKernel, [image], ToneCurveSpline(points: points).kernelArguments, extent: image.extent,
            label: label)
    }

    static let toneCurveKernel = Kernel(
        color: "irisToneCurve", parameters: [.init("knots", "vec4"), .init("ends", "vec4"), .init("segments", "mat4")],
        glsl: """
            float irisToneCurveEval(float x, vec4 knots, vec4 ends, mat4 segments) {
                if (x < knots.x) return segments[0].x + ends.z * (x - knots.x);
                if (x > ends.x) return ends.y + ends.w * (x - ends.x);
                vec4 k;
                float t;
                if (x >= knots.w) { k = segments[3]; t = x - knots.w; }
                else if (x >= knots.z) { k = segments[2]; t = x - knots.z; }
                else if (x >= knots.y) { k = segments[1]; t = x - knots.y; }
                else { k = segments[0]; t = x - knots.x; }
                return k.x + t * (k.y + t * (k.z + t * k.w));
            }
            vec4 irisToneCurve(vec4 s0, vec4 knots, vec4 ends, mat4 segments) {
                vec4 c = iris_unpremultiply(s0);
                vec3 p = sign(c.rgb) * sqrt(abs(c.rgb));
                vec3 q = vec3(irisToneCurveEval(p.r, knots, ends, segments), irisToneCurveEval(p.g, knots, ends, segments),
                              irisToneCurveEval(p.b, knots, ends, segments));
                return vec4(q * abs(q) * c.a, c.a);
            }
            """,
        cpu: { px, _, _, args in
            let spline = ToneCurveSpline.Evaluator(args)
            for i in px.indices {
                let c = unpremultiplied(px[i])
                let q = SIMD3(
                    spline(ColorFilterSupport.perceptual(c.x)), spline(ColorFilterSupport.perceptual(c.y)),
                    spline(ColorFilterSupport.perceptual(c.z)))
                let out = ColorFilterSupport.fromPerceptual(q)
                px[i] = SIMD4(out.x * c.w, out.y * c.w, out.z * c.w, c.w)
            }
        })
}

/// CIToneCurve's monotone cubic through five points, on perceptual values, as the tone-curve kernel's
/// arguments: knots (x0…x3), ends (x4, y4, slope before x0, slope after x4) and a mat4 whose column k holds
/// segment k's polynomial a + b·t + c·t² + d·t³ in t = x − xk. Public so that code choosing a curve's
/// points (auto-enhance fits them) evaluates the very curve the filter renders.
///
///     let y = ToneCurveSpline(points: [(0, 0), (0.25, 0.3), (0.5, 0.6), (0.75, 0.8), (1, 1)])(0.4)
public struct ToneCurveSpline: Sendable {
    let x: [Double], y: [Double]
    let slopes: [Double]
    let segments: [SIMD4<Double>]

    public init(points: [(Double, Double)]) {
        let sorted = points.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        let x = sorted.map(\.0), y = sorted.map(\.1)
        let n = x.count
        let h = (0..<(n - 1)).map { x[$0 + 1] - x[$0] }
        // A segment of zero width is a step; its secant is taken as flat.
        let d = (0..<(n - 1)).map { h[$0] > 1e-9 ? (y[$0 + 1] - y[$0]) / h[$0] : 0 }
        var m = [Double](repeating: 0, count: n)
        m[0] = d[0]
        m[n - 1] = d[n - 2]
        for k in 1..<(n - 1) where d[k - 1] * d[k] > 0 {
            m[k] = 3 * (h[k - 1] + h[k]) / ((2 * h[k] + h[k - 1]) / d[k - 1] + (h[k] + 2 * h[k - 1]) / d[k])
        }
        self.x = x
        self.y = y
        slopes = m
        segments = (0..<(n - 1)).map { k in
            guard h[k] > 1e-9 else { return SIMD4(y[k], 0, 0, 0) }
            let c = (3 * d[k] - 2 * m[k] - m[k + 1]) / h[k]
            let cubic = (m[k] + m[k + 1] - 2 * d[k]) / (h[k] * h[k])
            return SIMD4(y[k], m[k], c, cubic)
        }
    }

    /// The curve's value at perceptual `value`, in Double (the kernels evaluate the same polynomials in Float).
    public func callAsFunction(_ value: Double) -> Double {
        if value < x[0] { return y[0] + slopes[0] * (value - x[0]) }
        if value > x[4] { return y[4] + slopes[4] * (value - x[4]) }
        let k = value >= x[3] ? 3 : value >= x[2] ? 2 : value >= x[1] ? 1 : 0
        let s = segments[k], t = value - x[k]
        return s.x + t * (s.y + t * (s.z + t * s.w))
    }

    var kernelArguments: KernelArguments {
        let knots = SIMD4<Float>(Float(x[0]), Float(x[1]), Float(x[2]), Float(x[3]))
        let ends = SIMD4<Float>(Float(x[4]), Float(y[4]), Float(slopes[0]), Float(slopes[4]))
        let columns = segments.flatMap { s in [Float(s.x), Float(s.y), Float(s.z), Float(s.w)] }
        return KernelArguments([.vec4(knots), .vec4(ends), .mat4(columns)])
    }

    /// The curve as the CPU kernel evaluates it, from the kernel arguments (Float, as GLSL does).
    struct Evaluator {
        let knots: SIMD4<Float>, ends: SIMD4<Float>
        let segments: [SIMD4<Float>]

        init(_ args: KernelArguments) {
            knots = args.vec4(0)
            ends = args.vec4(1)
            let m = args.mat4(2)
            segments = (0..<4).map { SIMD4(m[$0 * 4], m[$0 * 4 + 1], m[$0 * 4 + 2], m[$0 * 4 + 3]) }
        }

        @inline(__always) func callAsFunction(_ x: Float) -> Float {
            if x < knots.x { return segments[0].x + ends.z * (x - knots.x) }
            if x > ends.x { return ends.y + ends.w * (x - ends.x) }
            let k = x >= knots.w ? 3 : x >= knots.z ? 2 : x >= knots.y ? 1 : 0
            let s = segments[k], t = x - knots[k]
            return s.x + t * (s.y + t * (s.z + t * s.w))
        }
    }
}
