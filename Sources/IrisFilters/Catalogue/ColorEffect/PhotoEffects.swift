import IrisCore

extension BuiltInFilters {
    /// The CIPhotoEffect family. Apple does not publish these looks; each of Iris's is a colour matrix on
    /// linear working-space colour (saturation about Rec.709 luma, then per-channel gains; it folds with
    /// neighbouring matrices), then, unless it is the identity, a tone curve through five points in
    /// perceptual (gamma 2) space — the same monotone spline as CIToneCurve. The looks:
    ///
    /// | filter | saturation | gains (r, g, b) | curve outputs at 0, ¼, ½, ¾, 1 |
    /// |---|---|---|---|
    /// | Chrome (exaggerated colour) | 1.25 | 1, 1, 1 | 0, 0.21, 0.5, 0.79, 1 |
    /// | Fade (diminished colour) | 0.65 | 1, 1, 1 | 0.12, 0.31, 0.52, 0.73, 0.94 |
    /// | Instant (warm instant film) | 0.85 | 1.06, 1, 0.86 | 0.06, 0.29, 0.53, 0.77, 0.97 |
    /// | Mono (low-contrast black and white) | 0 | 1, 1, 1 | 0.06, 0.28, 0.5, 0.72, 0.94 |
    /// | Noir (high-contrast black and white) | 0 | 1, 1, 1 | 0, 0.14, 0.5, 0.86, 1 |
    /// | Process (cool) | 1.1 | 0.9, 1, 1.12 | 0.04, 0.24, 0.5, 0.77, 0.98 |
    /// | Tonal (black and white, contrast kept) | 0 | 1, 1, 1 | identity |
    /// | Transfer (warm) | 1.1 | 1.12, 1, 0.88 | 0.03, 0.27, 0.52, 0.76, 0.98 |
    ///
    /// Core Image's newer `inputExtrapolate` input is not offered.
    struct PhotoEffectLook: Sendable {
        let saturation: Double
        let gains: SIMD3<Double>
        /// Outputs of the curve at inputs 0, ¼, ½, ¾, 1 (perceptual).
        let curve: [Double]

        var matrix: ColorMatrix {
            let grey = WorkingSpaceLuma.greyRows
            let rows = (0..<3).map { r in
                (0..<3).map { c in gains[r] * ((1 - saturation) * grey[r][c] + saturation * (r == c ? 1 : 0)) }
            }
            return ColorMatrix(rgb: rows)
        }
        var curvePoints: [(Double, Double)] { curve.enumerated().map { (Double($0.offset) / 4, $0.element) } }
        var curveIsIdentity: Bool { curvePoints.allSatisfy { $0.0 == $0.1 } }
    }

    static let photoEffectLooks: [(name: String, display: String, summary: String, look: PhotoEffectLook)] = [
        (
            "CIPhotoEffectChrome", "Photo Effect Chrome",
            "Applies a preconfigured set of effects that imitate vintage photography film with exaggerated color.",
            PhotoEffectLook(saturation: 1.25, gains: SIMD3(1, 1, 1), curve: [0, 0.21, 0.5, 0.79, 1])
        ),
        (
            "CIPhotoEffectFade", "Photo Effect Fade",
            "Applies a preconfigured set of effects that imitate vintage photography film with diminished color.",
            PhotoEffectLook(saturation: 0.65, gains: SIMD3(1, 1, 1), curve: [0.12, 0.31, 0.52, 0.73, 0.94])
        ),
        (
            "CIPhotoEffectInstant", "Photo Effect Instant",
            "Applies a preconfigured set of effects that imitate vintage photography film with distorted colors.",
            PhotoEffectLook(saturation: 0.85, gains: SIMD3(1.06, 1, 0.86), curve: [0.06, 0.29, 0.53, 0.77, 0.97])
        ),
        (
            "CIPhotoEffectMono", "Photo Effect Mono",
            "Applies a preconfigured set of effects that imitate black-and-white photography film with low contrast.",
            PhotoEffectLook(saturation: 0, gains: SIMD3(1, 1, 1), curve: [0.06, 0.28, 0.5, 0.72, 0.94])
        ),
        (
            "CIPhotoEffectNoir", "Photo Effect Noir",
            "Applies a preconfigured set of effects that imitate black-and-white photography film with exaggerated contrast.",
            PhotoEffectLook(saturation: 0, gains: SIMD3(1, 1, 1), curve: [0, 0.14, 0.5, 0.86, 1])
        ),
        (
            "CIPhotoEffectProcess", "Photo Effect Process",
            "Applies a preconfigured set of effects that imitate vintage photography film with emphasized cool colors.",
            PhotoEffectLook(saturation: 1.1, gains: SIMD3(0.9, 1, 1.12), curve: [0.04, 0.24, 0.5, 0.77, 0.98])
        ),
        (
            "CIPhotoEffectTonal", "Photo Effect Tonal",
            "Applies a preconfigured set of effects that imitate black-and-white photography film without significantly altering contrast.",
            PhotoEffectLook(saturation: 0, gains: SIMD3(1, 1, 1), curve: [0, 0.25, 0.5, 0.75, 1])
        ),
        (
            "CIPhotoEffectTransfer", "Photo Effect Transfer",
            "Applies a preconfigured set of effects that imitate vintage photography film with emphasized warm colors.",
            PhotoEffectLook(saturation: 1.1, gains: SIMD3(1.12, 1, 0.88), curve: [0.03, 0.27, 0.52, 0.76, 0.98])
        )
    ]

    static let photoEffects: [FilterDescriptor] = photoEffectLooks.map { entry in
        FilterDescriptor(
            name: entry.name, displayName: entry.display,
            categories: [
                FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced,
                FilterCategory.nonSquarePixels,
                FilterCategory.stillImage, FilterCategory.builtIn
            ],
            summary: entry.summary,
            inputs: [.image],
            build: { args throws(FilterError) in
                let look = entry.look
                let graded = try args.image("inputImage").applyingColorMatrix(look.matrix, label: entry.name)
                return look.curveIsIdentity
                    ? graded : toneCurveImage(graded, points: look.curvePoints, label: entry.name)
            })
    }
}
