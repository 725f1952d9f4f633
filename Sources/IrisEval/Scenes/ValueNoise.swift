/// Smooth random texture (value noise over a few octaves) for backgrounds: wood, fabric, carpet-like
/// surfaces without straight lines, so any rectangle found in a scene is the one that was put there.
struct ValueNoise {
    let seed: UInt64

    /// Noise in about −1…1 at (x, y) pixels, summed over octaves with periods `period`, /2, /4.
    func value(_ x: Double, _ y: Double, period: Double, octaves: Int) -> Double {
        var total = 0.0, amplitude = 1.0, p = period, norm = 0.0
        for octave in 0..<octaves {
            total += amplitude * lattice(x / p, y / p, octave: UInt64(octave))
            norm += amplitude
            amplitude *= 0.5
            p /= 2
        }
        return total / norm
    }

    private func lattice(_ x: Double, _ y: Double, octave: UInt64) -> Double {
        let x0 = x.rounded(.down), y0 = y.rounded(.down)
        let fx = smooth(x - x0), fy = smooth(y - y0)
        let ix = Int64(x0), iy = Int64(y0)
        let a = hash(ix, iy, octave), b = hash(ix + 1, iy, octave)
        let c = hash(ix, iy + 1, octave), d = hash(ix + 1, iy + 1, octave)
        return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
    }

    private func smooth(_ t: Double) -> Double { t * t * (3 - 2 * t) }

    private func hash(_ x: Int64, _ y: Int64, _ octave: UInt64) -> Double {
        var h =
            seed ^ (UInt64(bitPattern: x) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(bitPattern: y) &* 0xC2B2_AE3D_27D4_EB4F)
        h ^= octave &* 0x1656_67B1_9E37_79F9
        h = (h ^ (h >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        h = (h ^ (h >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return Double(h >> 11) / Double(1 << 52) - 1
    }
}
