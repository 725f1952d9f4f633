/// Porter-Duff compositing and the colour matrix every matrix-like filter folds into.
extension BuiltInKernels {
    /// s0 over s1 (premultiplied).
    public static let sourceOver = Kernel(color: "irisSourceOver", inputCount: 2, parameters: [], glsl: """
        vec4 irisSourceOver(vec4 s0, vec4 s1) { return s0 + s1 * (1.0 - s0.a); }
        """, cpu: { px, others, _, _ in
            let bg = others[0]
            for i in px.indices { px[i] = px[i] + bg[i] * (1 - px[i].w) }
        })

    /// out = m · unpremultiply(s0) + bias, premultiplied again. Arguments come from `ColorMatrix`.
    public static let colorMatrix = Kernel(color: "irisColorMatrix", parameters: [.init("m", "mat4"), .init("bias", "vec4")], glsl: """
        vec4 irisColorMatrix(vec4 s0, mat4 m, vec4 bias) {
            vec4 c = m * iris_unpremultiply(s0) + bias;
            return vec4(c.rgb * c.a, c.a);
        }
        """, cpu: { px, _, _, args in
            let m = args.mat4(0), b = args.vec4(1)
            let c0 = SIMD4(m[0], m[1], m[2], m[3]), c1 = SIMD4(m[4], m[5], m[6], m[7])
            let c2 = SIMD4(m[8], m[9], m[10], m[11]), c3 = SIMD4(m[12], m[13], m[14], m[15])
            for i in px.indices {
                let s = unpremultiplied(px[i])
                let c = c0 * s.x + c1 * s.y + c2 * s.z + c3 * s.w + b
                px[i] = SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
            }
        })
}
