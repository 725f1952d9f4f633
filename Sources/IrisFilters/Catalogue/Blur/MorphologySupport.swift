import IrisCore

/// The shared kernels of the morphology filters (CIMorphologyMaximum, Minimum, Gradient, RectangleMaximum,
/// RectangleMinimum). One kernel serves maximum and minimum: with σ = +1 it takes max(s), with σ = −1 it
/// takes −max(−s) = min(s). Components are premultiplied, alpha included, each taken on its own.
enum MorphologySupport {
    static let maximumReach = 9
    static let maximumLineReach = 50

    /// Max (σ = 1) or min (σ = −1) over the taps of a disc of radius r on a grid of spacing s (1 up to
    /// r = 8, r/8 beyond, read bilinearly, so very large discs are approximated): taps with
    /// (i² + j²)·s² ≤ r² (plus a thousandth, so taps exactly on the circle count on both renderers).
    static let discKernel = Kernel(
        general: "irisMorphologyDisc",
        parameters: [.init("radius", "float"), .init("step", "float"), .init("reach", "float"), .init("sign", "float")],
        glsl: """
            vec4 irisMorphologyDisc(vec2 dc, float radius, float stride, float reach, float sgn) {
                vec4 m = sgn * sample0(dc);
                float limit = radius * radius + 0.001;
                for (int j = -\(maximumReach); j <= \(maximumReach); j++) {
                    if (abs(float(j)) > reach) continue;
                    for (int i = -\(maximumReach); i <= \(maximumReach); i++) {
                        if (abs(float(i)) > reach) continue;
                        vec2 o = vec2(float(i), float(j)) * stride;
                        if (dot(o, o) <= limit) m = max(m, sgn * sample0(dc + o));
                    }
                }
                return sgn * m;
            }
            """,
        cpu: { coords, sample, args in
            let radius = args.float(0), step = args.float(1), reach = Int(args.float(2)), sign = args.float(3)
            let limit = radius * radius + 0.001
            var m = sample(0, coords).map { sign * $0 }
            var shifted = coords
            for j in -reach...reach {
                for i in -reach...reach {
                    let o = SIMD2(Float(i), Float(j)) * step
                    guard o.x * o.x + o.y * o.y <= limit else { continue }
                    for k in coords.indices { shifted[k] = coords[k] + o }
                    let values = sample(0, shifted)
                    for k in m.indices { m[k] = pointwiseMax(m[k], sign * values[k]) }
                }
            }
            return m.map { sign * $0 }
        },
        roi: { _, rect, args in
            let reach = Double(args.float(2) * args.float(1)) + 1
            return rect.insetBy(dx: -reach, dy: -reach)
        })

    /// Max or min along a line: the taps dc + k·direction, k = −half…half.
    static let lineKernel = Kernel(
        general: "irisMorphologyLine",
        parameters: [.init("direction", "vec2"), .init("half", "float"), .init("sign", "float")],
        glsl: """
            vec4 irisMorphologyLine(vec2 dc, vec2 direction, float halfCount, float sgn) {
                vec4 m = sgn * sample0(dc);
                for (int k = -\(maximumLineReach); k <= \(maximumLineReach); k++) {
                    if (abs(float(k)) > halfCount) continue;
                    m = max(m, sgn * sample0(dc + float(k) * direction));
                }
                return sgn * m;
            }
            """,
        cpu: { coords, sample, args in
            let direction = args.vec2(0), half = Int(args.float(1)), sign = args.float(2)
            var m = sample(0, coords).map { sign * $0 }
            var shifted = coords
            for k in -half...half where k != 0 {
                for i in coords.indices { shifted[i] = coords[i] + Float(k) * direction }
                let values = sample(0, shifted)
                for i in m.indices { m[i] = pointwiseMax(m[i], sign * values[i]) }
            }
            return m.map { sign * $0 }
        },
        roi: { _, rect, args in
            let d = args.vec2(0), half = Double(args.float(1))
            return rect.insetBy(dx: -half * Double(abs(d.x)), dy: -half * Double(abs(d.y)))
        })

    /// The disc filter of radius r (σ = 1 for maximum, −1 for minimum); the extent grows by the reach.
    static func disc(_ image: Image, radius r: Double, sign: Float, label: String) -> Image {
        let step = max(1, r / 8)
        let reach = min((r / step).rounded(.down), Double(maximumReach))
        return Image.make(
            discKernel, [image],
            KernelArguments([.float(Float(r)), .float(Float(step)), .float(Float(reach)), .float(sign)]),
            extent: image.extent.insetBy(dx: -reach * step, dy: -reach * step), label: label)
    }

    /// The rectangle filter: a horizontal pass, then a vertical one. Sizes round to the nearest odd count.
    static func rectangle(_ image: Image, width: Double, height: Double, sign: Float, label: String) -> Image {
        var out = image
        for (size, direction) in [(width, SIMD2<Float>(1, 0)), (height, SIMD2<Float>(0, 1))] {
            let half = min(((size - 1) / 2).rounded(), Double(maximumLineReach))
            if half < 1 { continue }
            out = Image.make(
                lineKernel, [out], KernelArguments([.vec2(direction), .float(Float(half)), .float(sign)]),
                extent: out.extent.insetBy(dx: -half * Double(direction.x), dy: -half * Double(direction.y)),
                label: label)
        }
        return out
    }

    /// The descriptor CIMorphologyMaximum (σ = 1, "brightest") and CIMorphologyMinimum (σ = −1, "darkest")
    /// share: a radius of 0 returns the input.
    static func discFilter(name: String, displayName: String, extreme: String, sign: Float) -> FilterDescriptor {
        FilterDescriptor(
            name: name, displayName: displayName,
            categories: [FilterCategory.blur, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
            summary: "Blurs a circular region by replacing each pixel with the \(extreme) value in the circle.",
            inputs: [
                .image,
                FilterInputDescriptor(
                    "inputRadius", .distance, default: .number(0), range: 0...1000, slider: 0...50,
                    summary: "The radius of the disc, in pixels.")
            ],
            readsNeighbourhood: true,
            build: { args throws(FilterError) in
                let image = try args.image("inputImage")
                let radius = try args.number("inputRadius")
                if radius < 1 { return image }
                return disc(image, radius: radius, sign: sign, label: name)
            })
    }

    /// The descriptor CIMorphologyRectangleMaximum (σ = 1) and CIMorphologyRectangleMinimum (σ = −1) share.
    static func rectangleFilter(name: String, displayName: String, extreme: String, sign: Float) -> FilterDescriptor {
        FilterDescriptor(
            name: name, displayName: displayName,
            categories: [FilterCategory.blur, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
            summary: "Blurs a rectangular region by replacing each pixel with the \(extreme) value in the rectangle.",
            inputs: [
                .image,
                // 101 keeps a pass within the GLSL loop bound (50 taps a side).
                FilterInputDescriptor(
                    "inputWidth", .scalar, default: .number(5), range: 1...101, slider: 1...50,
                    summary: "The width of the rectangle, in pixels (rounded to an odd number)."),
                FilterInputDescriptor(
                    "inputHeight", .scalar, default: .number(5), range: 1...101, slider: 1...50,
                    summary: "The height of the rectangle, in pixels (rounded to an odd number).")
            ],
            readsNeighbourhood: true,
            build: { args throws(FilterError) in
                let image = try args.image("inputImage")
                return rectangle(
                    image, width: try args.number("inputWidth"), height: try args.number("inputHeight"), sign: sign,
                    label: name)
            })
    }
}
