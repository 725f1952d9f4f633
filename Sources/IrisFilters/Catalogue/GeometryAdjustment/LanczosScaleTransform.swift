import IrisCore
import Foundation
import RealModule

extension BuiltInFilters {
    /// CILanczosScaleTransform: scales by `inputScale` vertically and `inputScale · inputAspectRatio`
    /// horizontally (about the origin, as Core Image does) with a Lanczos-3 filter, L(t) = sinc(t) sinc(t/3)
    /// for |t| < 3, in two separable passes. When shrinking, the filter is stretched by 1/scale (at most 20×)
    /// so it averages every source pixel; weights are normalised to sum to 1.
    static let lanczosScaleTransform = FilterDescriptor(
        name: "CILanczosScaleTransform", displayName: "Lanczos Scale Transform",
        categories: [
            FilterCategory.geometryAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Produces a high-quality, scaled version of a source image.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputScale", .scalar, default: .number(1), range: 0...Double.infinity, slider: 0.05...1.5,
                summary: "The scale factor of the height."),
            FilterInputDescriptor(
                "inputAspectRatio", .scalar, default: .number(1), range: 0...Double.infinity, slider: 0.05...2,
                summary: "The horizontal scale relative to the vertical one.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let sy = try args.number("inputScale"), sx = sy * (try args.number("inputAspectRatio"))
            if sx == 1 && sy == 1 { return image }
            let e = image.extent
            if sx <= 0 || sy <= 0 || e.isEmpty { return .empty }
            let wide =
                e.isInfinite ? Rect.infinite : Rect(x: e.minX * sx, y: e.minY, width: e.width * sx, height: e.height)
            let done =
                e.isInfinite
                ? Rect.infinite : Rect(x: e.minX * sx, y: e.minY * sy, width: e.width * sx, height: e.height * sy)
            var out = image
            if sx != 1 {
                out = Image.make(
                    lanczosHorizontal, [out], lanczosArguments(scale: sx), extent: wide,
                    label: "CILanczosScaleTransform x")
            }
            if sy != 1 {
                out = Image.make(
                    lanczosVertical, [out], lanczosArguments(scale: sy), extent: done,
                    label: "CILanczosScaleTransform y")
            }
            return out
        })

    /// 1/scale, the filter's stretch (≥ 1, ≤ 20), its half-width (3 · stretch) and the number of taps.
    static func lanczosArguments(scale: Double) -> KernelArguments {
        let stretch = min(max(1, 1 / scale), 20), support = 3 * stretch
        return KernelArguments([
            .float(Float(1 / scale)), .float(Float(stretch)), .float(Float(support)),
            .float(Float((2 * support).rounded(.down) + 2))
        ])
    }

    static func lanczosWeight(_ t: Float) -> Float {
        let a = abs(t)
        if a < 1e-4 { return 1 }
        if a >= 3 { return 0 }
        let pa = Float.pi * a
        return 3 * Float.sin(pa) * Float.sin(pa / 3) / (pa * pa)
    }

    static func lanczosGLSL(_ name: String, axis: String, other: String) -> String {
        """
        vec4 \(name)(vec2 dc, float inverseScale, float stretch, float support, float taps) {
            float u = dc.\(axis) * inverseScale;
            float first = floor(u - support - 0.5);
            vec4 sum = vec4(0.0);
            float total = 0.0;
            for (int k = 0; k < 128; k++) {
                if (float(k) >= taps) break;
                float i = first + float(k);
                float a = abs((i + 0.5 - u) / stretch);
                float pa = 3.14159265358979 * a;
                float w = a < 1e-4 ? 1.0 : (a >= 3.0 ? 0.0 : 3.0 * sin(pa) * sin(pa / 3.0) / (pa * pa));
                vec2 p;
                p.\(axis) = i + 0.5;
                p.\(other) = dc.\(other);
                sum += w * sample0(p);
                total += w;
            }
            return total != 0.0 ? sum / total : vec4(0.0);
        }
        """
    }

    static func lanczosCPU(vertical: Bool)
        -> @Sendable ([SIMD2<Float>], (Int, [SIMD2<Float>]) -> [SIMD4<Float>], KernelArguments) -> [SIMD4<Float>]
    {
        { coords, sample, args in
            let inverse = args.float(0), stretch = args.float(1), support = args.float(2), taps = Int(args.float(3))
            let u = coords.map { (vertical ? $0.y : $0.x) * inverse }
            let first = u.map { ($0 - support - 0.5).rounded(.down) }
            var sum = [SIMD4<Float>](repeating: .zero, count: coords.count)
            var total = [Float](repeating: 0, count: coords.count)
            var points = coords
            for k in 0..<min(taps, 128) {
                for j in coords.indices {
                    let c = first[j] + Float(k) + 0.5
                    points[j] = vertical ? SIMD2(coords[j].x, c) : SIMD2(c, coords[j].y)
                }
                let values = sample(0, points)
                for j in coords.indices {
                    let w = lanczosWeight((first[j] + Float(k) + 0.5 - u[j]) / stretch)
                    sum[j] += w * values[j]
                    total[j] += w
                }
            }
            return coords.indices.map { total[$0] != 0 ? sum[$0] / total[$0] : .zero }
        }
    }

    static func lanczosROI(vertical: Bool) -> Kernel.ROI {
        { _, rect, args in
            if rect.isInfinite { return rect }
            let inverse = Double(args.float(0)), margin = Double(args.float(2)) + 2
            if vertical {
                let y0 = rect.minY * inverse - margin, y1 = rect.maxY * inverse + margin
                return Rect(x: rect.minX, y: y0, width: rect.width, height: y1 - y0)
            }
            let x0 = rect.minX * inverse - margin, x1 = rect.maxX * inverse + margin
            return Rect(x: x0, y: rect.minY, width: x1 - x0, height: rect.height)
        }
    }

    static let lanczosParameters: [Kernel.Parameter] = [
        .init("inverseScale", "float"), .init("stretch", "float"),
        .init("support", "float"), .init("taps", "float")
    ]
    static let lanczosHorizontal = Kernel(
        general: "irisLanczosHorizontal", parameters: lanczosParameters,
        glsl: lanczosGLSL("irisLanczosHorizontal", axis: "x", other: "y"),
        cpu: lanczosCPU(vertical: false), roi: lanczosROI(vertical: false))
    static let lanczosVertical = Kernel(
        general: "irisLanczosVertical", parameters: lanczosParameters,
        glsl: lanczosGLSL("irisLanczosVertical", axis: "y", other: "x"),
        cpu: lanczosCPU(vertical: true), roi: lanczosROI(vertical: true))
}
