import IrisCore
import RealModule

extension BuiltInFilters {
    /// CIMotionBlur: the average along a line through each pixel, `inputRadius` pixels to each side, at
    /// `inputAngle` (radians, anticlockwise from the x axis). Taps are evenly spaced, n = min(⌈r⌉, 32) each
    /// side (spacing r/n, read bilinearly), all weighing the same; Core Image does not publish its weights.
    /// The extent grows by the line's reach.
    static let motionBlur = FilterDescriptor(
        name: "CIMotionBlur", displayName: "Motion Blur",
        categories: [FilterCategory.blur, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary:
            "Blurs an image to simulate the effect of using a camera that moves a specified angle and distance while capturing the image.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(20), range: 0...1000, slider: 0...100,
                summary: "How far the camera moves to each side, in pixels."),
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(0), slider: -Double.pi...Double.pi,
                summary: "The direction of the motion, in radians.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let radius = try args.number("inputRadius"), angle = try args.number("inputAngle")
            if radius == 0 { return image }
            let taps = min(max(radius.rounded(.up), 1), Double(motionMaximumTaps))
            let direction = SIMD2(Double.cos(angle), Double.sin(angle)) * radius
            let step = SIMD2<Float>(direction / taps)
            return Image.make(
                motionBlurKernel, [image], KernelArguments([.vec2(step), .float(Float(taps))]),
                extent: image.extent.insetBy(dx: -abs(direction.x).rounded(.up), dy: -abs(direction.y).rounded(.up)),
                label: "CIMotionBlur")
        })

    static let motionMaximumTaps = 32

    /// Averages 2n + 1 taps at dc + k·step, k = −n…n.
    static let motionBlurKernel = Kernel(
        general: "irisMotionBlur", parameters: [.init("step", "vec2"), .init("taps", "float")],
        glsl: """
            vec4 irisMotionBlur(vec2 dc, vec2 stride, float taps) {
                vec4 sum = vec4(0.0);
                for (int k = -\(motionMaximumTaps); k <= \(motionMaximumTaps); k++) {
                    if (abs(float(k)) > taps) continue;
                    sum += sample0(dc + float(k) * stride);
                }
                return sum / (2.0 * taps + 1.0);
            }
            """,
        cpu: { coords, sample, args in
            let step = args.vec2(0), taps = Int(args.float(1))
            var sum = [SIMD4<Float>](repeating: .zero, count: coords.count)
            var shifted = coords
            for k in -taps...taps {
                let o = Float(k) * step
                for i in coords.indices { shifted[i] = coords[i] + o }
                let values = sample(0, shifted)
                for i in sum.indices { sum[i] += values[i] }
            }
            let scale = 1 / Float(2 * taps + 1)
            for i in sum.indices { sum[i] *= scale }
            return sum
        },
        roi: { _, rect, args in
            let step = args.vec2(0), taps = args.float(1)
            return rect.insetBy(
                dx: -Double(abs(step.x) * taps).rounded(.up) - 1, dy: -Double(abs(step.y) * taps).rounded(.up) - 1)
        })
}
