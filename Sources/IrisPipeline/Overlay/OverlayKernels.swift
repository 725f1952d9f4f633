import IrisCore

/// The kernel that draws detector results into the recipe: a quadrilateral's outline or its filled
/// inside, in one colour, over the image. A colour kernel that reads the pixel's coordinate, so any
/// number of them fuse into the frame's pass on either renderer; outside the quad's bounds it passes
/// the pixel through untouched (the CPU body skips such spans whole).
///
///     let outlined = try Image.apply(OverlayKernels.quad, inputs: [frame], arguments: QuadShape(…).arguments, extent: frame.extent)
public enum OverlayKernels {
    /// Arguments: corners a, b (`ab`) and c, d (`cd`) in drawing order; `bounds` (minX, minY, maxX, maxY) of
    /// everything drawn; `color` premultiplied in the working space; `style` = (half line width, fill 0/1).
    public static let quad = Kernel(
        color: "irisOverlayQuad", usesDestCoord: true,
        parameters: [
            .init("ab", "vec4"), .init("cd", "vec4"), .init("bounds", "vec4"), .init("color", "vec4"),
            .init("style", "vec2")
        ],
        glsl: """
            float irisOverlaySegment(vec2 p, vec2 a, vec2 b) {
                vec2 ab = b - a;
                float t = clamp(dot(p - a, ab) / max(dot(ab, ab), 1e-6), 0.0, 1.0);
                return length(p - (a + t * ab));
            }
            bool irisOverlayCrosses(vec2 p, vec2 a, vec2 b) {
                return ((a.y > p.y) != (b.y > p.y)) && (p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x);
            }
            vec4 irisOverlayQuad(vec4 s0, vec2 dc, vec4 ab, vec4 cd, vec4 bounds, vec4 color, vec2 style) {
                if (dc.x < bounds.x || dc.y < bounds.y || dc.x > bounds.z || dc.y > bounds.w) return s0;
                vec2 a = ab.xy; vec2 b = ab.zw; vec2 c = cd.xy; vec2 d = cd.zw;
                float coverage;
                if (style.y > 0.5) {
                    bool inside = irisOverlayCrosses(dc, a, b) != irisOverlayCrosses(dc, b, c);
                    inside = inside != irisOverlayCrosses(dc, c, d);
                    inside = inside != irisOverlayCrosses(dc, d, a);
                    coverage = inside ? 1.0 : 0.0;
                } else {
                    float distance = min(min(irisOverlaySegment(dc, a, b), irisOverlaySegment(dc, b, c)),
                                         min(irisOverlaySegment(dc, c, d), irisOverlaySegment(dc, d, a)));
                    coverage = clamp(style.x + 0.5 - distance, 0.0, 1.0);
                }
                return color * coverage + s0 * (1.0 - color.a * coverage);
            }
            """,
        cpu: { px, _, coords, args in
            let ab = args.vec4(0), cd = args.vec4(1), bounds = args.vec4(2), color = args.vec4(3), style = args.vec2(4)
            guard let first = coords.first, let last = coords.last else { return }
            // Spans are rows: one whose y or x range misses the bounds is left as it is.
            if max(first.y, last.y) < bounds.y || min(first.y, last.y) > bounds.w
                || max(first.x, last.x) < bounds.x || min(first.x, last.x) > bounds.z
            {
                return
            }
            let a = SIMD2(ab.x, ab.y), b = SIMD2(ab.z, ab.w), c = SIMD2(cd.x, cd.y), d = SIMD2(cd.z, cd.w)
            let fill = style.y > 0.5
            // An outline's four edges, with their inverse squared lengths worked out once a span: per pixel,
            // four squared distances and one square root (four divisions and four roots a pixel made the
            // face boxes cost a twentieth of a 720p recording's CPU).
            let e0 = Edge(a, b), e1 = Edge(b, c), e2 = Edge(c, d), e3 = Edge(d, a)
            let count = min(px.count, coords.count)
            px.withUnsafeMutableBufferPointer { pp in
                coords.withUnsafeBufferPointer { cp in
                    guard let colours = pp.baseAddress, let points = cp.baseAddress else { return }
                    for i in 0..<count {
                        let p = points[i]
                        if p.x < bounds.x || p.y < bounds.y || p.x > bounds.z || p.y > bounds.w { continue }
                        let coverage: Float
                        if fill {
                            let inside =
                                (crosses(p, a, b) != crosses(p, b, c)) != (crosses(p, c, d) != crosses(p, d, a))
                            coverage = inside ? 1 : 0
                        } else {
                            let nearest = min(
                                min(e0.squaredDistance(to: p), e1.squaredDistance(to: p)),
                                min(e2.squaredDistance(to: p), e3.squaredDistance(to: p)))
                            coverage = min(max(style.x + 0.5 - nearest.squareRoot(), 0), 1)
                        }
                        colours[i] = color * coverage + colours[i] * (1 - color.w * coverage)
                    }
                }
            }
        })

    /// A segment a→b of an outline, ready for many distance queries.
    struct Edge {
        let a: SIMD2<Float>, ab: SIMD2<Float>
        /// 1 / |ab|², with a degenerate (zero-length) edge held at 1e-6 as the shader holds it.
        let inverseLengthSquared: Float

        init(_ a: SIMD2<Float>, _ b: SIMD2<Float>) {
            self.a = a
            ab = b - a
            inverseLengthSquared = 1 / max((ab * ab).sum(), 1e-6)
        }

        /// The squared distance from `p` to the nearest point of the segment.
        @inline(__always) func squaredDistance(to p: SIMD2<Float>) -> Float {
            let ap = p - a
            let t = min(max((ap * ab).sum() * inverseLengthSquared, 0), 1)
            let q = ap - t * ab
            return (q * q).sum()
        }
    }

    /// Whether a ray from `p` towards +x crosses the edge a→b (the even-odd inside test).
    @inline(__always) static func crosses(_ p: SIMD2<Float>, _ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Bool {
        ((a.y > p.y) != (b.y > p.y)) && (p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x)
    }
}
