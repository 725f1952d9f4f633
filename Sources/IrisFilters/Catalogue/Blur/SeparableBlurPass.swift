import IrisCore

/// One direction of a symmetric, separable blur: the shared machinery of CIGaussianBlur and CIBoxBlur.
///
/// A pass reads the centre tap (weight 1) and, on each side, `pairs` pairs of taps at offsets (2i+1, 2i+2)
/// with weights w(j). Each pair costs one bilinear read between its two texels, at the offset
/// (j1·w1 + j2·w2)/(w1 + w2): the renderers sample bilinearly between texel centres, so that read returns
/// exactly (w1·s(j1) + w2·s(j2))/(w1 + w2). The sum is divided by the total weight.
///
/// Kernel parameters: `direction` (unit vec2), `size` (σ or box radius, fed to w), `pairs` (float count).
enum SeparableBlurPass {
    /// GLSL ES 1.00 loops need a constant bound; passes use at most this many pairs (128 taps a side).
    static let maximumPairs = 64

    /// A pass kernel. `weightGLSL(j)` spells w(j) in GLSL for a variable named `j` (it may use `size`);
    /// `weight` must compute the same in Swift. The expression is written inline rather than as a helper
    /// function because the GLES renderer renames only the kernel's own function per node.
    static func kernel(
        name: String, weightGLSL: (_ j: String) -> String,
        weight: @escaping @Sendable (_ j: Float, _ size: Float) -> Float
    ) -> Kernel {
        Kernel(
            general: name, parameters: [.init("direction", "vec2"), .init("size", "float"), .init("pairs", "float")],
            glsl: """
                vec4 \(name)(vec2 dc, vec2 direction, float size, float pairs) {
                    vec4 sum = sample0(dc);
                    float total = 1.0;
                    for (int i = 0; i < \(maximumPairs); i++) {
                        if (float(i) >= pairs) break;
                        float j1 = float(2 * i + 1);
                        float j2 = j1 + 1.0;
                        float w1 = \(weightGLSL("j1"));
                        float w2 = \(weightGLSL("j2"));
                        float w = w1 + w2;
                        if (w > 0.0) {
                            vec2 d = direction * ((j1 * w1 + j2 * w2) / w);
                            sum += w * (sample0(dc + d) + sample0(dc - d));
                            total += 2.0 * w;
                        }
                    }
                    return sum / total;
                }
                """,
            cpu: { coords, sample, args in
                let direction = args.vec2(0), size = args.float(1)
                let pairs = min(max(Int(args.float(2)), 0), maximumPairs)
                var sum = sample(0, coords)
                var total: Float = 1
                var shifted = coords
                for i in 0..<pairs {
                    let j1 = Float(2 * i + 1), j2 = j1 + 1
                    let w1 = weight(j1, size), w2 = weight(j2, size), w = w1 + w2
                    guard w > 0 else { continue }
                    let d = direction * ((j1 * w1 + j2 * w2) / w)
                    for k in coords.indices { shifted[k] = coords[k] + d }
                    let ahead = sample(0, shifted)
                    for k in coords.indices { shifted[k] = coords[k] - d }
                    let behind = sample(0, shifted)
                    for k in sum.indices { sum[k] += w * (ahead[k] + behind[k]) }
                    total += 2 * w
                }
                let scale = 1 / total
                for k in sum.indices { sum[k] *= scale }
                return sum
            },
            roi: { _, rect, args in
                // The farthest tap is 2·pairs away; one more texel for the bilinear read.
                let reach = Double(2 * Int(args.float(2)) + 1)
                let d = args.vec2(0)
                return rect.insetBy(dx: -reach * Double(abs(d.x)), dy: -reach * Double(abs(d.y)))
            }
        ).playing(.separableBlur)
    }

    enum Direction { case horizontal, vertical }

    /// Applies one pass; the extent grows by the farthest tap, 2·pairs, along the direction.
    static func apply(_ kernel: Kernel, to image: Image, direction: Direction, size: Double, pairs: Int, label: String)
        -> Image
    {
        let vector: SIMD2<Float> = direction == .horizontal ? SIMD2(1, 0) : SIMD2(0, 1)
        let reach = Double(2 * pairs)
        let extent =
            direction == .horizontal ? image.extent.insetBy(dx: -reach, dy: 0) : image.extent.insetBy(dx: 0, dy: -reach)
        return Image.make(
            kernel, [image], KernelArguments([.vec2(vector), .float(Float(size)), .float(Float(pairs))]),
            extent: extent, label: label)
    }
}
