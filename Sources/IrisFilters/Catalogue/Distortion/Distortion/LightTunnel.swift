import IrisCore
import RealModule

extension BuiltInFilters {
    /// CILightTunnel: inside the radius the image is unchanged; outside, each pixel repeats the pixel on the
    /// circle, turned by `inputRotation` · ln(r / R), so the edge spirals outward like a tunnel (Iris's
    /// spiral; Core Image's is not published). A radius of 0 is held at 0.001. The extent is infinite.
    static let lightTunnel = FilterDescriptor(
        name: "CILightTunnel", displayName: "Light Tunnel Distortion", categories: DistortionSupport.categories,
        summary: "Rotates a portion of the input image to give a tunneling effect.",
        inputs: [
            .image, DistortionSupport.center(),
            FilterInputDescriptor(
                "inputRotation", .angle, default: .number(0), slider: -2 * Double.pi...2 * Double.pi,
                summary: "How much the streaks turn per e-fold of distance, in radians."),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(0), range: 0...Double.infinity, slider: 0...500,
                summary: "The radius of the unchanged middle, in pixels.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(
                lightTunnelKernel, [image],
                KernelArguments([
                    DistortionSupport.vec2(try args.vector("inputCenter")),
                    DistortionSupport.float(try args.number("inputRotation")),
                    DistortionSupport.float(max(try args.number("inputRadius"), 0.001))
                ]),
                extent: image.extent.isEmpty ? .empty : .infinite, label: "CILightTunnel")
        })

    static let lightTunnelKernel = DistortionSupport.warp(
        "irisLightTunnel", [.init("center", "vec2"), .init("rotation", "float"), .init("radius", "float")],
        glsl: """
            vec2 irisLightTunnel(vec2 dc, vec2 center, float rotation, float radius) {
                vec2 d = dc - center;
                float r = length(d);
                if (r <= radius) return dc;
                float theta = rotation * log(r / radius);
                float c = cos(theta), s = sin(theta);
                vec2 e = d * (radius / r);
                return center + vec2(c * e.x - s * e.y, s * e.x + c * e.y);
            }
            """, roi: DistortionSupport.unionROI { DistortionSupport.box($0.vec2(0), $0.float(2)) }
    ) { p, args in
        let c = args.vec2(0), rotation = args.float(1), radius = args.float(2)
        let d = p - c, r = glslLength(d)
        if r <= radius { return p }
        return c + rotated(d * (radius / r), rotation * Float.log(r / radius))
    }
}
