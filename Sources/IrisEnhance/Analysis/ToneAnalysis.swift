import Foundation
import IrisCore
import IrisFilters

/// Exposure and contrast, as Core Image filters, from the picture's extremes (each channel's smallest and
/// largest value over every pixel, `ChannelExtremes`, in sRGB-encoded values) and its median.
///
/// Rule, with lo the smallest component anywhere and hi the largest, both after the white balance, and raw
/// the largest before it:
/// - Exposure: when raw < 0.98 and lo ≤ 0.06 the picture has black but no white. Far short of white (hi ≤
///   0.7, more than about 1.2 EV) it was under-exposed, and linear light is multiplied by 1 / linear(hi) (what
///   an exposure does, undone exactly), at most by 4 (+2 EV). A little short (hi ≥ 0.8) it is a scene without
///   a white, or one whose brightest part (a face) is in shadow, and hi becomes white linearly in sRGB values
///   (levels, as ImageMagick's `-auto-level`), which lifts the shadows less than an exposure. Between the two
///   the curve moves from one to the other: a gain g = (1 / linear(hi))^(1 − t), then levels to white at
///   sRGB(g · linear(hi)), with t going from 0 at 0.7 to 1 at 0.8. Raw, not hi, says whether the picture
///   reached white: a balance that pulls a clipped channel down leaves a picture that was exposed right.
/// - Levels: when lo > 0.06 the blacks are grey (a flat or hazy picture): lo becomes black and, if hi < 0.94,
///   hi becomes white, linearly in sRGB values, as ImageMagick's `-auto-level` does. A picture that reaches
///   white and has no pixel below 0.3 is taken as high-key (a white background, a bright scene) and kept.
/// - Over-exposure: when more than 5 % of the pixels are clipped (largest component ≥ 0.98) and the
///   levelled median luma is above 0.62, a gamma γ = log 0.5 / log median (at most 2) brings it to 0.5; white
///   stays white.
/// A picture that reaches both black and white, and is not clipped, is left alone. An exposure alone is a
/// straight line in CIToneCurve's perceptual space, which its five points draw exactly. Levels and a gamma are
/// not: there a levels map rises from black like a square root, which five points miss by up to a code value,
/// so the rule is drawn exactly in sRGB values instead (`filters`).
struct ToneAnalysis {
    /// Linear gain first, then levels (black, white) and gamma on sRGB values.
    let exposure: Double, black: Double, white: Double, gamma: Double

    static let whiteLimit = 0.94, blackLimit = 0.06, highKeyBlack = 0.3
    /// Short of this before the white balance, a picture with a black is brightened.
    static let exposedWhite = 0.98
    /// Where the brightening moves from an exposure (at or below `exposureBelow`) to levels (from
    /// `levelsAbove`).
    static let exposureBelow = 0.7, levelsAbove = 0.8
    /// +2 EV at most: a nearly black frame (a fade, a covered lens) is not turned into amplified noise.
    static let maximumExposure = 4.0
    static let clippedShare = 0.05, brightMedian = 0.62, medianGoal = 0.5

    init(_ tone: AutoAdjustment.Tone) {
        exposure = tone.exposure
        black = tone.black
        white = tone.white
        gamma = tone.gamma
    }

    var tone: AutoAdjustment.Tone { AutoAdjustment.Tone(exposure: exposure, black: black, white: white, gamma: gamma) }

    /// `lo`, `hi`: the picture's extremes (sRGB-encoded) after the white balance; `raw`: its largest component
    /// before it; `view` gives the median and the clipped share.
    init(lo: Double, hi: Double, raw: Double, view: AnalysisView) {
        var exposure = 1.0, black = 0.0, white = 1.0
        if hi - lo >= 0.1 {
            if lo > Self.blackLimit && (hi < Self.whiteLimit || lo < Self.highKeyBlack) {
                black = lo
                white = hi < Self.whiteLimit ? hi : 1
            } else if raw < Self.exposedWhite && hi < 1 {
                let t = min(1, max(0, (hi - Self.exposureBelow) / (Self.levelsAbove - Self.exposureBelow)))
                let linear = Double(TransferFunction.sRGBToLinear(Float(hi)))
                exposure = min(Self.maximumExposure, pow(1 / linear, 1 - t))
                // A pure exposure keeps its cap: a frame far too dark is not stretched to white.
                white = t == 0 ? 1 : Double(TransferFunction.linearToSRGB(Float(min(1, linear * exposure))))
            }
        }
        self.exposure = exposure
        self.black = black
        self.white = white
        let luma = view.pixels.map { TransferFunction.linearToSRGB(WorkingSpaceLuma.luma($0)) }
        let clipped =
            Double(view.pixels.filter { max($0.x, max($0.y, $0.z)) >= 0.98 }.count) / Double(max(1, view.pixels.count))
        let median = Perceptual.percentile(luma, 0.5)
        let levelled = (median - black) / (white - black)
        gamma =
            clipped > Self.clippedShare && levelled > Self.brightMedian && levelled < 1
            ? min(2, log(Self.medianGoal) / log(levelled)) : 1
    }

