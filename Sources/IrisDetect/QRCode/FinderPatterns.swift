/// QR codes' finder patterns (the three nested squares in a code's corners), found without decoding:
/// across any line through a pattern's centre it reads dark, light, dark, light, dark in widths 1:1:3:1:1.
/// Every third row is scanned for that rhythm against a local mean, each hit is checked down its column,
/// and hits are merged into patterns. Three patterns of one module size at a right angle, at distances a
/// code can have, mark where a code is even when it cannot be read: `QRCodeMemory` looks there with the
/// retries that read blurred codes.
///
///     let regions = FinderPatterns(in: luma).codeRegions()
struct FinderPatterns {
    /// A pattern's centre in pixel coordinates (top-left origin) and its module width in pixels.
    struct Pattern {
        var x: Double
        var y: Double
        var module: Double
        var hits: Int
    }

    private(set) var patterns: [Pattern] = []

    /// The local mean is taken over `block`-pixel blocks of a row, a block and `reach` either side (80 px):
    /// wider than a large code's 3-module centre, so the centre does not raise its own threshold.
    static let block = 16
    static let reach = 2
    static let rowStep = 3

    init(in luma: LumaPlane) {
        guard luma.width > 14, luma.height > 14 else { return }
        var found: [Pattern] = []
        let width = luma.width, blocks = (width + Self.block - 1) / Self.block
        var sums = [Int](repeating: 0, count: blocks), thresholds = [Int](repeating: 0, count: blocks)
        luma.bytes.withUnsafeBufferPointer { pixels in
            for y in stride(from: 0, to: luma.height, by: Self.rowStep) {
                let row = y * luma.bytesPerRow
                // Dark: below the mean of the row's pixels in this block and the two either side.
                for b in 0..<blocks {
                    var total = 0
                    for x in (b * Self.block)..<min(b * Self.block + Self.block, width) {
                        total &+= Int(pixels[row + x])
                    }
                    sums[b] = total
                }
                for b in 0..<blocks {
                    let lo = max(b - Self.reach, 0), hi = min(b + Self.reach + 1, blocks)
                    var total = 0
                    for k in lo..<hi { total &+= sums[k] }
                    thresholds[b] = total / (min(hi * Self.block, width) - lo * Self.block)
                }
                for (x, module) in Self.rhythms(row: row, width: width, pixels: pixels, thresholds: thresholds) {
                    if let pattern = Self.crossCheck(
                        x: x, y: y, module: module, threshold: thresholds[Int(x) / Self.block],
                        luma: luma, pixels: pixels)
                    {
                        found.append(pattern)
                    }
                }
            }
        }
        patterns = Self.merged(found)
    }

    /// The centre and module width of each 1:1:3:1:1 run of dark, light, dark, light, dark in a row.
    private static func rhythms(
        row: Int, width: Int, pixels: UnsafeBufferPointer<UInt8>,
        thresholds: [Int]
    ) -> [(x: Double, module: Double)] {
        var out: [(x: Double, module: Double)] = []
        // The last five runs, oldest first; the newest is the current one. A pattern starts with dark.
        var runs = (0, 0, 0, 0, 0)
        var dark = false
        for x in 0..<width {
            let d = Int(pixels[row + x]) < thresholds[x / block]
            if d == dark {
                runs.4 += 1
                continue
            }
            if dark, let module = ratioModule(runs) {
                out.append((Double(x) - Double(runs.4) - Double(runs.3) - Double(runs.2) / 2, module))
            }
            runs = (runs.1, runs.2, runs.3, runs.4, 1)
            dark = d
        }
        return out
    }

    /// The module width when five runs (dark first) have the 1:1:3:1:1 rhythm, within half a module each.
    private static func ratioModule(_ r: (Int, Int, Int, Int, Int)) -> Double? {
        let total = r.0 + r.1 + r.2 + r.3 + r.4
        guard total >= 7, r.0 > 0, r.1 > 0, r.3 > 0 else { return nil }
        let module = Double(total) / 7, slack = max(module / 2, 1) + 0.5
        func near(_ count: Int) -> Bool { abs(Double(count) - module) < slack }
        guard near(r.0), near(r.1), near(r.3), near(r.4), abs(Double(r.2) - 3 * module) < 3 * (slack - 0.5) else {
            return nil
        }
        return module
    }

    /// The same rhythm down the column through a row hit, which also gives the centre's row.
    private static func crossCheck(
        x: Double, y: Int, module: Double, threshold: Int, luma: LumaPlane,
        pixels: UnsafeBufferPointer<UInt8>
    ) -> Pattern? {
        let cx = Int(x), limit = Int(5 * module) + 2
        func dark(_ row: Int) -> Bool { Int(pixels[row * luma.bytesPerRow + cx]) < threshold }
        guard cx >= 0, cx < luma.width, dark(y) else { return nil }
        // Runs going up from the centre: dark (centre), light, dark; then down the same.
        func runs(step: Int) -> (Int, Int, Int, Int)? {
            var counts = [0, 0, 0], row = y, state = 0
            while state < 3 {
                guard row >= 0, row < luma.height, counts[state] <= limit else {
                    return state == 2 && counts[2] > 0 ? (counts[0], counts[1], counts[2], row) : nil
                }
                if dark(row) == (state != 1) {
                    counts[state] += 1
                    row += step
                } else {
                    state += 1
                }
            }
            return (counts[0], counts[1], counts[2], row)
        }
        guard let up = runs(step: -1), let down = runs(step: 1) else { return nil }
        let vertical = (up.2, up.1, up.0 + down.0 - 1, down.1, down.2)
        guard let verticalModule = ratioModule(vertical),
            max(verticalModule, module) < 1.6 * min(verticalModule, module)
        else { return nil }
        // The centre run starts up.0 − 1 rows above the scanned row; its middle is the pattern's centre row.
        let top = Double(y - up.0 + 1), centreY = top + Double(vertical.2) / 2
        return Pattern(x: x, y: centreY, module: (module + verticalModule) / 2, hits: 1)
    }

