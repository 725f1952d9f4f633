import IrisCore
import RealModule

extension BuiltInFilters {
    /// CICircularWrap: wraps the image around a transparent circle. The input's bottom row lies on the
    /// circle and its rows go outward, r = R + (y − minY); its columns go round, the column x = centre.x at
    /// the angle `inputAngle` + π/2 (the top when the angle is 0), one pixel of arc per pixel, clockwise as x
    /// grows (Iris's layout; Core Image's is not published).
    static let circularWrap = FilterDescriptor(
        name: "CICircularWrap", displayName: "Circular Wrap Distortion", categories: DistortionSupport.categories,
        summary: "Wraps an image around a transparent circle.",
        inputs: [
            .image, DistortionSupport.center(),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(150), range: 0...Double.infinity, slider: 0...600,
                summary: "The radius of the transparent circle, in pixels."),
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(0), slider: -Double.pi...Double.pi,
                summary: "Turns the wrapped image about the centre, in radians.")
        ],
        build: { args throws(FilterError) in
            let image = try args.finiteImage("inputImage")
            let e = image.extent
            if e.isEmpty { return image }
            let c = try args.vector("inputCenter"), radius = try args.number("inputRadius")
            let reach = radius + e.height
            return Image.make(
                circularWrapKernel, [image],
                KernelArguments([
                    DistortionSupport.vec2(c), DistortionSupport.float(radius),
                    DistortionSupport.float(try args.number("inputAngle")),
                    DistortionSupport.float(e.minY)
                ]),
                extent: Rect(x: c[0] - reach, y: c[1] - reach, width: 2 * reach, height: 2 * reach),
                label: "CICircularWrap")
        })

    static let circularWrapKernel = DistortionSupport.warp(
        "irisCircularWrap",
        [.init("center", "vec2"), .init("radius", "float"), .init("angle", "float"), .init("bottom", "float")],
        glsl: """
            vec2 irisCircularWrap(vec2 dc, vec2 center, float radius, float angle, float bottom) {
                vec2 d = dc - center;
                float phi = mod(atan(d.y, d.x) - angle - 1.5707963267949 + 3.14159265358979, 6.28318530717959) - 3.14159265358979;
                return vec2(center.x - radius * phi, bottom + length(d) - radius);
            }
            """,
        roi: { _, rect, args in
            let c = args.vec2(0), radius = Double(args.float(1)), bottom = Double(args.float(3))
            let x0 = Double(c.x) - Double.pi * radius - 2
            var far = 0.0
            if rect.isInfinite {
                far = .infinity
            } else {
                for (x, y) in [
                    (rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)
                ] {
                    far = max(
                        far,
                        ((x - Double(c.x)) * (x - Double(c.x)) + (y - Double(c.y)) * (y - Double(c.y))).squareRoot())
                }
            }
            if far.isInfinite { return .infinite }
            return Rect(x: x0, y: bottom - 2, width: 2 * (Double.pi * radius + 2), height: max(far - radius, 0) + 4)
        }
    ) { p, args in
        let c = args.vec2(0), radius = args.float(1), angle = args.float(2), bottom = args.float(3)
        let d = p - c
        let phi = glslMod(Float.atan2(y: d.y, x: d.x) - angle - 1.5707963267949 + Float.pi, 2 * Float.pi) - Float.pi
        return SIMD2(c.x - radius * phi, bottom + glslLength(d) - radius)
    }
}