    var isIdentity: Bool { exposure == 1 && black == 0 && white == 1 && gamma == 1 }

    /// The curve's value at perceptual x (p = √linear), as CIToneCurve sees it.
    func map(_ x: Double) -> Double {
        let linear = max(0, x) * max(0, x) * exposure
        var s = (Double(TransferFunction.linearToSRGB(Float(min(linear, 1)))) - black) / (white - black)
        if s > 0 && s < 1 { s = pow(s, gamma) }
        return Double(TransferFunction.sRGBToLinear(Float(min(max(s, 0), 1)))).squareRoot()
    }

    /// The perceptual input at which the curve leaves black and reaches white.
    var domain: (low: Double, high: Double) {
        func input(_ encoded: Double) -> Double {
            (Double(TransferFunction.sRGBToLinear(Float(encoded))) / exposure).squareRoot()
        }
        return (input(black), input(white))
    }

    /// The rule as Core Image filters, every value rounded to 1/10000 so the printed filters are the same
    /// filters: a CIToneCurve for an exposure alone; otherwise CIExposureAdjust for the gain, then between
    /// CILinearToSRGBToneCurve and CISRGBToneCurveToLinear the levels as a CIColorMatrix and CIGammaAdjust for
    /// the gamma, each left out when it does nothing. Nothing clips inside the chain: values beyond black and
    /// white follow the straight line (the sRGB curves and the gamma are odd functions) and are clipped where
    /// the picture is written, the same bytes as clipping first unless a shadow lift follows (it then sees the
    /// few pixels beyond black as darker than black; the enhance set's backlit faces scored the same). A clip
    /// inside would be a corner that a colour cube's grid cannot follow, and a live chain left unbaked renders
    /// its kernels at every pixel.
    ///
    ///     ToneAnalysis(.init(black: 0.2, white: 0.8)).filters.map(\.name)
    ///     // ["CILinearToSRGBToneCurve", "CIColorMatrix", "CISRGBToneCurveToLinear"]
    var filters: [FilterSpec] {
        let r = AutoAdjustment.rounded
        if black == 0 && white == 1 && gamma == 1 {
            var parameters: [String: FilterValue] = [:]
            for (i, point) in sampledPoints().enumerated() {
                parameters["inputPoint\(i)"] = .vector([r(point.0), r(point.1)])
            }
            return [FilterSpec(name: "CIToneCurve", parameters: parameters)]
        }
        var specs: [FilterSpec] = []
        if r(log2(exposure)) != 0 {
            specs.append(FilterSpec(name: "CIExposureAdjust", parameters: ["inputEV": .number(r(log2(exposure)))]))
        }
        specs.append(FilterSpec(name: "CILinearToSRGBToneCurve", parameters: [:]))
        if black != 0 || white != 1 {
            let scale = r(1 / (white - black)), bias = r(-black / (white - black))
            var parameters: [String: FilterValue] = [
                "inputRVector": .vector([scale, 0, 0, 0]), "inputGVector": .vector([0, scale, 0, 0]),
                "inputBVector": .vector([0, 0, scale, 0])
            ]
            if bias != 0 { parameters["inputBiasVector"] = .vector([bias, bias, bias, 0]) }
            specs.append(FilterSpec(name: "CIColorMatrix", parameters: parameters))
        }
        if gamma != 1 { specs.append(FilterSpec(name: "CIGammaAdjust", parameters: ["inputPower": .number(r(gamma))])) }
        specs.append(FilterSpec(name: "CISRGBToneCurveToLinear", parameters: [:]))
        return specs
    }

    /// Points on the curve at 0, 2, 10, 40 and 100 % of the way from where it leaves black to where it
    /// reaches white: for an exposure alone, CIToneCurve's points, exact (a straight line).
    func sampledPoints() -> [(Double, Double)] {
        let (low, high) = domain
        return [0, 0.02, 0.1, 0.4, 1].map { u in
            let x = low + (high - low) * u
            return (x, map(x))
        }
    }
}
