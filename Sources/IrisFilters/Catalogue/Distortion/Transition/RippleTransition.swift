import IrisCore
import RealModule

extension BuiltInFilters {
    /// CIRippleTransition: a ring wave `inputWidth` wide spreads from the centre across `inputExtent`;
    /// inside it is the target, outside the source. Across the ring (u = (r − front) / width ∈ (−1, 1)) each
    /// pixel reads along its ray displaced by scale · sin(πu) · ½(1 + cos πu), and the shading image, read at the
    /// pixel, is added × ¼(1 + cos πu) as the wave's highlight. The front runs from −width at time 0 to the
    /// extent's farthest corner + width at 1 (Iris's wave; Core Image's is not published).
    static let rippleTransition = FilterDescriptor(
        name: "CIRippleTransition", displayName: "Ripple", categories: DistortionSupport.transitionCategories,
        summary: "Transitions from an image to another by creating a circular wave that expands from the center point.",
        inputs: [
            .image, DistortionSupport.targetImage,
            FilterInputDescriptor("inputShadingImage", .image, summary: "Added as the wave's highlight."),
            DistortionSupport.center(), DistortionSupport.extentInput("The rectangle the wave must cross."),
            DistortionSupport.time,
            FilterInputDescriptor(
                "inputWidth", .distance, default: .number(100), range: 1...Double.infinity, slider: 10...300,
                summary: "The width of the wave, in pixels."),
            FilterInputDescriptor(
                "inputScale", .scalar, default: .number(50), slider: -50...50,
                summary: "How far the wave displaces the image, in pixels.")
        ],
        build: { args throws(FilterError) in
            let a = try args.image("inputImage"), b = try args.image("inputTargetImage"),
                shading = try args.image("inputShadingImage")
            let v = try args.vector("inputExtent"), c = try args.vector("inputCenter")
            guard v.count == 4 else {
                throw .invalidValue(
                    filter: "CIRippleTransition", key: "inputExtent", reason: "needs x, y, width, height")
            }
            var far = 0.0
            for (x, y) in [(v[0], v[1]), (v[0] + v[2], v[1]), (v[0], v[1] + v[3]), (v[0] + v[2], v[1] + v[3])] {
                far = max(far, ((x - c[0]) * (x - c[0]) + (y - c[1]) * (y - c[1])).squareRoot())
            }
            let width = try args.number("inputWidth"), time = try args.number("inputTime")
            let front = -width + time * (far + 2 * width)
            return Image.make(
                rippleKernel, [a, b, shading],
                KernelArguments([
                    DistortionSupport.vec2(c), DistortionSupport.float(front), DistortionSupport.float(width),
                    DistortionSupport.float(try args.number("inputScale"))
                ]), extent: TransitionSupport.extent(a, b), label: "CIRippleTransition")
        })

    static let rippleKernel = Kernel(
        general: "irisRippleTransition", inputCount: 3,
        parameters: [
            .init("center", "vec2"), .init("front", "float"), .init("width", "float"), .init("scale", "float")
        ],
        glsl: """
            vec4 irisRippleTransition(vec2 dc, vec2 center, float front, float width, float scale) {
                vec2 d = dc - center;
                float r = length(d);
                float u = (r - front) / width;
                if (u <= -1.0) return sample1(dc);
                if (u >= 1.0) return sample0(dc);
                float bell = 0.5 * (1.0 + cos(3.14159265 * u));
                vec2 p = dc + (r > 0.0 ? d / r : vec2(0.0)) * (scale * sin(3.14159265 * u) * bell);
                vec4 base = u < 0.0 ? sample1(p) : sample0(p);
                return base + sample2(dc) * (0.5 * bell);
            }
            """,
        cpu: { coords, sample, args in
            let c = args.vec2(0), front = args.float(1), width = args.float(2), scale = args.float(3)
            var points = coords, bells = [Float](repeating: 0, count: coords.count), us = bells
            for i in coords.indices {
                let d = coords[i] - c, r = glslLength(d), u = (r - front) / width
                us[i] = u
                if u <= -1 || u >= 1 { continue }
                let bell = 0.5 * (1 + Float.cos(3.14159265 * u))
                bells[i] = bell
                points[i] = coords[i] + (r > 0 ? d / r : .zero) * (scale * Float.sin(3.14159265 * u) * bell)
            }
            let source = sample(0, points), target = sample(1, points), shading = sample(2, coords)
            return coords.indices.map { i in
                let u = us[i]
                if u <= -1 { return target[i] }
                if u >= 1 { return source[i] }
                return (u < 0 ? target[i] : source[i]) + shading[i] * (0.5 * bells[i])
            }
        },
        roi: { index, rect, args in
            if index == 2 || rect.isInfinite { return rect }
            let m = Double(abs(args.float(3))) + 1
            return rect.insetBy(dx: -m, dy: -m)
        })
}
