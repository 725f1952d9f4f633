import Foundation
import IrisCore

/// Exposure and contrast, as the five points of a CIToneCurve, from the luma percentiles of the
/// (white-balanced) picture in perceptual space.
///
/// Rule, with lo the 0.5th percentile of perceptual luma and hi the 99.5th percentile of the brightest
/// component (so saturated colours count as bright):
/// - Stretch: when hi < 0.90 the picture does not reach white (under-exposed, or flat): hi is mapped to 0.98.
///   When lo > 0.10 its blacks are grey (flat, or over-exposed): lo is mapped to 0.03. Between, linearly.
/// - Mid-tones: when the stretched median luma m lies outside 0.22…0.68, a gamma γ = log 0.45 / log m
///   (held to 0.5…2.2) brings it to 0.45; white stays white, so clipped highlights stay white.
/// A picture that needs neither is left alone (no CIToneCurve). The curve is sampled at five points
/// spread towards black, where a gamma bends most.
struct ToneAnalysis {
    let black: Double, white: Double
    let blackTarget: Double, whiteTarget: Double
    let gamma: Double

    init(_ tone: AutoAdjustment.Tone) {
        black = tone.black; white = tone.white; blackTarget = tone.blackTarget; whiteTarget = tone.whiteTarget; gamma = tone.gamma
    }

    var tone: AutoAdjustment.Tone {
        AutoAdjustment.Tone(black: black, white: white, blackTarget: blackTarget, whiteTarget: whiteTarget, gamma: gamma)
    }

    static let whiteLimit = 0.90, whiteGoal = 0.98
    static let blackLimit = 0.10, blackGoal = 0.03
    static let medianBand = 0.22...0.68, medianGoal = 0.45

    init(_ view: AnalysisView) {
        let luma = view.pixels.map { Perceptual.of(WorkingSpaceLuma.luma($0)) }
        let brightest = view.pixels.map { Perceptual.of(max($0.x, max($0.y, $0.z))) }
        let lo = Perceptual.percentile(luma, 0.005), hi = Perceptual.percentile(brightest, 0.995)
        let stretchWhite = hi < Self.whiteLimit && hi > 0.05, stretchBlack = lo > Self.blackLimit
        white = stretchWhite ? hi : 1; whiteTarget = stretchWhite ? Self.whiteGoal : 1
        black = stretchBlack ? lo : 0; blackTarget = stretchBlack ? Self.blackGoal : 0
        let (b, w, bt, wt) = (black, white, blackTarget, whiteTarget)
        let stretched = luma.map { Float(min(1, max(0, bt + (Double($0) - b) * (wt - bt) / (w - b)))) }
        let median = Perceptual.percentile(stretched, 0.5)
        if Self.medianBand.contains(median) || median <= 0.01 || median >= 0.99 {
            gamma = 1
        } else {
            gamma = min(2.2, max(0.5, log(Self.medianGoal) / log(median)))
        }
    }

    var isIdentity: Bool { black == 0 && white == 1 && blackTarget == 0 && whiteTarget == 1 && gamma == 1 }

    /// The curve's value at perceptual x.
    func map(_ x: Double) -> Double {
        let s = blackTarget + (x - black) * (whiteTarget - blackTarget) / (white - black)
        return s > 0 && s < 1 ? pow(s, gamma) : s
    }

    /// The five CIToneCurve points (x, y), each rounded to 1/10000 so the printed filter is the same filter.
    func points() -> [(Double, Double)] {
        [0, 0.1, 0.3, 0.6, 1].map { u in
            let x = black + (white - black) * u
            return (AutoAdjustment.rounded(x), AutoAdjustment.rounded(map(x)))
        }
    }
}
