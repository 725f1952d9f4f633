import IrisCore

/// A 3×3 projective map, row-major, applied to (x, y, 1): x' = (r0·h) / (r2·h), y' = (r1·h) / (r2·h).
/// Shared by the perspective filters and CIPerspectiveTile.
struct PerspectiveHomography: Sendable {
    var m: [Double]

    /// Maps the unit square's (0,0), (1,0), (1,1), (0,1) to `p[0]…p[3]` (Heckbert's square-to-quad).
    static func squareToQuad(_ p: [SIMD2<Double>]) -> PerspectiveHomography? {
        let (x0, y0, x1, y1, x2, y2, x3, y3) = (p[0].x, p[0].y, p[1].x, p[1].y, p[2].x, p[2].y, p[3].x, p[3].y)
        let sx = x0 - x1 + x2 - x3, sy = y0 - y1 + y2 - y3
        var g = 0.0, h = 0.0
        if sx != 0 || sy != 0 {
            let dx1 = x1 - x2, dx2 = x3 - x2, dy1 = y1 - y2, dy2 = y3 - y2
            let den = dx1 * dy2 - dx2 * dy1
            guard den != 0, den.isFinite else { return nil }
            g = (sx * dy2 - dx2 * sy) / den
            h = (dx1 * sy - sx * dy1) / den
        }
        return PerspectiveHomography(m: [
            x1 - x0 + g * x1, x3 - x0 + h * x3, x0,
            y1 - y0 + g * y1, y3 - y0 + h * y3, y0,
            g, h, 1
        ])
    }

    /// Maps `r` onto the unit square.
    static func normalizing(_ r: Rect) -> PerspectiveHomography {
        PerspectiveHomography(m: [1 / r.width, 0, -r.minX / r.width, 0, 1 / r.height, -r.minY / r.height, 0, 0, 1])
    }

    /// `self` after `first`: x ↦ self(first(x)).
    func after(_ first: PerspectiveHomography) -> PerspectiveHomography {
        var out = [Double](repeating: 0, count: 9)
        for r in 0..<3 {
            for c in 0..<3 { out[r * 3 + c] = (0..<3).reduce(0) { $0 + m[r * 3 + $1] * first.m[$1 * 3 + c] } }
        }
        return PerspectiveHomography(m: out)
    }

    var inverted: PerspectiveHomography? {
        let a = m
        let c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c00 + a[1] * c01 + a[2] * c02
        guard det != 0, det.isFinite else { return nil }
        let inv = [
            c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3]
        ]
        return PerspectiveHomography(m: inv.map { $0 / det })
    }

    /// (x', y', w) before the division.
    func apply(_ x: Double, _ y: Double) -> (Double, Double, Double) {
        (m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5], m[6] * x + m[7] * y + m[8])
    }

    /// The same map with w > 0 at `point` (a homography and its negation map alike, but the kernel treats
    /// w ≤ 0 as behind the viewer).
    func positive(at point: SIMD2<Double>) -> PerspectiveHomography {
        apply(point.x, point.y).2 < 0 ? PerspectiveHomography(m: m.map { -$0 }) : self
    }

    /// The bounding box of `r` mapped, or infinite when part of it goes behind the viewer.
    func bounds(of r: Rect) -> Rect {
        if r.isInfinite { return .infinite }
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)] {
            let (u, v, w) = apply(x, y)
            guard w > 1e-9 else { return .infinite }
            xs.append(u / w)
            ys.append(v / w)
        }
        let x0 = xs.min()!, y0 = ys.min()!
        let out = Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
        return out.width.isFinite && out.height.isFinite ? out : .infinite
    }

    var kernelArguments: KernelArguments {
        KernelArguments((0..<3).map { r in .vec3(SIMD3(Float(m[r * 3]), Float(m[r * 3 + 1]), Float(m[r * 3 + 2]))) })
    }

    init(m: [Double]) { self.m = m }
    init(_ args: KernelArguments, offset: Int = 0) {
        m = (0..<3).flatMap { r -> [Double] in
            let v = args.vec3(offset + r)
            return [Double(v.x), Double(v.y), Double(v.z)]
        }
    }
}

