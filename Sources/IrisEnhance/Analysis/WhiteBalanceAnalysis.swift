import Foundation
import IrisCore

/// The light's colour, estimated two ways, and the gains (CIWhitePointAdjust) that remove most of it.
///
/// Rule: of the pixels not clipped (every component below 0.95 linear) nor black (luma above 0.01):
/// - white patch: the mean colour of the brightest 1 % by luma (the brightest surfaces are taken to be white;
///   by luma, not per component, so a saturated red dress or a blue sky is not read as the light's red or blue);
/// - grey pixels: starting from their shades-of-grey mean (the 4-norm of each component), three times the
///   tenth with the least chroma under the current estimate are taken as grey, and their mean colour becomes
///   the estimate.
/// For red and for blue, the gain (green ÷ that component, as a logarithm) is the smaller of the two
/// estimates' when they agree in direction and none when they disagree, then shrunk towards 0 by
/// `deadBand` (0.15, a soft threshold): a light within 15 % of white is left alone, so a picture's own mood (a
/// warm room) survives. Measured on degraded real photos (docs/auto-enhance.md), this beat either estimate
/// alone, shades-of-grey and grey-world, both on casts and on photos left as they were. The light those gains
/// undo is then kept near the black bodies' locus (`LightLocus`): a one-colour backdrop fakes a green or
/// magenta light, which no lamp or sky gives.
///
/// A warm light over shadows lit by the sky is not a cast: when the estimates agree on a warm light but the
/// shadows lean to blue by at least `skyShadows` (0.4 in log(R/B), as a 9,000 K light would), by both the
/// mean of the darkest tenth (by luma) and the grey pixels of the darker half, the scene is lit by two lights,
/// as at dusk: the sun or lamps on the highlights and the blue sky in the shadows. There is no one cast to
/// undo, and removing the highlights' warmth would turn a sunset grey; nothing is corrected. A camera's cast
/// tints the shadows with the highlights. Either shadow estimate alone is fooled by the shadows' own
/// colours: the darkest tenth by luma is often a blue object (blue weighs least in luma), and under a strong
/// warm cast a blue object's pixels look grey. A flat picture's veil is taken off before its shadows are read.
struct WhiteBalanceAnalysis {
    /// Linear gains (green 1) to apply: the estimate's, with the light kept near the black bodies' locus
    /// (`LightLocus`).
    let gains: SIMD3<Double>
    /// The gains the two estimates agree on, before the locus: what the faces judge (`SkinGuard`).
    let estimatedGains: SIMD3<Double>
    /// Whether any gain is applied.
    let isCast: Bool

    static let deadBand = 0.15
    static let brightShare = 0.99, greyShare = 0.1
    static let shadowShare = 0.1, skyShadows = 0.4

    /// `black`: the picture's smallest component, sRGB-encoded (its veil); nil: the view's own, which a
    /// bilinear view can give but a Lanczos one, whose ringing undershoots at edges, cannot.
    init(_ view: AnalysisView, black: Double? = nil) {
        let usable = Self.usable(view.pixels)
        guard usable.count >= 16 else {
            gains = SIMD3(1, 1, 1)
            estimatedGains = gains
            isCast = false
            return
        }
        let white = Self.brightestMean(usable), grey = Self.greyPixels(usable)
        func logGain(_ light: SIMD3<Double>, _ channel: Int) -> Double { log(light.y / light[channel]) }
        func agreed(_ channel: Int) -> Double {
            let a = logGain(white, channel), b = logGain(grey, channel)
            guard a.isFinite, b.isFinite, a * b > 0 else { return 0 }
            let smaller = min(abs(a), abs(b))
            return (a > 0 ? 1 : -1) * max(0, smaller - Self.deadBand)
        }
        let agreedGains = SIMD3(exp(agreed(0)), 1, exp(agreed(2)))
        estimatedGains =
            Self.warmth(1 / agreedGains) > 0
                && Self.shadowsLitBySky(view, black: black ?? view.componentRange?.low ?? 0)
            ? SIMD3(1, 1, 1) : agreedGains
        let light = LightLocus.constrained(1 / estimatedGains)
        gains = SIMD3(1 / light.x, 1, 1 / light.z)
        isCast = gains != SIMD3(1, 1, 1)
    }

