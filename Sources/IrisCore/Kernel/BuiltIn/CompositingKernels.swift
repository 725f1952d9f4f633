/// Porter-Duff compositing and the colour matrix every matrix-like filter folds into.
extension BuiltInKernels {
    /// s0 over s1 (premultiplied).
    public static let sourceOver = Kernel(
        color: "irisSourceOver", inputCount: 2, parameters: [],
        glsl: """
            vec4 irisSourceOver(vec4 s0, vec4 s1) { return s0 + s1 * (1.0 - s0.a); }
            """,
        cpu: { px, others, _, _ in
            others[0].withUnsafeBufferPointer { bg in
                px.withUnsafeMutableBufferPointer { p in
                    for i in 0..<min(p.count, bg.count) { p[i] = p[i] + bg[i] * (1 - p[i].w) }
                }
            }
        }
    ).playing(.sourceOver)

    /// out = m · unpremultiply(s0) + bias, premultiplied again. Arguments come from `ColorMatrix`.
    public static let colorMatrix = Kernel(
        color: "irisColorMatrix", parameters: [.init("m", "mat4"), .init("bias", "vec4")],
        glsl: """
            vec4 irisColorMatrix(vec4 s0, mat4 m, vec4 bias) {
                vec4 c = m * iris_unpremultiply(s0) + bias;
                return vec4(c.rgb * c.a, c.a);
            }
            """,
        cpu: { px, _, _, args in
            let m = MatrixColumns(args.mat4(0)), b = args.vec4(1)
            px.withUnsafeMutableBufferPointer { p in
                for i in p.indices {
                    let s = unpremultiplied(p[i])
                    let c = m.c0 * s.x + m.c1 * s.y + m.c2 * s.z + m.c3 * s.w + b
                    p[i] = premultiplied(c)
                }
            }
        })
}

/// A `mat4` argument as four SIMD columns, read once per span instead of indexing the array per pixel.
struct MatrixColumns {
    let c0, c1, c2, c3: SIMD4<Float>

    /// `m` is column-major; a short array (never produced by the compiler) reads as zeros.
    init(_ m: [Float]) {
        func column(_ c: Int) -> SIMD4<Float> {
            m.count >= 16 ? SIMD4(m[c * 4], m[c * 4 + 1], m[c * 4 + 2], m[c * 4 + 3]) : .zero
        }
        c0 = column(0)
        c1 = column(1)
        c2 = column(2)
        c3 = column(3)
    }
}
