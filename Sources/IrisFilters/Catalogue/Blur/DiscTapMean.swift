import IrisCore

/// What the disc-shaped blurs (CIDiscBlur, CIBokehBlur) share on both renderers: the weighted mean of taps
/// on a square grid (spacing `step`, `reach` taps each side of the centre), weighted by the tap's offset.
enum DiscTapMean {
    /// The GLSL function body: `weight` is statements that set `float w` from the tap's offset `vec2 o`,
    /// reading the function's `radius`, `stride` (the step) and `reach` parameters as it needs.
    static func glslMean(weight: String) -> String {
        let bound = BuiltInFilters.discMaximumReach
        let indentedWeight = weight.split(separator: "\n").map { "            " + $0 }.joined(separator: "\n")
        return """
                vec4 sum = vec4(0.0);
                float total = 0.0;
                for (int j = -\(bound); j <= \(bound); j++) {
                    if (abs(float(j)) > reach) continue;
                    for (int i = -\(bound); i <= \(bound); i++) {
                        if (abs(float(i)) > reach) continue;
                        vec2 o = vec2(float(i), float(j)) * stride;
            \(indentedWeight)
                        if (w > 0.0) {
                            sum += w * sample0(dc + o);
                            total += w;
                        }
                    }
                }
                return sum / total;
            """
    }

    static func mean(
        _ coords: [SIMD2<Float>], _ sample: (Int, [SIMD2<Float>]) -> [SIMD4<Float>], step: Float, reach: Int,
        weight: (SIMD2<Float>) -> Float
    ) -> [SIMD4<Float>] {
        var sum = [SIMD4<Float>](repeating: .zero, count: coords.count)
        var total: Float = 0
        var shifted = coords
        for j in -reach...reach {
            for i in -reach...reach {
                let o = SIMD2(Float(i), Float(j)) * step
                let w = weight(o)
                guard w > 0 else { continue }
                for k in coords.indices { shifted[k] = coords[k] + o }
                let values = sample(0, shifted)
                for k in sum.indices { sum[k] += w * values[k] }
                total += w
            }
        }
        let scale = 1 / total
        for k in sum.indices { sum[k] *= scale }
        return sum
    }

    /// Arguments 1 and 2 are the step and the reach: the farthest tap, plus a texel for the bilinear read.
    static let roi: Kernel.ROI = { _, rect, args in
        let reach = Double(args.float(2) * args.float(1)) + 1
        return rect.insetBy(dx: -reach, dy: -reach)
    }
}