    /// The mean colour of the pixels whose luma is at or above the `brightShare` percentile.
    static func brightestMean(_ pixels: [SIMD3<Float>]) -> SIMD3<Double> {
        meanColour(of: pixels, lumaPercentile: brightShare, above: true)
    }

    /// The mean colour of the pixels whose luma is at or below the `shadowShare` percentile.
    static func darkestMean(_ pixels: [SIMD3<Float>]) -> SIMD3<Double> {
        meanColour(of: pixels, lumaPercentile: shadowShare, above: false)
    }

    static func meanColour(of pixels: [SIMD3<Float>], lumaPercentile share: Double, above: Bool) -> SIMD3<Double> {
        let luma = pixels.map(WorkingSpaceLuma.luma)
        let cut = Float(Perceptual.percentile(luma, share))
        var sum = SIMD3<Double>.zero, count = 0.0
        for (p, y) in zip(pixels, luma) where above ? y >= cut : y <= cut {
            sum += SIMD3<Double>(p)
            count += 1
        }
        return sum / max(1, count)
    }

    /// Neither clipped nor black: the pixels whose colour says something of the light.
    static func usable(_ pixels: [SIMD3<Float>]) -> [SIMD3<Float>] {
        pixels.filter { p in
            max(p.x, max(p.y, p.z)) < 0.95 && WorkingSpaceLuma.luma(p) > 0.01 && min(p.x, min(p.y, p.z)) > 0.0005
        }
    }

    /// Whether both shadow estimates lean to blue by `skyShadows` or more. A veil (a black above
    /// `ToneAnalysis.blackLimit`, which the tone step will remove) is taken off first: its grey would hide the
    /// shadows' colour.
    static func shadowsLitBySky(_ view: AnalysisView, black veil: Double) -> Bool {
        var pixels = view.pixels
        if veil > ToneAnalysis.blackLimit {
            let black = Float(veil)
            pixels = pixels.map { p in
                func lifted(_ v: Float) -> Float {
                    TransferFunction.sRGBToLinear(max(0, (TransferFunction.linearToSRGB(v) - black) / (1 - black)))
                }
                return SIMD3(lifted(p.x), lifted(p.y), lifted(p.z))
            }
        }
        let shadows = usable(pixels)
        let median = Float(Perceptual.percentile(shadows.map(WorkingSpaceLuma.luma), 0.5))
        let darkerHalf = shadows.filter { WorkingSpaceLuma.luma($0) < median }
        guard darkerHalf.count >= 16 else { return false }
        return warmth(darkestMean(shadows)) <= -skyShadows && warmth(greyPixels(darkerHalf)) <= -skyShadows
    }

    /// The grey pixels' estimate: from the shades-of-grey mean, three rounds of the `greyShare` with the least
    /// chroma under the current estimate.
    static func greyPixels(_ pixels: [SIMD3<Float>]) -> SIMD3<Double> {
        var grey = shadesOfGrey(pixels)
        for _ in 0..<3 { grey = greyPixelMean(pixels, under: grey) }
        return grey
    }

    /// How far a light leans to red (positive) or to blue (negative): log(R/B), 0 for white.
    static func warmth(_ light: SIMD3<Double>) -> Double { log(light.x / light.z) }

    static func shadesOfGrey(_ pixels: [SIMD3<Float>]) -> SIMD3<Double> {
        var sum = SIMD3<Double>.zero
        for p in pixels {
            let d = SIMD3<Double>(p)
            sum += d * d * d * d
        }
        let mean = sum / Double(pixels.count)
        return SIMD3(pow(mean.x, 0.25), pow(mean.y, 0.25), pow(mean.z, 0.25))
    }

    static func greyPixelMean(_ pixels: [SIMD3<Float>], under light: SIMD3<Double>) -> SIMD3<Double> {
        let gains = SIMD3<Float>(Float(light.y / light.x), 1, Float(light.y / light.z))
        let chroma = pixels.map { p -> Float in
            let c = p * gains
            let a = logf(c.x / c.y), b = logf(c.z / c.y)
            return a * a + b * b
        }
        let cut = chroma.sorted()[max(0, Int(Double(chroma.count) * greyShare) - 1)]
        var sum = SIMD3<Double>.zero
        for (p, c) in zip(pixels, chroma) where c <= cut { sum += SIMD3<Double>(p) }
        return sum.y > 0 ? sum : light
    }
}
