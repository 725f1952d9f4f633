/// A run whose output channels each follow their own input only (a white point, exposure, levels, gamma, a
/// tone curve, with the sRGB decode and encode around them) is tabulated along the cube's three axes:
/// 3 × size evaluations instead of size³, so a live chain that changes (auto-enhance following a scene) is
/// a new cube in well under a millisecond instead of tens. The cube is the one the full bake would give:
/// entry (r, g, b) is (f(r, 0, 0).r, f(0, g, 0).g, f(0, 0, b).b), which is f(r, g, b) for such a run.
extension ColorCubeBaker {
    /// Samples per axis of the grid that decides separability.
    static let separabilityProbeSize = 9

    /// Whether `run` is separable and opaque on a 9³ grid and at the validation points, to within the
    /// tolerance `ColorCube.isSeparable` uses (1e-5): each output channel there equals that channel of the
    /// axis point with the same input, alpha stays 1. A run mixing channels (saturation, a colour matrix,
    /// vibrance) differs at the first off-axis point.
    static func isSeparable(_ run: [Step]) -> Bool {
        let points = ColorCube.gridColors(size: separabilityProbeSize) + validationPoints
        var axisPoints: [SIMD4<Float>] = []
        for p in points {
            axisPoints += [SIMD4(p.x, 0, 0, 1), SIMD4(0, p.y, 0, 1), SIMD4(0, 0, p.z, 1)]
        }
        guard let values = evaluateHere(run, points), let axes = evaluateHere(run, axisPoints) else { return false }
        let tolerance: Float = 1e-5
        for (i, v) in values.enumerated() {
            let separated = SIMD4(axes[3 * i].x, axes[3 * i + 1].y, axes[3 * i + 2].z, 1)
            guard v.w == 1, axes[3 * i].w == 1, axes[3 * i + 1].w == 1, axes[3 * i + 2].w == 1,
                abs(v.x - separated.x) <= tolerance, abs(v.y - separated.y) <= tolerance,
                abs(v.z - separated.z) <= tolerance
            else { return false }
        }
        return true
    }

    /// The size³ cube of a separable run from its three axes; nil when a step has no Swift body.
    static func separableCube(_ run: [Step], size: Int) -> ColorCube? {
        let step = 1 / Float(size - 1)
        let ts = (0..<size).map { Float($0) * step }
        guard let red = evaluateHere(run, ts.map { SIMD4($0, 0, 0, 1) }),
            let green = evaluateHere(run, ts.map { SIMD4(0, $0, 0, 1) }),
            let blue = evaluateHere(run, ts.map { SIMD4(0, 0, $0, 1) })
        else { return nil }
        var entries: [SIMD4<Float>] = []
        entries.reserveCapacity(size * size * size)
        for b in 0..<size {
            for g in 0..<size {
                for r in 0..<size { entries.append(SIMD4(red[r].x, green[g].y, blue[b].z, 1)) }
            }
        }
        return ColorCube(size: size, entries: entries)
    }

    /// `error(of:for:colorManagement:)` for a separable cube, measured where it is the same: at a separable
    /// cube's cell centres interpolation is the mean of the two samples along each axis, so the cell centres'
    /// errors are the axes' midpoints' errors; the validation points are checked in full.
    static func separableError(of cube: ColorCube, for run: [Step], colorManagement: Bool) -> Float {
        let cells = cube.size - 1, step = 1 / Float(cells)
        var points: [SIMD4<Float>] = []
        for i in 0..<cells {
            let m = (Float(i) + 0.5) * step
            points += [SIMD4(m, 0, 0, 1), SIMD4(0, m, 0, 1), SIMD4(0, 0, m, 1)]
        }
        points += validationPoints
        guard let exact = evaluateHere(run, points) else { return .infinity }
        let encoded = endsEncoded(run)
        return TransferTables.shared.withTables { tables in
            var largest: Float = 0
            for (p, e) in zip(points, exact) {
                let a = displayed(e, encoded: encoded, colorManagement: colorManagement, tables)
                let b = displayed(
                    cube.sample(SIMD3(p.x, p.y, p.z)), encoded: encoded, colorManagement: colorManagement, tables)
                let d = a - b
                largest = max(largest, abs(d.x), abs(d.y), abs(d.z), abs(d.w))
            }
            return largest
        }
    }
}
