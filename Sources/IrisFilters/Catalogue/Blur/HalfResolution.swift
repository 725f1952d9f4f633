import IrisCore

extension BuiltInFilters {
    /// `image` at half the resolution: each pixel the mean of the 2×2 block under it, read as one bilinear
    /// sample at the block's centre. A general kernel rather than an affine scale of ½, so consecutive
    /// halvings are stored level by level instead of folding into one sparse sample of the full image.
    static func halved(_ image: Image, label: String) -> Image {
        let e = image.extent
        var extent = e
        if !e.isInfinite && !e.isEmpty {
            let x0 = (e.minX / 2).rounded(.down), y0 = (e.minY / 2).rounded(.down)
            extent = Rect(x: x0, y: y0, width: (e.maxX / 2).rounded(.up) - x0, height: (e.maxY / 2).rounded(.up) - y0)
        }
        return Image.make(halfResolutionKernel, [image], KernelArguments([]), extent: extent, label: label)
    }

    static let halfResolutionKernel = Kernel(
        general: "irisHalfResolution", parameters: [],
        glsl: """
            vec4 irisHalfResolution(vec2 dc) { return sample0(2.0 * dc); }
            """,
        cpu: { coords, sample, _ in
            sample(0, coords.map { 2 * $0 })
        },
        roi: { _, rect, _ in
            if rect.isInfinite { return rect }
            // The block under the rectangle, plus one texel for the bilinear read.
            return Rect(
                x: 2 * rect.minX - 1, y: 2 * rect.minY - 1, width: 2 * rect.width + 2, height: 2 * rect.height + 2)
        })
}
