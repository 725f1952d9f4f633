import IrisCore

extension BuiltInFilters {
    /// CIGaussianBlur: a Gaussian with σ = `inputRadius` pixels, as two separable passes (horizontal, then
    /// vertical). Like Core Image it clamps nothing: the extent grows by about 3σ and transparent black bleeds
    /// in at the edges unless the input was clamped to its extent first.
    static let gaussianBlur = FilterDescriptor(
        name: "CIGaussianBlur", displayName: "Gaussian Blur",
        categories: [FilterCategory.blur, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Spreads source pixels by an amount specified by a Gaussian distribution.",
        inputs: [
            .image,
            // Core Image states no upper bound; past σ = 40 the cost shrinks with σ (see `gaussianPlan`), so
            // the bound is only where results stop being useful: 3σ reaches 1500 px past each edge.
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(10), range: 0...500, slider: 0...100,
                summary: "The standard deviation of the Gaussian, in pixels.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            gaussianBlurred(try args.image("inputImage"), sigma: try args.number("inputRadius"))
        })

    /// The blur CIGaussianBlur applies, for the filters built on it (unsharp mask, bloom, ...).
    ///
    /// σ up to 40 is one separable pass per direction at full resolution. A larger σ is blurred at a lower
    /// resolution, as Core Image does: the image is halved `levels` times (2×2 means), blurred there with
    /// σ' = √(σ² − V)/2^levels, where V is the variance the halvings and the bilinear upsampling add
    /// themselves, and scaled back up. Time and memory then shrink with σ instead of growing with σ².
    static func gaussianBlurred(_ image: Image, sigma: Double, label: String = "CIGaussianBlur") -> Image {
        guard let plan = gaussianPlan(sigma: sigma) else { return image }
        var out = image
        for _ in 0..<plan.levels { out = halved(out, label: label) }
        for direction in [SeparableBlurPass.Direction.horizontal, .vertical] {
            out = SeparableBlurPass.apply(
                gaussianKernel, to: out, direction: direction, size: plan.sigma,
                pairs: plan.pairs, label: label)
        }
        guard plan.levels > 0 else { return out }
        let scale = Double(1 << plan.levels)
        out = out.transformed(by: AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0), label: label)
        // Core Image's extent grows by 3σ; beyond it the values are too small to matter, and the low
        // resolution blur's own reach, scaled up, would overshoot it.
        let reach = (3 * sigma).rounded(.up)
        return out.cropped(to: image.extent.insetBy(dx: -reach, dy: -reach))
    }

    /// Blurs `image` with its edge pixels extended and crops back to its extent, the clamp → blur → crop
    /// idiom of the filters that combine an image with its own blur.
    static func edgeExtendedGaussian(_ image: Image, sigma: Double, label: String) -> Image {
        gaussianBlurred(image.clampedToExtent(), sigma: sigma, label: label).cropped(to: image.extent)
    }

    /// Taps reach ⌈3σ⌉; one pass holds σ up to 40 (120 taps a side, 60 pairs). A larger σ is blurred after
    /// `levels` halvings, with the smallest level count that brings σ' to 24 or less (so σ' stays above 12,
    /// where a sampled Gaussian is still smooth). Nil when σ is too small to move any weight (the input is
    /// returned unchanged).
    static func gaussianPlan(sigma: Double) -> (sigma: Double, pairs: Int, levels: Int)? {
        guard sigma >= 0.05 else { return nil }
        var levels = 0, passSigma = sigma
        if sigma > 40 {
            levels = Int(Double.log2(sigma / 24).rounded(.up))
            let scale = Double(1 << levels)
            passSigma = (sigma * sigma - pyramidVariance(levels: levels)).squareRoot() / scale
        }
        let reach = Int((3 * passSigma).rounded(.up))
        return (passSigma, (reach + 1) / 2, levels)
    }

    /// The variance, in full-resolution pixels², that `levels` 2×2 halvings (0.25 each, in the pixels of
    /// the level they read) and the bilinear upsampling by 2^levels (a tent: s²/6) add by themselves.
    static func pyramidVariance(levels: Int) -> Double {
        let scale = Double(1 << levels)
        let halvings = 0.25 * (scale * scale - 1) / 3
        return halvings + scale * scale / 6
    }

    static let gaussianKernel = SeparableBlurPass.kernel(
        name: "irisGaussianBlur", weightGLSL: { j in "exp(-0.5 * \(j) * \(j) / (size * size))" },
        weight: { j, size in Float.exp(-0.5 * j * j / (size * size)) })
}

import RealModule
