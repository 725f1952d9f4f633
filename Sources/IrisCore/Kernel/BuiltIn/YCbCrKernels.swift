/// The Y'CbCr → R'G'B' decoders for camera formats: ordinary kernels, fused into the first pass.
/// They read `Colorimetry.rgbFromYCbCr`, the one definition of each matrix.
public enum BuiltInKernels {
    static let ycbcrParameters = [
        Kernel.Parameter("matrix", "mat4"), Kernel.Parameter("offset", "vec4"), Kernel.Parameter("swapsChroma", "float")
    ]

    /// Arguments for the Y'CbCr kernels: the matrix (as a mat4), offset, and whether Cb/Cr are swapped (NV21).
    public static func ycbcrArguments(_ colorimetry: Colorimetry, swapsChroma: Bool) -> KernelArguments {
        let (m, off) = colorimetry.rgbFromYCbCr
        var cm = [Float](repeating: 0, count: 16)
        for r in 0..<3 { for c in 0..<3 { cm[c * 4 + r] = m[r * 3 + c] } }
        cm[15] = 1
        return KernelArguments([.mat4(cm), .vec4(SIMD4(off.x, off.y, off.z, 0)), .float(swapsChroma ? 1 : 0)])
    }

    @inline(__always)
    static func decode(_ y: Float, _ cb: Float, _ cr: Float, _ m: MatrixColumns, _ off: SIMD4<Float>) -> SIMD4<Float> {
        // Per lane rather than SIMD4 arithmetic: LLVM turns the vector form into shuffles and branches.
        let r = m.c0.x * y + m.c1.x * cb + m.c2.x * cr + off.x
        let g = m.c0.y * y + m.c1.y * cb + m.c2.y * cr + off.y
        let b = m.c0.z * y + m.c1.z * cb + m.c2.z * cr + off.z
        return SIMD4(min(max(r, 0), 1), min(max(g, 0), 1), min(max(b, 0), 1), 1)
    }

    /// Y plane + interleaved chroma plane (NV12, or NV21 with `swapsChroma`).
    public static let ycbcrBiplanar = Kernel(
        color: "irisYCbCrBiplanar", inputCount: 2, parameters: ycbcrParameters, traits: .opaqueUnitOutput,
        glsl: """
            vec4 irisYCbCrBiplanar(vec4 s0, vec4 s1, mat4 matrix, vec4 offset, float swapsChroma) {
                vec2 c = mix(s1.rg, s1.gr, swapsChroma);
                vec3 rgb = (matrix * vec4(s0.r, c, 0.0)).rgb + offset.rgb;
                return vec4(clamp(rgb, 0.0, 1.0), 1.0);
            }
            """,
        cpu: { px, others, _, args in
            let m = MatrixColumns(args.mat4(0)), off = args.vec4(1), swap = args.float(2) > 0.5
            others[0].withUnsafeBufferPointer { chroma in
                px.withUnsafeMutableBufferPointer { p in
                    let n = min(p.count, chroma.count)
                    // Two loops rather than a per-pixel choice, so each one vectorises.
                    if swap {
                        for i in 0..<n { p[i] = decode(p[i].x, chroma[i].y, chroma[i].x, m, off) }
                    } else {
                        for i in 0..<n { p[i] = decode(p[i].x, chroma[i].x, chroma[i].y, m, off) }
                    }
                }
            }
        }
    ).playing(.ycbcrBiplanar)

    /// Three planes: Y, Cb, Cr (I420 / YU12).
    public static let ycbcrTriplanar = Kernel(
        color: "irisYCbCrTriplanar", inputCount: 3, parameters: ycbcrParameters, traits: .opaqueUnitOutput,
        glsl: """
            vec4 irisYCbCrTriplanar(vec4 s0, vec4 s1, vec4 s2, mat4 matrix, vec4 offset, float swapsChroma) {
                vec2 c = mix(vec2(s1.r, s2.r), vec2(s2.r, s1.r), swapsChroma);
                vec3 rgb = (matrix * vec4(s0.r, c, 0.0)).rgb + offset.rgb;
                return vec4(clamp(rgb, 0.0, 1.0), 1.0);
            }
            """,
        cpu: { px, others, _, args in
            let m = MatrixColumns(args.mat4(0)), off = args.vec4(1), swap = args.float(2) > 0.5
            others[swap ? 1 : 0].withUnsafeBufferPointer { cb in
                others[swap ? 0 : 1].withUnsafeBufferPointer { cr in
                    px.withUnsafeMutableBufferPointer { p in
                        for i in 0..<min(p.count, cb.count, cr.count) {
                            p[i] = decode(p[i].x, cb[i].x, cr[i].x, m, off)
                        }
                    }
                }
            }
        }
    ).playing(.ycbcrTriplanar)

    /// Packed 4:2:2 (YUYV): each texel of the half-width plane is Y0 Cb Y1 Cr; even pixels take Y0.
    public static let ycbcrPacked422 = Kernel(
        general: "irisYCbCrPacked422", parameters: ycbcrParameters, traits: .opaqueUnitOutput,
        glsl: """
            vec4 irisYCbCrPacked422(vec2 dc, mat4 matrix, vec4 offset, float swapsChroma) {
                vec4 s = sample0(vec2(floor(dc.x * 0.5) + 0.5, dc.y));
                float y = fract(dc.x * 0.5) < 0.5 ? s.r : s.b;
                vec2 c = mix(s.ga, s.ag, swapsChroma);
                vec3 rgb = (matrix * vec4(y, c, 0.0)).rgb + offset.rgb;
                return vec4(clamp(rgb, 0.0, 1.0), 1.0);
            }
            """,
        cpu: { coords, sample, args in
            let m = MatrixColumns(args.mat4(0)), off = args.vec4(1), swap = args.float(2) > 0.5
            let texels = coords.map { SIMD2<Float>(($0.x * 0.5).rounded(.down) + 0.5, $0.y) }
            let s = sample(0, texels)
            return coords.indices.map { i in
                let half = coords[i].x * 0.5
                let y = half - half.rounded(.down) < 0.5 ? s[i].x : s[i].z
                return decode(y, swap ? s[i].w : s[i].y, swap ? s[i].y : s[i].w, m, off)
            }
        },
        roi: { _, rect, _ in
            if rect.isInfinite { return rect }
            return Rect(
                x: (rect.minX / 2).rounded(.down), y: rect.minY,
                width: (rect.maxX / 2).rounded(.up) - (rect.minX / 2).rounded(.down), height: rect.height)
        }
    ).playing(.ycbcrPacked422)
}
