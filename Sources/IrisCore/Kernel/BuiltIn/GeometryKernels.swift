/// Kernels behind crop, clamp-to-extent and affine transforms.
extension BuiltInKernels {
    /// Transparent outside `rect` (x, y, width, height).
    public static let crop = Kernel(
        color: "irisCrop", usesDestCoord: true, parameters: [.init("rect", "vec4")],
        glsl: """
            vec4 irisCrop(vec4 s0, vec2 dc, vec4 rect) {
                vec2 lo = rect.xy, hi = rect.xy + rect.zw;
                return (dc.x >= lo.x && dc.y >= lo.y && dc.x < hi.x && dc.y < hi.y) ? s0 : vec4(0.0);
            }
            """,
        cpu: { px, _, coords, args in
            let r = args.vec4(0)
            let lo = SIMD2(r.x, r.y), hi = SIMD2(r.x + r.z, r.y + r.w)
            for i in px.indices {
                let p = coords[i]
                if !(p.x >= lo.x && p.y >= lo.y && p.x < hi.x && p.y < hi.y) { px[i] = .zero }
            }
        }
    ).playing(.crop)

    /// Reads the nearest point inside `rect`: edge pixels extend to infinity.
    public static let clampToRect = Kernel(
        warp: "irisClampToRect", parameters: [.init("rect", "vec4")],
        glsl: """
            vec2 irisClampToRect(vec2 dc, vec4 rect) { return clamp(dc, rect.xy + 0.5, rect.xy + rect.zw - 0.5); }
            """,
        cpu: { coords, args in
            let r = args.vec4(0)
            let lo = SIMD2(r.x + 0.5, r.y + 0.5), hi = SIMD2(r.x + r.z - 0.5, r.y + r.w - 0.5)
            for i in coords.indices { coords[i] = simd_clamp(coords[i], lo, hi) }
        },
        roi: { _, rect, args in
            let r = args.vec4(0)
            let x0 = Double(r.x), y0 = Double(r.y), x1 = Double(r.x + r.z), y1 = Double(r.y + r.w)
            if rect.isInfinite { return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) }
            let cx0 = min(max(rect.minX, x0), x1 - 1), cx1 = max(min(rect.maxX, x1), x0 + 1)
            let cy0 = min(max(rect.minY, y0), y1 - 1), cy1 = max(min(rect.maxY, y1), y0 + 1)
            return Rect(x: cx0, y: cy0, width: cx1 - cx0, height: cy1 - cy0)
        }
    ).playing(.clampToRect)

    /// Arguments: the two rows of the *inverse* transform (destination → source).
    public static let affine = Kernel(
        warp: "irisAffine", parameters: [.init("row0", "vec3"), .init("row1", "vec3")],
        glsl: """
            vec2 irisAffine(vec2 dc, vec3 row0, vec3 row1) { vec3 h = vec3(dc, 1.0); return vec2(dot(row0, h), dot(row1, h)); }
            """,
        cpu: { coords, args in
            let r0 = args.vec3(0), r1 = args.vec3(1)
            for i in coords.indices {
                let p = coords[i]
                coords[i] = SIMD2(r0.x * p.x + r0.y * p.y + r0.z, r1.x * p.x + r1.y * p.y + r1.z)
            }
        },
        roi: { _, rect, args in
            if rect.isInfinite { return rect }
            let r0 = args.vec3(0), r1 = args.vec3(1)
            let inverse = AffineTransform(
                a: Double(r0.x), b: Double(r1.x), c: Double(r0.y), d: Double(r1.y),
                tx: Double(r0.z), ty: Double(r1.z))
            // One texel of margin for bilinear filtering.
            return inverse.apply(rect).insetBy(dx: -1, dy: -1)
        }
    ).playing(.affine)

    static func affineArguments(inverse t: AffineTransform) -> KernelArguments {
        KernelArguments([
            .vec3(SIMD3(Float(t.a), Float(t.c), Float(t.tx))), .vec3(SIMD3(Float(t.b), Float(t.d), Float(t.ty)))
        ])
    }

    package static func rectArgument(_ r: Rect) -> KernelValue {
        .vec4(SIMD4(Float(r.minX), Float(r.minY), Float(r.width), Float(r.height)))
    }
}

@inline(__always) package func simd_clamp(_ v: SIMD2<Float>, _ lo: SIMD2<Float>, _ hi: SIMD2<Float>) -> SIMD2<Float> {
    SIMD2(min(max(v.x, lo.x), hi.x), min(max(v.y, lo.y), hi.y))
}
