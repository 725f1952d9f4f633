import IrisCore

extension BuiltInFilters {
    /// CITemperatureAndTint: white balance. `inputNeutral` (temperature in kelvin, tint) is the white the image
    /// was taken under; `inputTargetNeutral` is the white it should have. Core Image does not publish its
    /// method; Iris's is a von Kries adaptation with the Bradford cone matrix, as one colour matrix on linear
    /// working-space colour (it folds with neighbouring matrices):
    ///   M = RGB←XYZ · B⁻¹ · diag(B·W_target / B·W_neutral) · B · XYZ←RGB
    /// where W is the white point (Y = 1) of a (temperature, tint) pair: the Planckian locus at that
    /// temperature (Krystek's 1985 approximation, temperature held to 1000…15000 K where it holds), moved
    /// perpendicular to the locus in CIE 1960 (u, v) by tint / 3000, positive tint towards magenta (the
    /// scale and sign Adobe's DNG SDK uses). So a neutral below the target (warm light) cools the image, and
    /// equal pairs leave it alone.
    static let temperatureAndTint = FilterDescriptor(
        name: "CITemperatureAndTint", displayName: "Temperature and Tint",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.interlaced,
            FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Adapts the reference white point for an image.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputNeutral", .offset, default: .vector([6500, 0]),
                summary: "Temperature (kelvin) and tint of the light the image was taken under."),
            FilterInputDescriptor(
                "inputTargetNeutral", .offset, default: .vector([6500, 0]),
                summary: "Temperature (kelvin) and tint the image should look taken under.")
        ],
        build: { args throws(FilterError) in
            let neutral = try args.vector("inputNeutral"), target = try args.vector("inputTargetNeutral")
            let image = try args.image("inputImage")
            if neutral == target { return image }
            let matrix = temperatureAndTintMatrix(neutral: (neutral[0], neutral[1]), target: (target[0], target[1]))
            return image.applyingColorMatrix(matrix, label: "CITemperatureAndTint")
        })

    static func temperatureAndTintMatrix(neutral: (Double, Double), target: (Double, Double)) -> ColorMatrix {
        let s = WhiteBalance.bradford.apply(WhiteBalance.whitePoint(temperature: neutral.0, tint: neutral.1))
        let d = WhiteBalance.bradford.apply(WhiteBalance.whitePoint(temperature: target.0, tint: target.1))
        let scale = WhiteBalance.Matrix3(rows: [[d.x / s.x, 0, 0], [0, d.y / s.y, 0], [0, 0, d.z / s.z]])
        let m =
            WhiteBalance.xyzToRGB * WhiteBalance.bradford.inverse * scale * WhiteBalance.bradford
            * WhiteBalance.rgbToXYZ
        return ColorMatrix(rgb: m.rows)
    }
}

/// The facts CITemperatureAndTint is built from.
enum WhiteBalance {
    /// Linear sRGB (Rec.709 primaries, D65) to CIE XYZ, and back.
    static let rgbToXYZ = Matrix3(rows: [
        [0.4124564, 0.3575761, 0.1804375],
        [0.2126729, 0.7151522, 0.0721750],
        [0.0193339, 0.1191920, 0.9503041]
    ])
    static let xyzToRGB = rgbToXYZ.inverse
    /// XYZ to Bradford's sharpened cone responses.
    static let bradford = Matrix3(rows: [
        [0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]
    ])

    /// CIE 1960 (u, v) of a black body (Krystek 1985), temperature held to 1000…15000 K.
    static func planckianUV(_ temperature: Double) -> (u: Double, v: Double) {
        let t = min(max(temperature, 1000), 15000)
        let u =
            (0.860117757 + 1.54118254e-4 * t + 1.28641212e-7 * t * t) / (1 + 8.42420235e-4 * t + 7.08145163e-7 * t * t)
        let v =
            (0.317398726 + 4.22806245e-5 * t + 4.20481691e-8 * t * t) / (1 - 2.89741816e-5 * t + 1.61456053e-7 * t * t)
        return (u, v)
    }

    /// XYZ (Y = 1) of the white at `temperature` kelvin, moved by `tint` / 3000 across the locus in (u, v),
    /// positive towards magenta (below the locus).
    static func whitePoint(temperature: Double, tint: Double) -> SIMD3<Double> {
        let t = min(max(temperature, 1000), 15000)
        var (u, v) = planckianUV(t)
        let a = planckianUV(t - 1), b = planckianUV(t + 1)
        let du = b.u - a.u, dv = b.v - a.v
        let length = (du * du + dv * dv).squareRoot()
        if length > 0 {
            // (−dv, du) points below the locus (towards magenta) as temperature rises with u and v falling.
            u += tint / 3000 * -dv / length
            v += tint / 3000 * du / length
        }
        let denominator = 2 * u - 8 * v + 4
        let x = 3 * u / denominator, y = 2 * v / denominator
        return SIMD3(x / y, 1, (1 - x - y) / y)
    }

    /// A 3×3 matrix of doubles, row-major, for building colour matrices.
    struct Matrix3: Sendable {
        var rows: [[Double]]
        init(rows: [[Double]]) { self.rows = rows }

        static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
            Matrix3(
                rows: (0..<3).map { r in (0..<3).map { c in (0..<3).reduce(0) { $0 + a.rows[r][$1] * b.rows[$1][c] } } }
            )
        }

        func apply(_ v: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3((0..<3).map { r in rows[r][0] * v.x + rows[r][1] * v.y + rows[r][2] * v.z })
        }

        /// The inverse by cofactors (the matrices here are well conditioned).
        var inverse: Matrix3 {
            let m = rows
            func cofactor(_ r: Int, _ c: Int) -> Double {
                let r1 = (r + 1) % 3, r2 = (r + 2) % 3, c1 = (c + 1) % 3, c2 = (c + 2) % 3
                return m[r1][c1] * m[r2][c2] - m[r1][c2] * m[r2][c1]
            }
            let det = (0..<3).reduce(0) { $0 + m[0][$1] * cofactor(0, $1) }
            return Matrix3(rows: (0..<3).map { r in (0..<3).map { c in cofactor(c, r) / det } })
        }
    }
}

/// The colour of a black body's light as linear working-space RGB with green 1, from the locus
/// CITemperatureAndTint is built on, so that what the auto-enhance analysis takes for a natural light is the
/// filter's.
///
///     let candle = BlackBodyLight.linearRGB(temperature: 1900)   // red ≫ green ≫ blue
public enum BlackBodyLight {
    public static func linearRGB(temperature: Double) -> SIMD3<Double> {
        let rgb = WhiteBalance.xyzToRGB.apply(WhiteBalance.whitePoint(temperature: temperature, tint: 0))
        return rgb / rgb.y
    }
}
