import IrisCore

/// Reductions without compute shaders: a tree of general-kernel passes, each folding blocks of up to 8×8
/// pixels into one, until the reduced axes are one pixel long. Both renderers run the same passes (GLES2 has
/// no scatter or atomics; this is the multi-pass reduction of GPU textbooks).
///
/// Averages travel as normalised sums (the block's sum over its full block size), so partial blocks at the
/// area's edge weigh what they hold and every level stays within 0…1 for half-float intermediates; the last
/// step scales by the product of the block sizes over the pixel count.
enum AreaReduction {
    enum Mode: Float {
        /// Per-channel sum, normalised by the block size.
        case mean = 0
        /// Per-channel maximum or minimum of the pixels inside the area.
        case maximum = 1, minimum = 2
        /// The whole pixel with the largest or smallest alpha (the first one on ties).
        case maximumAlpha = 3, minimumAlpha = 4
    }

    /// Pixels folded per pass along a reduced axis.
    static let block = 8

    /// Reduces `area` of `image` along x (`alongX`) and/or y to one pixel per reduced axis. The result sits at
    /// the origin: 1×1, 1×height (rows) or width×1 (columns).
    static func reduce(_ image: Image, area: Rect, mode: Mode, alongX: Bool, alongY: Bool, label: String) -> Image {
        var current = image
        var origin = SIMD2(Float(area.minX), Float(area.minY))
        var size = SIMD2(Float(area.width), Float(area.height))
        var folded: Float = 1
        repeat {
            let factor = SIMD2<Float>(alongX && size.x > 1 ? Float(block) : 1, alongY && size.y > 1 ? Float(block) : 1)
            let next = SIMD2((size.x / factor.x).rounded(.up), (size.y / factor.y).rounded(.up))
            current = Image.make(
                passKernel, [current],
                KernelArguments([.vec2(origin), .vec2(size), .vec2(factor), .float(mode.rawValue)]),
                extent: Rect(x: 0, y: 0, width: Double(next.x), height: Double(next.y)), label: label)
            folded *= factor.x * factor.y
            origin = .zero
            size = next
        } while (alongX && size.x > 1) || (alongY && size.y > 1)
        guard mode == .mean else { return current }
        let pixels = Float(alongX ? area.width : 1) * Float(alongY ? area.height : 1)
        return Image.make(
            scaleKernel, [current], KernelArguments([.float(folded / pixels)]), extent: current.extent, label: label)
    }

    /// Output pixel (X, Y) folds input pixels origin + (X·fx + i, Y·fy + j), i < fx, j < fy, that lie in the area.
    static let passKernel = Kernel(
        general: "irisReduceBlock",
        parameters: [
            .init("origin", "vec2"), .init("size", "vec2"),
            .init("factor", "vec2"), .init("mode", "float")
        ],
        glsl: """
            vec4 irisReduceBlock(vec2 dc, vec2 origin, vec2 size, vec2 factor, float mode) {
                vec2 base = floor(dc) * factor;
                vec4 result = vec4(0.0);
                bool found = false;
                for (int j = 0; j < 8; j++) {
                    if (float(j) >= factor.y) break;
                    for (int i = 0; i < 8; i++) {
                        if (float(i) >= factor.x) break;
                        vec2 q = base + vec2(float(i), float(j));
                        if (q.x >= size.x || q.y >= size.y) continue;
                        vec4 s = sample0(origin + q + 0.5);
                        if (mode < 0.5) result += s;
                        else if (!found) result = s;
                        else if (mode < 1.5) result = max(result, s);
                        else if (mode < 2.5) result = min(result, s);
                        else if (mode < 3.5) { if (s.a > result.a) result = s; }
                        else { if (s.a < result.a) result = s; }
                        found = true;
                    }
                }
                return mode < 0.5 ? result / (factor.x * factor.y) : result;
            }
            """,
        cpu: { coords, sample, args in
            let origin = args.vec2(0), size = args.vec2(1), factor = args.vec2(2)
            let mode = Mode(rawValue: args.float(3).rounded()) ?? .mean
            let fx = Int(factor.x), fy = Int(factor.y)
            var result = [SIMD4<Float>](repeating: .zero, count: coords.count)
            var any = [Bool](repeating: false, count: coords.count)
            var points = coords
            for j in 0..<min(fy, block) {
                for i in 0..<min(fx, block) {
                    var inside = [Bool](repeating: false, count: coords.count)
                    for k in coords.indices {
                        let q =
                            SIMD2(coords[k].x.rounded(.down), coords[k].y.rounded(.down)) * factor
                            + SIMD2(Float(i), Float(j))
                        inside[k] = q.x < size.x && q.y < size.y
                        points[k] = origin + q + 0.5
                    }
                    let s = sample(0, points)
                    for k in coords.indices where inside[k] {
                        let v = s[k]
                        switch mode {
                        case .mean: result[k] += v
                        case .maximum: result[k] = any[k] ? pointwiseMax(result[k], v) : v
                        case .minimum: result[k] = any[k] ? pointwiseMin(result[k], v) : v
                        case .maximumAlpha: if !any[k] || v.w > result[k].w { result[k] = v }
                        case .minimumAlpha: if !any[k] || v.w < result[k].w { result[k] = v }
                        }
                        any[k] = true
                    }
                }
            }
            if mode == .mean {
                let scale = 1 / (factor.x * factor.y)
                for k in result.indices { result[k] *= scale }
            }
            return result
        },
        roi: { _, rect, args in
            let origin = args.vec2(0), size = args.vec2(1), factor = args.vec2(2)
            let read = Rect(
                x: Double(origin.x) + rect.minX * Double(factor.x), y: Double(origin.y) + rect.minY * Double(factor.y),
                width: rect.width * Double(factor.x), height: rect.height * Double(factor.y))
            return read.intersection(
                Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.x), height: Double(size.y)))
        })

    /// The mean's last step: normalised sum × (block sizes folded / pixels).
    static let scaleKernel = Kernel(
        color: "irisReduceScale", parameters: [.init("scale", "float")],
        glsl: """
            vec4 irisReduceScale(vec4 s0, float scale) { return s0 * scale; }
            """,
        cpu: { px, _, _, args in
            let scale = args.float(0)
            for i in px.indices { px[i] *= scale }
        })
}
