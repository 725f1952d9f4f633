import Foundation
import IrisCore

/// The light's colour, estimated from the pixels that are most likely grey, and the CITemperatureAndTint
/// neutral that removes it.
///
/// Rule: pixels neither clipped (every component below 0.95 linear) nor black (luma above 0.01) are used.
/// A first estimate is their shades-of-grey mean (the 4-norm of each component). Three times over, the pixels
/// are seen under the current estimate, the tenth with the least chroma (the spread of log(r/g), log(b/g)) are
/// taken as grey, and the estimate becomes their luma-weighted mean colour. A light within `deadBand` of
/// D65 (distance in CIE 1960 u,v) is left alone, so a neutral picture is untouched.
struct WhiteBalanceAnalysis {
    /// The estimated light, linear RGB with green 1.
    let light: SIMD3<Double>
    /// CITemperatureAndTint's `inputNeutral` for that light.
    let temperature: Double, tint: Double
    /// Whether the light is far enough from D65 to correct.
    let isCast: Bool

    static let deadBand = 0.005
    static let greyShare = 0.1

    init(_ view: AnalysisView) {
        let usable = view.pixels.filter { p in
            max(p.x, max(p.y, p.z)) < 0.95 && WorkingSpaceLuma.luma(p) > 0.01 && min(p.x, min(p.y, p.z)) > 0.0005
        }
        var estimate = Self.shadesOfGrey(usable)
        if usable.count >= 16 {
            for _ in 0..<3 { estimate = Self.greyPixelMean(usable, under: estimate) }
        }
        light = estimate / estimate.y
        (temperature, tint) = LightNeutral.temperatureAndTint(ofLinearRGB: light)
        isCast = Self.distanceFromD65(temperature: temperature, tint: tint) > Self.deadBand
    }

    static func shadesOfGrey(_ pixels: [SIMD3<Float>]) -> SIMD3<Double> {
        guard !pixels.isEmpty else { return SIMD3(1, 1, 1) }
        var sum = SIMD3<Double>.zero
        for p in pixels { let d = SIMD3<Double>(p); sum += d * d * d * d }
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

    /// Distance in CIE 1960 (u, v) between the white of (temperature, tint) and D65's.
    static func distanceFromD65(temperature: Double, tint: Double) -> Double {
        func uv(_ white: SIMD3<Double>) -> SIMD2<Double> {
            let d = white.x + 15 * white.y + 3 * white.z
            return SIMD2(4 * white.x / d, 6 * white.y / d)
        }
        let a = uv(LightNeutral.whitePoint(temperature: temperature, tint: tint))
        let grey = AutoAdjustment.Neutral.grey
        let b = uv(LightNeutral.whitePoint(temperature: grey.temperature, tint: grey.tint))
        let d = a - b
        return (d.x * d.x + d.y * d.y).squareRoot()
    }
}
