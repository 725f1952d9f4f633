/// The CPU side shared by the disc-shaped blurs (CIDiscBlur, CIBokehBlur): the weighted mean of taps on a
/// square grid (spacing `step`, `reach` taps each side of the centre), weighted by the tap's offset.
enum DiscTapMean {
    static func mean(_ coords: [SIMD2<Float>], _ sample: (Int, [SIMD2<Float>]) -> [SIMD4<Float>], step: Float, reach: Int,
                     weight: (SIMD2<Float>) -> Float) -> [SIMD4<Float>] {
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
