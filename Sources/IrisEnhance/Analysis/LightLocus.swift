import Foundation
import IrisFilters

/// The lights a white balance may take a cast for: black bodies from 1,700 K to 15,000 K (candle, tungsten,
/// sun, shade, blue sky), seen by a camera balanced for 6,500 K, plus a small tint either side.
///
/// Rule: a light is a point (log R/G, log B/G); the locus is the polyline of the black bodies' points, every
/// 10 mired, each less 6,500 K's, so white light is the origin. An estimate is moved to the nearest point of
/// the locus plus at most `tolerance` (0.05, about 5 % of gain) of what lay off it. A backdrop or a dress of one
/// colour (a blue wall, a green mask) pulls both estimates off the locus, towards magenta or green, where no
/// lamp or sky lies: that part is not corrected. An estimate further from the locus than the nearest point
/// of the locus is from white light is mostly such a colour, and then what lies along the locus is no more
/// the light's than the rest: white light is kept (no correction). Cameras' automatic white balance keeps to
/// the same locus.
enum LightLocus {
    static let tolerance = 0.05

    static let points: [SIMD2<Double>] = {
        func logRatios(_ temperature: Double) -> SIMD2<Double> {
            let rgb = BlackBodyLight.linearRGB(temperature: temperature)
            return SIMD2(log(rgb.x / rgb.y), log(rgb.z / rgb.y))
        }
        let white = logRatios(6500)
        return stride(from: 1_000_000 / 1700.0, through: 1_000_000 / 15000.0, by: -10).map {
            logRatios(1_000_000 / $0) - white
        }
    }()

    /// `light` (linear RGB, any scale) moved onto the locus but for `tolerance`, green 1; white (1, 1, 1)
    /// when it lies further off the locus than along it.
    static func constrained(_ light: SIMD3<Double>) -> SIMD3<Double> {
        guard light.x > 0, light.y > 0, light.z > 0 else { return light }
        let point = SIMD2(log(light.x / light.y), log(light.z / light.y))
        var nearest = points[0], distance = Double.infinity
        for (a, b) in zip(points, points.dropFirst()) {
            let along = b - a
            let t = min(1, max(0, ((point - a) * along).sum() / (along * along).sum()))
            let candidate = a + t * along
            let d = ((point - candidate) * (point - candidate)).sum()
            if d < distance { (nearest, distance) = (candidate, d) }
        }
        let off = point - nearest, length = distance.squareRoot()
        guard length <= (nearest * nearest).sum().squareRoot() else { return SIMD3(1, 1, 1) }
        let kept = length > tolerance ? nearest + off * (tolerance / length) : point
        return SIMD3(exp(kept.x), 1, exp(kept.y))
    }
}
