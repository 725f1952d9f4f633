/// The projective map from the unit square onto four corners (and back): how a flat card looks under
/// perspective.
struct Homography {
    /// Row-major 3×3.
    var m: [Double]

    /// Maps (0,0), (1,0), (1,1), (0,1) onto `corners` in that order.
    init?(unitSquareTo corners: [SIMD2<Double>]) {
        let p0 = corners[0], p1 = corners[1], p2 = corners[2], p3 = corners[3]
        let s = p0 - p1 + p2 - p3
        let d1 = p1 - p2, d2 = p3 - p2
        let den = d1.x * d2.y - d2.x * d1.y
        guard abs(den) > 1e-12 else { return nil }
        let g = (s.x * d2.y - d2.x * s.y) / den
        let h = (d1.x * s.y - s.x * d1.y) / den
        m = [
            p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x,
            p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y,
            g, h, 1
        ]
    }

    private init(m: [Double]) { self.m = m }

    func apply(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        return SIMD2((m[0] * p.x + m[1] * p.y + m[2]) / w, (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }

    var inverted: Homography? {
        let a = m
        let c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c00 + a[1] * c01 + a[2] * c02
        guard abs(det) > 1e-12 else { return nil }
        let inv = [
            c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3]
        ].map { $0 / det }
        return Homography(m: inv)
    }
}