    /// Hits of one pattern (on neighbouring rows) merged into one, weighted by how many each holds.
    private static func merged(_ hits: [Pattern]) -> [Pattern] {
        var out: [Pattern] = []
        for hit in hits {
            if let i = out.firstIndex(where: {
                abs($0.x - hit.x) < 2 * $0.module && abs($0.y - hit.y) < 2 * $0.module
                    && max($0.module, hit.module) < 1.5 * min($0.module, hit.module)
            }) {
                let n = Double(out[i].hits)
                out[i].x = (out[i].x * n + hit.x) / (n + 1)
                out[i].y = (out[i].y * n + hit.y) / (n + 1)
                out[i].module = (out[i].module * n + hit.module) / (n + 1)
                out[i].hits += 1
            } else {
                out.append(hit)
            }
        }
        // A large pattern's centre crosses several scanned rows; one hit alone there is likely texture.
        return out.filter { $0.hits >= 2 || $0.module * 3 <= Double(rowStep) }
    }

    /// Where codes are: each three patterns of one module size forming a right angle (two sides equal
    /// within a quarter, the third √2 times them within a fifth, 14–170 modules long: versions 1–40 seen at
    /// an angle), as the region holding the code's four corners and a quiet margin, clipped to the plane.
    /// Where no three make a code, two of one size 14–240 modules apart do (blur often hides the third):
    /// the code lies to either side of them, or they are its diagonal, so the region reaches their
    /// distance past them on every side.
    func codeRegions(width: Int, height: Int, limit: Int = 4) -> [WindowRect] {
        let trios = trioRegions(width: width, height: height, limit: limit)
        return trios.isEmpty ? pairRegions(width: width, height: height, limit: limit) : trios
    }

    private func pairRegions(width: Int, height: Int, limit: Int) -> [WindowRect] {
        var regions: [WindowRect] = []
        let p = patterns
        for a in p.indices {
            for b in p.indices where b > a {
                let module = (p[a].module + p[b].module) / 2
                guard max(p[a].module, p[b].module) < 1.5 * min(p[a].module, p[b].module) else { continue }
                let distance = ((p[a].x - p[b].x) * (p[a].x - p[b].x) + (p[a].y - p[b].y) * (p[a].y - p[b].y))
                    .squareRoot()
                guard distance >= 14 * module, distance <= 240 * module else { continue }
                let grow = distance + 4 * module
                if let region = Self.clipped(
                    x0: min(p[a].x, p[b].x) - grow, y0: min(p[a].y, p[b].y) - grow,
                    x1: max(p[a].x, p[b].x) + grow, y1: max(p[a].y, p[b].y) + grow, width: width, height: height)
                {
                    regions.append(region)
                }
                if regions.count == limit { return regions }
            }
        }
        return regions
    }

    private func trioRegions(width: Int, height: Int, limit: Int) -> [WindowRect] {
        var regions: [WindowRect] = []
        let p = patterns
        guard p.count >= 3 else { return [] }
        for a in 0..<p.count {
            for b in (a + 1)..<p.count {
                for c in (b + 1)..<p.count {
                    let trio = [p[a], p[b], p[c]]
                    let modules = trio.map(\.module)
                    guard modules.max()! < 1.5 * modules.min()! else { continue }
                    let module = modules.reduce(0, +) / 3
                    func d(_ i: Int, _ j: Int) -> Double {
                        ((trio[i].x - trio[j].x) * (trio[i].x - trio[j].x) + (trio[i].y - trio[j].y)
                            * (trio[i].y - trio[j].y))
                            .squareRoot()
                    }
                    // The corner pattern is the one opposite the longest side.
                    let sides = [(d(1, 2), 0), (d(0, 2), 1), (d(0, 1), 2)].sorted { $0.0 > $1.0 }
                    let hypotenuse = sides[0].0, leg1 = sides[1].0, leg2 = sides[2].0
                    guard leg1 < 1.25 * leg2,
                        abs(hypotenuse / ((leg1 + leg2) / 2) - 2.0.squareRoot()) < 0.2 * 2.0.squareRoot(),
                        leg2 >= 14 * module, leg1 <= 170 * module
                    else { continue }
                    let corner = trio[sides[0].1]
                    let others = trio.indices.filter { $0 != sides[0].1 }.map { trio[$0] }
                    let fourth = (x: others[0].x + others[1].x - corner.x, y: others[0].y + others[1].y - corner.y)
                    let xs = trio.map(\.x) + [fourth.x], ys = trio.map(\.y) + [fourth.y]
                    let grow = 6 * module
                    if let region = Self.clipped(
                        x0: xs.min()! - grow, y0: ys.min()! - grow, x1: xs.max()! + grow, y1: ys.max()! + grow,
                        width: width, height: height)
                    {
                        regions.append(region)
                    }
                    if regions.count == limit { return regions }
                }
            }
        }
        return regions
    }

    /// The pixels from (x0, y0) to (x1, y1) that lie in a `width` × `height` plane, or nil when none do.
    private static func clipped(x0: Double, y0: Double, x1: Double, y1: Double, width: Int, height: Int) -> WindowRect?
    {
        let left = max(Int(x0), 0), top = max(Int(y0), 0), right = min(Int(x1) + 1, width),
            bottom = min(Int(y1) + 1, height)
        guard right > left, bottom > top else { return nil }
        return WindowRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
