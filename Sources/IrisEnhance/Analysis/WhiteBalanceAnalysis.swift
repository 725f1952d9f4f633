import Foundation
import IrisCore

/// The light's colour, estimated from the picture's brightest unclipped colours, and the gains
/// (CIWhitePointAdjust) that remove most of it.
///
/// Rule: of the pixels not clipped (every component below 0.95 linear), the 99th percentile of each component
/// is taken as the light's colour (white patch: the brightest surfaces are taken to be white). Its gains,
/// green ÷ red and green ÷ blue, are applied as logarithms shrunk towards 0 by `deadBand` (0.15, a soft
/// threshold): a light within 15 % of white is left alone, so a picture's own mood (a warm room) survives,
/// and a strong cast is removed but for that 15 %. Measured on degraded real photos (docs/auto-enhance.md),
/// this beat grey-pixel, shades-of-grey and grey-world estimates both on casts and on photos left as they were.
struct WhiteBalanceAnalysis {
    /// The estimated light, linear RGB with green 1.
    let light: SIMD3<Double>
    /// Linear gains (green 1) to apply.
    let gains: SIMD3<Double>
    /// Whether any gain is applied.
    let isCast: Bool

    static let deadBand = 0.15
    static let brightShare = 0.99

    init(_ view: AnalysisView) {
        let usable = view.pixels.filter { p in max(p.x, max(p.y, p.z)) < 0.95 }
        if usable.count >= 16 {
            let r = Perceptual.percentile(usable.map(\.x), Self.brightShare), g = Perceptual.percentile(usable.map(\.y), Self.brightShare)
            let b = Perceptual.percentile(usable.map(\.z), Self.brightShare)
            light = r > 0 && g > 0 && b > 0 ? SIMD3(r / g, 1, b / g) : SIMD3(1, 1, 1)
        } else {
            light = SIMD3(1, 1, 1)
        }
        func shrunk(_ gain: Double) -> Double {
            let l = log(gain)
            return exp(l > 0 ? max(0, l - Self.deadBand) : min(0, l + Self.deadBand))
        }
        gains = SIMD3(shrunk(1 / light.x), 1, shrunk(1 / light.z))
        isCast = gains != SIMD3(1, 1, 1)
    }
}
