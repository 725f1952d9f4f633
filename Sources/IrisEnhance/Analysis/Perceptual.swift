import IrisCore

/// The perceptual (gamma 2) space CIToneCurve, CIFaceBalance and CIRedEyeCorrection work in: p = √linear.
/// The analysis measures in it so its thresholds mean what the filters see.
enum Perceptual {
    @inline(__always) static func of(_ linear: Float) -> Float { linear > 0 ? linear.squareRoot() : 0 }
    @inline(__always) static func of(_ linear: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(of(linear.x), of(linear.y), of(linear.z))
    }

    /// The value below which `share` of `values` lie (0…1), by sorting a copy.
    static func percentile(_ values: [Float], _ share: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let index = min(sorted.count - 1, max(0, Int((Double(sorted.count - 1) * share).rounded())))
        return Double(sorted[index])
    }
}
