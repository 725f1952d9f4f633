import IrisCore
import RealModule

extension BuiltInFilters {
    /// CITwirlDistortion: inside the radius the image turns about the centre by θ = angle · (1 − r/R)²
    /// (Iris's falloff; Core Image's is not published): a pixel at p reads the input at c + rot(−θ)(p − c).
    static let twirlDistortion = FilterDescriptor(
        name: "CITwirlDistortion", displayName: "Twirl Distortion", categories: DistortionSupport.categories,
        summary: "Rotates pixels around a point to give a twirling effect.",
        inputs: [
            .image, DistortionSupport.center(),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(300), range: 0...Double.infinity, slider: 0...500,
                summary: "The radius of the twirl, in pixels."),
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(Double.pi), slider: -4 * Double.pi...4 * Double.pi,
                summary: "The turn at the centre, in radians.")
        ],
        build: { args throws(FilterError) in
            try swirl(args, kernel: twirlKernel, filter: "CITwirlDistortion")
        })

    static func swirl(_ args: FilterArguments, kernel: Kernel, filter: String) throws(FilterError) -> Image {
        let image = try args.image("inputImage")
        let radius = try args.number("inputRadius"), angle = try args.number("inputAngle")
        if radius == 0 || angle == 0 { return image }
        return Image.make(
            kernel, [image],
            KernelArguments([
                DistortionSupport.vec2(try args.vector("inputCenter")),
                DistortionSupport.float(radius), DistortionSupport.float(angle)
            ]),
            extent: image.extent, label: filter)
    }

    static func swirlKernel(_ name: String, power: Int) -> Kernel {
        let falloff = power == 2 ? "k * k" : "k * k * k"
        return DistortionSupport.warp(
            name, [.init("center", "vec2"), .init("radius", "float"), .init("angle", "float")],
            glsl: """
                vec2 \(name)(vec2 dc, vec2 center, float radius, float angle) {
                    vec2 d = dc - center;
                    float r = length(d);
                    if (r >= radius) return dc;
                    float k = 1.0 - r / radius;
                    float theta = -angle * \(falloff);
                    float c = cos(theta), s = sin(theta);
                    return center + vec2(c * d.x - s * d.y, s * d.x + c * d.y);
                }
                """, roi: DistortionSupport.unionROI { DistortionSupport.box($0.vec2(0), $0.float(1)) }
        ) { p, args in
            let c = args.vec2(0), radius = args.float(1), angle = args.float(2)
            let d = p - c, r = glslLength(d)
            if r >= radius { return p }
            let k = 1 - r / radius
            return c + rotated(d, -angle * (power == 2 ? k * k : k * k * k))
        }
    }

    static let twirlKernel = swirlKernel("irisTwirlDistortion", power: 2)
}
