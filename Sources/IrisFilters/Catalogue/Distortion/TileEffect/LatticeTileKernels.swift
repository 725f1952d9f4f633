import IrisCore
import RealModule

/// The tile filters that fold the plane onto one cell of a lattice: a destination point is turned by
/// −angle about the centre and divided by the width (q, in cells), folded into the base cell by the
/// filter's symmetry, and mapped back. The base cell lies at the centre, so the tiles read only there.
enum LatticeTile {
    static func kernel(
        _ name: String, reach: Float, fold glslFold: String,
        _ fold: @escaping @Sendable (SIMD2<Float>, Float) -> SIMD2<Float>
    ) -> Kernel {
        DistortionSupport.warp(
            name, [.init("center", "vec2"), .init("angle", "float"), .init("width", "float"), .init("extra", "float")],
            glsl: """
                vec2 \(name)(vec2 dc, vec2 center, float angle, float width, float extra) {
                    float c = cos(angle), s = sin(angle);
                    vec2 d = dc - center;
                    vec2 q = vec2(c * d.x + s * d.y, -s * d.x + c * d.y) / width;
                \(glslFold)
                    return center + vec2(c * q.x - s * q.y, s * q.x + c * q.y) * width;
                }
                """, roi: DistortionSupport.regionROI { DistortionSupport.box($0.vec2(0), $0.float(2) * reach) }
        ) { p, args in
            let c = args.vec2(0), angle = args.float(1), width = args.float(2)
            let q = fold(rotated(p - c, -angle) / width, args.float(3))
            return c + rotated(q, angle) * width
        }
    }

    /// Builds the descriptor's output: the kernel over the input, infinite.
    static func apply(_ kernel: Kernel, _ args: FilterArguments, acute: Bool, filter: String) throws(FilterError)
        -> Image
    {
        let image = try args.image("inputImage")
        let width = max(try args.number("inputWidth"), 0.01)
        let extra = acute ? min(max(try args.number("inputAcuteAngle"), 0.01), Double.pi - 0.01) : 0
        return Image.make(
            kernel, [image],
            KernelArguments([
                DistortionSupport.vec2(try args.vector("inputCenter")),
                DistortionSupport.float(try args.number("inputAngle")),
                DistortionSupport.float(width), DistortionSupport.float(extra)
            ]),
            extent: image.extent.isEmpty ? .empty : .infinite, label: filter)
    }

    static func inputs(acute: Bool) -> [FilterInputDescriptor] {
        var out: [FilterInputDescriptor] = [
            .image, DistortionSupport.center(),
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(0), slider: -Double.pi...Double.pi,
                summary: "The turn of the tiling, in radians.")
        ]
        if acute {
            out.append(
                FilterInputDescriptor(
                    "inputAcuteAngle", .angle, default: .number(Double.pi / 2), slider: 0...Double.pi,
                    summary: "The angle between the tiling's two directions, in radians."))
        }
        out.append(
            FilterInputDescriptor(
                "inputWidth", .distance, default: .number(100), range: 0...Double.infinity, slider: 0...200,
                summary: "The size of a tile, in pixels."))
        return out
    }

    // Skewed coordinates for the parallelogram lattices: q = a·(1, 0) + b·(cos α, sin α).
    static let skewIn = """
            float sa = sin(extra), ca = cos(extra);
            float b = q.y / sa;
            float a = q.x - b * ca;
        """
    static let skewOut = "        q = vec2(a + b * ca, b * sa);"
    static func skew(_ q: SIMD2<Float>, _ alpha: Float, _ f: (Float) -> Float) -> SIMD2<Float> {
        let sa = Float.sin(alpha), ca = Float.cos(alpha)
        let b = f(q.y / sa), a = f(q.x - (q.y / sa) * ca)
        return SIMD2(a + b * ca, b * sa)
    }

    /// The vector from the nearest centre of a hexagonal lattice (neighbouring centres one unit apart).
    static let hexGLSL = """
            vec2 hs = vec2(1.0, 1.7320508);
            vec2 ha = mod(q, hs) - 0.5 * hs;
            vec2 hb = mod(q - 0.5 * hs, hs) - 0.5 * hs;
            q = dot(ha, ha) < dot(hb, hb) ? ha : hb;
        """
    static func hex(_ q: SIMD2<Float>) -> SIMD2<Float> {
        let hs = SIMD2<Float>(1, 1.7320508)
        let ha = SIMD2(glslMod(q.x, hs.x), glslMod(q.y, hs.y)) - 0.5 * hs
        let s = q - 0.5 * hs
        let hb = SIMD2(glslMod(s.x, hs.x), glslMod(s.y, hs.y)) - 0.5 * hs
        return glslDot(ha, ha) < glslDot(hb, hb) ? ha : hb
    }

    /// Turns q into the sector [0, sector) (rotation symmetry) or, reflecting, into [0, sector/2].
    static func polarGLSL(sector: String, reflect: Bool) -> String {
        """
                float pr = length(q);
                float th = mod(atan(q.y, q.x), \(sector));
        \(reflect ? "        if (th > 0.5 * \(sector)) th = \(sector) - th;" : "")
                q = pr * vec2(cos(th), sin(th));
        """
    }
    static func polar(_ q: SIMD2<Float>, sector: Float, reflect: Bool) -> SIMD2<Float> {
        let r = glslLength(q)
        var th = glslMod(Float.atan2(y: q.y, x: q.x), sector)
        if reflect && th > 0.5 * sector { th = sector - th }
        return r * SIMD2(Float.cos(th), Float.sin(th))
    }

    static func centred(_ q: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(glslFract(q.x + 0.5) - 0.5, glslFract(q.y + 0.5) - 0.5)
    }
    static let centredGLSL = "        q = fract(q + 0.5) - 0.5;"
}
