import IrisCore
import RealModule

/// Shared pieces of the distortion, tile and transition filters: input descriptors Core Image repeats,
/// kernel builders from a per-point map, regions of interest, and GLSL-equivalent scalar helpers.
enum DistortionSupport {
    static let categories = [
        FilterCategory.distortionEffect, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
    ]
    static let tileCategories = [
        FilterCategory.tileEffect, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
    ]
    static let transitionCategories = [
        FilterCategory.transition, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
    ]

    static func position(_ key: String, _ value: [Double], _ summary: String) -> FilterInputDescriptor {
        FilterInputDescriptor(key, .position, default: .vector(value), summary: summary)
    }
    static func center(_ value: [Double] = [150, 150]) -> FilterInputDescriptor {
        position("inputCenter", value, "The centre of the effect, in image coordinates.")
    }
    static let targetImage = FilterInputDescriptor(
        "inputTargetImage", .image, summary: "The image the transition ends on.")
    static let time = FilterInputDescriptor(
        "inputTime", .scalar, default: .number(0), range: 0...1,
        summary: "0 shows inputImage, 1 shows inputTargetImage.")
    static func extentInput(_ summary: String = "x, y, width, height of the effect.") -> FilterInputDescriptor {
        FilterInputDescriptor("inputExtent", .vector, default: .vector([0, 0, 300, 300]), summary: summary)
    }

    static func vec2(_ v: [Double]) -> KernelValue { .vec2(SIMD2(Float(v[0]), Float(v[1]))) }
    static func float(_ v: Double) -> KernelValue { .float(Float(v)) }
    static func rect(_ v: [Double]) -> Rect { Rect(x: v[0], y: v[1], width: v[2], height: v[3]) }
    static func rectValue(_ r: Rect) -> KernelValue {
        .vec4(SIMD4(Float(r.minX), Float(r.minY), Float(r.width), Float(r.height)))
    }

    /// The square around `center` that reaches `reach` on each side.
    static func box(_ center: SIMD2<Float>, _ reach: Float) -> Rect {
        Rect(
            x: Double(center.x - reach), y: Double(center.y - reach), width: Double(2 * reach),
            height: Double(2 * reach))
    }

    /// A warp kernel from a per-point map (destination → source).
    static func warp(
        _ name: String, _ parameters: [Kernel.Parameter], glsl: String, roi: @escaping Kernel.ROI,
        map: @escaping @Sendable (SIMD2<Float>, KernelArguments) -> SIMD2<Float>
    ) -> Kernel {
        Kernel(
            warp: name, parameters: parameters, glsl: glsl,
            cpu: { coords, args in
                for i in coords.indices { coords[i] = map(coords[i], args) }
            }, roi: roi)
    }

    /// A one-input general kernel that reads its input at one mapped point and scales the colour by a
    /// weight (0 where the map leaves the pixel transparent).
    static func resample(
        _ name: String, _ parameters: [Kernel.Parameter], glsl: String, roi: @escaping Kernel.ROI,
        map: @escaping @Sendable (SIMD2<Float>, KernelArguments) -> (SIMD2<Float>, Float)
    ) -> Kernel {
        Kernel(
            general: name, parameters: parameters, glsl: glsl,
            cpu: { coords, sample, args in
                var points = coords, weights = [Float](repeating: 0, count: coords.count)
                for i in coords.indices { (points[i], weights[i]) = map(coords[i], args) }
                var out = sample(0, points)
                for i in out.indices { out[i] *= weights[i] }
                return out
            }, roi: roi)
    }

    /// The output rectangle grown by `margin(args)` + 1 (for bilinear reads): for maps that move no point
    /// further than the margin.
    static func grownROI(_ margin: @escaping @Sendable (KernelArguments) -> Float) -> Kernel.ROI {
        { _, rect, args in
            if rect.isInfinite { return rect }
            let m = Double(margin(args)) + 1
            return rect.insetBy(dx: -m, dy: -m)
        }
    }

    /// The output rectangle joined with a fixed region: for maps that are the identity outside the region
    /// and read only inside it within.
    static func unionROI(_ region: @escaping @Sendable (KernelArguments) -> Rect) -> Kernel.ROI {
        { _, rect, args in rect.isInfinite ? rect : rect.union(region(args).insetBy(dx: -1, dy: -1)) }
    }

    /// Only a fixed region (tiles read their base cell wherever they draw).
    static func regionROI(_ region: @escaping @Sendable (KernelArguments) -> Rect) -> Kernel.ROI {
        { _, _, args in region(args).insetBy(dx: -1, dy: -1) }
    }
}

// GLSL's built-ins, in Float, so the Swift bodies read like the shaders.
@inline(__always) func glslMod(_ x: Float, _ y: Float) -> Float { x - y * (x / y).rounded(.down) }
@inline(__always) func glslFract(_ x: Float) -> Float { x - x.rounded(.down) }
@inline(__always) func glslLength(_ v: SIMD2<Float>) -> Float { (v.x * v.x + v.y * v.y).squareRoot() }
@inline(__always) func glslDot(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float { a.x * b.x + a.y * b.y }
@inline(__always) func glslClamp(_ x: Float, _ lo: Float, _ hi: Float) -> Float { min(max(x, lo), hi) }
@inline(__always) func glslMix(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ t: Float) -> SIMD4<Float> { a + (b - a) * t }
@inline(__always) func glslSmoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
    let t = glslClamp((x - e0) / (e1 - e0), 0, 1)
    return t * t * (3 - 2 * t)
}
/// The point rotated by `angle` (counter-clockwise).
@inline(__always) func rotated(_ v: SIMD2<Float>, _ angle: Float) -> SIMD2<Float> {
    let c = Float.cos(angle), s = Float.sin(angle)
    return SIMD2(c * v.x - s * v.y, s * v.x + c * v.y)
}
