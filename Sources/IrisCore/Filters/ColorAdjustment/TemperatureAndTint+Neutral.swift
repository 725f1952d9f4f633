/// The inverse of CITemperatureAndTint's white point: the (temperature, tint) pair whose white has the
/// chromaticity of a given linear RGB colour, so that `CITemperatureAndTint inputNeutral=[T tint]` (target
/// 6500 K, tint 0) turns that colour grey. Auto-adjustment's white balance uses it.
///
///     let (temperature, tint) = LightNeutral.temperatureAndTint(ofLinearRGB: SIMD3(1.0, 0.8, 0.6))
public enum LightNeutral {
    /// The pair nearest in CIE 1960 (u, v): the temperature of the closest point of the Planckian locus
    /// (1000…15000 K, as the filter holds it), the tint from the signed distance across the locus (× 3000,
    /// positive towards magenta), both as `WhiteBalance.whitePoint` builds them.
    public static func temperatureAndTint(ofLinearRGB rgb: SIMD3<Double>) -> (temperature: Double, tint: Double) {
        let xyz = WhiteBalance.rgbToXYZ.apply(rgb)
        let denominator = xyz.x + 15 * xyz.y + 3 * xyz.z
        guard denominator > 1e-12 else { return (6500, 0) }
        let u = 4 * xyz.x / denominator, v = 6 * xyz.y / denominator
        func distanceSquared(_ mired: Double) -> Double {
            let p = WhiteBalance.planckianUV(1e6 / mired)
            return (p.u - u) * (p.u - u) + (p.v - v) * (p.v - v)
        }
        // A scan in mireds (where the locus is evenly spaced), then a golden-section search around the best step.
        let low = 1e6 / 15000, high = 1e6 / 1000, steps = 200
        let step = (high - low) / Double(steps)
        var best = low
        for i in 0...steps where distanceSquared(low + Double(i) * step) < distanceSquared(best) { best = low + Double(i) * step }
        var a = max(low, best - step), b = min(high, best + step)
        let ratio = (5.0.squareRoot() - 1) / 2
        for _ in 0..<60 {
            let c = b - ratio * (b - a), d = a + ratio * (b - a)
            if distanceSquared(c) < distanceSquared(d) { b = d } else { a = c }
        }
        let temperature = 1e6 / ((a + b) / 2)
        let p = WhiteBalance.planckianUV(temperature)
        let before = WhiteBalance.planckianUV(temperature - 1), after = WhiteBalance.planckianUV(temperature + 1)
        let du = after.u - before.u, dv = after.v - before.v
        let length = (du * du + dv * dv).squareRoot()
        guard length > 0 else { return (temperature, 0) }
        let tint = ((u - p.u) * -dv / length + (v - p.v) * du / length) * 3000
        return (temperature, tint)
    }
}

extension LightNeutral {
    /// XYZ (Y = 1) of the white CITemperatureAndTint uses for (temperature, tint).
    public static func whitePoint(temperature: Double, tint: Double) -> SIMD3<Double> {
        WhiteBalance.whitePoint(temperature: temperature, tint: tint)
    }
}
