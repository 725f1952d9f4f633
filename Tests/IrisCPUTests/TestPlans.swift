import IrisCore

/// Small kernels and plan builders for hand-checked renders.
enum TestKernels {
    /// out = in × scale (premultiplied, so alpha scales too).
    static let scale = Kernel(
        color: "testScale", parameters: [.init("k", "float")], glsl: "",
        cpu: { px, _, _, args in
            let k = args.float(0)
            for i in px.indices { px[i] *= k }
        })

    /// Leaves colours unchanged; forces the float path where a bare leaf would be copied byte for byte.
    static let identity = Kernel(color: "testIdentity", parameters: [], glsl: "", cpu: { _, _, _, _ in })

    /// s0 + s1.
    static let add = Kernel(
        color: "testAdd", inputCount: 2, parameters: [], glsl: "",
        cpu: { px, others, _, _ in
            let b = others[0]
            for i in px.indices { px[i] += b[i] }
        })

    /// Reads the input at dc + offset.
    static let shift = Kernel(
        warp: "testShift", parameters: [.init("offset", "vec2")], glsl: "",
        cpu: { coords, args in
            let o = args.vec2(0)
            for i in coords.indices { coords[i] += o }
        }, roi: { _, rect, _ in rect.insetBy(dx: -1, dy: -1) })

    /// (left + centre + right) / 3.
    static let boxBlur3 = Kernel(
        general: "testBoxBlur3", parameters: [], glsl: "",
        cpu: { coords, sample, _ in
            let centre = sample(0, coords)
            let left = sample(0, coords.map { $0 - SIMD2(1, 0) })
            let right = sample(0, coords.map { $0 + SIMD2(1, 0) })
            return coords.indices.map { (left[$0] + centre[$0] + right[$0]) / 3 }
        }, roi: { _, rect, _ in rect.insetBy(dx: -1, dy: 0) })

    /// A kernel with only a GLSL body.
    static let glslOnly = Kernel(
        color: "testGLSLOnly", parameters: [], glsl: "vec4 testGLSLOnly(vec4 s0) { return s0; }", cpu: nil)

    static func node(_ kernel: Kernel, _ inputs: [RenderPlan.Expression], _ args: [KernelValue] = [], extent: Rect)
        -> RenderPlan.Expression
    {
        .kernel(
            RenderPlan.KernelNode(
                kernel: kernel, inputs: inputs, arguments: KernelArguments(args), label: kernel.name, extent: extent))
    }
}

enum TestPlans {
    /// An RGBA8 (or BGRA8) buffer from rows listed top to bottom.
    static func buffer(_ rows: [[SIMD4<UInt8>]], format: PixelFormat = .rgba8) -> PixelBuffer {
        var b = PixelBuffer(width: rows[0].count, height: rows.count, format: format)
        for (r, row) in rows.enumerated() {
            for (x, p) in row.enumerated() {
                for c in 0..<4 { b.planes[0].bytes[r * b.planes[0].bytesPerRow + x * 4 + c] = p[c] }
            }
        }
        return b
    }

    /// A deterministic pseudo-random RGBA8 buffer.
    static func noise(width: Int, height: Int, seed: UInt32 = 1) -> PixelBuffer {
        var b = PixelBuffer(width: width, height: height, format: .rgba8)
        var s = seed
        for i in b.planes[0].bytes.indices {
            s = s &* 1_664_525 &+ 1_013_904_223
            b.planes[0].bytes[i] = UInt8(truncatingIfNeeded: s >> 24)
        }
        return b
    }

    /// One pass, one tile covering `output`.
    static func single(
        _ leaves: [RenderPlan.Leaf], _ root: RenderPlan.Expression, extent: Rect, output: Rect,
        format: PixelFormat = .rgba8
    ) -> RenderPlan {
        RenderPlan(
            leaves: leaves, passes: [.init(root: root, extent: extent)],
            tiles: [.init(output: output, passRects: [output], leafRects: leaves.map(\.extent))],
            outputRect: output, outputFormat: format, maximumTextureSize: Int.max)
    }

    /// All pixels of an RGBA8/BGRA8 buffer, rows top to bottom, as stored.
    static func pixels(_ b: PixelBuffer) -> [[SIMD4<UInt8>]] {
        (0..<b.height).map { r in
            (0..<b.width).map { x in
                let o = r * b.planes[0].bytesPerRow + x * 4
                let p = b.planes[0].bytes
                return SIMD4(p[o], p[o + 1], p[o + 2], p[o + 3])
            }
        }
    }
}
