import IrisCore
import RealModule

extension BuiltInFilters {
    /// CIKaleidoscope: mirrors the wedge of angle π/count that starts at `inputAngle` about the centre so
    /// that 2·count mirror images fill the circle (the dihedral group of order 2·count); each pixel keeps its
    /// distance from the centre. The result is infinite.
    static let kaleidoscope = FilterDescriptor(
        name: "CIKaleidoscope", displayName: "Kaleidoscope", categories: DistortionSupport.tileCategories,
        summary: "Produces a kaleidoscopic image from a source image by applying 12-way symmetry.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputCount", .integer, default: .number(6), range: 1...Double.infinity, slider: 1...64,
                summary: "The number of reflected wedge pairs."),
            DistortionSupport.center(),
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(0), slider: 0...2 * Double.pi,
                summary: "Where the mirrored wedge starts, in radians.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let sector = 2 * Double.pi / max(try args.number("inputCount"), 1)
            return Image.make(
                kaleidoscopeKernel, [image],
                KernelArguments([
                    DistortionSupport.vec2(try args.vector("inputCenter")),
                    DistortionSupport.float(try args.number("inputAngle")),
                    DistortionSupport.float(sector)
                ]), extent: image.extent.isEmpty ? .empty : .infinite, label: "CIKaleidoscope")
        })

    static let kaleidoscopeKernel = DistortionSupport.warp(
        "irisKaleidoscope", [.init("center", "vec2"), .init("angle", "float"), .init("sector", "float")],
        glsl: """
            vec2 irisKaleidoscope(vec2 dc, vec2 center, float angle, float sector) {
                vec2 d = dc - center;
                float th = mod(atan(d.y, d.x) - angle, sector);
                if (th > 0.5 * sector) th = sector - th;
                th += angle;
                return center + length(d) * vec2(cos(th), sin(th));
            }
            """,
        roi: { _, rect, args in
            if rect.isInfinite { return rect }
            let c = args.vec2(0)
            var far: Double = 0
            for (x, y) in [
                (rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)
            ] {
                far = max(
                    far, ((x - Double(c.x)) * (x - Double(c.x)) + (y - Double(c.y)) * (y - Double(c.y))).squareRoot())
            }
            return DistortionSupport.box(c, Float(far) + 1)
        }
    ) { p, args in
        let c = args.vec2(0), angle = args.float(1), sector = args.float(2)
        let d = p - c
        var th = glslMod(Float.atan2(y: d.y, x: d.x) - angle, sector)
        if th > 0.5 * sector { th = sector - th }
        th += angle
        return c + glslLength(d) * SIMD2(Float.cos(th), Float.sin(th))
    }
}