extension BuiltInFilters {
    /// Reads the input at the projective map of each destination point (rows: destination → source);
    /// transparent where w ≤ 0 (behind the viewer) and outside `bounds` (the input's extent). The bounds
    /// test moves the input's edges in by 0.001 pixel, so a pixel centre that maps exactly onto an edge
    /// (which the quad's own edges do) is decided the same way by both renderers' rounding.
    static let homographyKernel = Kernel(
        general: "irisHomography",
        parameters: [.init("row0", "vec3"), .init("row1", "vec3"), .init("row2", "vec3"), .init("bounds", "vec4")],
        glsl: """
            vec4 irisHomography(vec2 dc, vec3 row0, vec3 row1, vec3 row2, vec4 bounds) {
                vec3 h = vec3(dc, 1.0);
                float w = dot(row2, h);
                if (w <= 0.0) return vec4(0.0);
                vec2 p = vec2(dot(row0, h), dot(row1, h)) / w;
                vec2 lo = bounds.xy - 0.001, hi = bounds.xy + bounds.zw - 0.001;
                if (p.x < lo.x || p.y < lo.y || p.x >= hi.x || p.y >= hi.y) return vec4(0.0);
                return sample0(clamp(p, bounds.xy, hi));
            }
            """,
        cpu: { coords, sample, args in
            let r0 = args.vec3(0), r1 = args.vec3(1), r2 = args.vec3(2), b = args.vec4(3)
            let lo = SIMD2(b.x, b.y) - 0.001, hi = SIMD2(b.x + b.z, b.y + b.w) - 0.001
            var points = coords, keep = [Bool](repeating: true, count: coords.count)
            for i in coords.indices {
                let h = SIMD3(coords[i].x, coords[i].y, 1)
                let w = (r2 * h).sum()
                let p = w > 0 ? SIMD2((r0 * h).sum(), (r1 * h).sum()) / w : .zero
                keep[i] = w > 0 && p.x >= lo.x && p.y >= lo.y && p.x < hi.x && p.y < hi.y
                points[i] = keep[i] ? simd_clamp(p, SIMD2(b.x, b.y), hi) : .zero
            }
            var out = sample(0, points)
            for i in out.indices where !keep[i] { out[i] = .zero }
            return out
        },
        roi: { _, rect, args in
            PerspectiveHomography(args).bounds(of: rect).insetBy(dx: -1, dy: -1)
        })

    /// The homography kernel's arguments: the rows, then the input's extent (huge when infinite).
    static func homographyArguments(_ h: PerspectiveHomography, input: Rect) -> KernelArguments {
        let bounds = input.isInfinite ? Rect(x: -1e30, y: -1e30, width: 2e30, height: 2e30) : input
        return KernelArguments(h.kernelArguments.values + [DistortionSupport.rectValue(bounds)])
    }

    static let perspectiveCorners: [(String, [Double], String)] = [
        ("inputTopLeft", [118, 484], "Where the top-left corner goes."),
        ("inputTopRight", [646, 507], "Where the top-right corner goes."),
        ("inputBottomRight", [548, 140], "Where the bottom-right corner goes."),
        ("inputBottomLeft", [155, 153], "Where the bottom-left corner goes.")
    ]
    static var perspectiveCornerInputs: [FilterInputDescriptor] {
        perspectiveCorners.map { FilterInputDescriptor($0.0, .position, default: .vector($0.1), summary: $0.2) }
    }

    /// The four corners as bottom-left, bottom-right, top-right, top-left (the unit square's order).
    static func perspectiveQuad(_ args: FilterArguments) throws(FilterError) -> [SIMD2<Double>] {
        var out: [SIMD2<Double>] = []
        for key in ["inputBottomLeft", "inputBottomRight", "inputTopRight", "inputTopLeft"] {
            let v = try args.vector(key)
            out.append(SIMD2(v[0], v[1]))
        }
        return out
    }

    /// Maps `source` (a rectangle of the input) onto the quad; the output covers the input's extent mapped.
    static func perspectiveWarp(_ image: Image, source: Rect, quad: [SIMD2<Double>], filter: String) throws(FilterError)
        -> Image
    {
        guard !source.isInfinite, !source.isEmpty, let q = PerspectiveHomography.squareToQuad(quad),
            let inverse = q.after(.normalizing(source)).inverted
        else {
            throw .invalidValue(
                filter: filter, key: "inputTopLeft", reason: "the corners and extent do not make a perspective map")
        }
        let centroid = quad.reduce(SIMD2<Double>.zero, +) / 4
        let backward = inverse.positive(at: centroid)
        let extent = image.extent.isEmpty ? .empty : (backward.inverted?.bounds(of: image.extent) ?? .infinite)
        return Image.make(
            homographyKernel, [image], homographyArguments(backward, input: image.extent), extent: extent, label: filter
        )
    }
}
