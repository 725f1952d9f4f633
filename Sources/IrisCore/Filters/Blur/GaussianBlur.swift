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
            // The upper bound keeps the pass count finite (see `gaussianPlan`); Core Image states none.
            FilterInputDescriptor("inputRadius", .distance, default: .number(10), range: 0...500, slider: 0...100,
                                  summary: "The standard deviation of the Gaussian, in pixels."),
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            gaussianBlurred(try args.image("inputImage"), sigma: try args.number("inputRadius"))
        })

    /// The blur CIGaussianBlur applies, for the filters built on it (unsharp mask, bloom, ...).
    static func gaussianBlurred(_ image: Image, sigma: Double, label: String = "CIGaussianBlur") -> Image {
        guard let plan = gaussianPlan(sigma: sigma) else { return image }
        var out = image
        for direction in [SeparableBlurPass.Direction.horizontal, .vertical] {
            for _ in 0..<plan.passesPerDirection {
                out = SeparableBlurPass.apply(gaussianKernel, to: out, direction: direction, size: plan.sigma,
                                              pairs: plan.pairs, label: label)
            }
        }
        // Split passes reach 3σ·√k in total; beyond 3σ the values are too small to matter and too small
        // for half-float intermediates, where the two renderers would disagree about them. Core Image's
        // extent grows by 3σ too.
        if plan.passesPerDirection > 1 {
            let reach = (3 * sigma).rounded(.up)
            out = out.cropped(to: image.extent.insetBy(dx: -reach, dy: -reach))
        }
        return out
    }

    /// Blurs `image` with its edge pixels extended and crops back to its extent, the clamp → blur → crop
    /// idiom of the filters that combine an image with its own blur.
    static func edgeExtendedGaussian(_ image: Image, sigma: Double, label: String) -> Image {
        gaussianBlurred(image.clampedToExtent(), sigma: sigma, label: label).cropped(to: image.extent)
    }

    /// Taps reach ⌈3σ⌉. One pass holds σ up to 40 (120 taps a side, 60 pairs). A larger σ is split into k
    /// equal passes per direction with σ/√k each, since Gaussians compose: σ² = σ1² + σ2². Nil when σ is
    /// too small to move any weight (the input is returned unchanged).
    static func gaussianPlan(sigma: Double) -> (sigma: Double, pairs: Int, passesPerDirection: Int)? {
        guard sigma >= 0.05 else { return nil }
        let maximumSigmaPerPass = 40.0
        let passes = Int(((sigma / maximumSigmaPerPass) * (sigma / maximumSigmaPerPass)).rounded(.up))
        let k = max(passes, 1)
        let passSigma = sigma / Double(k).squareRoot()
        let reach = Int((3 * passSigma).rounded(.up))
        return (passSigma, (reach + 1) / 2, k)
    }

    static let gaussianKernel = SeparableBlurPass.kernel(
        name: "irisGaussianBlur", weightGLSL: { j in "exp(-0.5 * \(j) * \(j) / (size * size))" },
        weight: { j, size in Float.exp(-0.5 * j * j / (size * size)) })
}

import RealModule
