/// Propagates regions of interest from an output tile back through the passes to the leaves, and picks
/// a tile size for which every rectangle fits the texture limit.
struct Tiler {
    let passes: [RenderPlan.Pass]
    let leaves: [RenderPlan.Leaf]
    let maximumTextureSize: Int
    static let maximumTiles = 16_384

    func tiles(covering output: Rect) throws(PlanError) -> [RenderPlan.Tile] {
        let whole = regions(for: output)
        if fits(whole) { return [whole] }
        // Shrink the tile until the largest rectangle a tile needs fits; margins (blur radii) make the
        // needed rectangles larger than the tile itself.
        var side = min(maximumTextureSize, Int(max(output.width, output.height)))
        while side >= 8 {
            // A margin that needs tiles this small needs too many of them to be worth planning.
            if (output.width / Double(side)).rounded(.up) * (output.height / Double(side)).rounded(.up)
                > Double(Self.maximumTiles)
            {
                break
            }
            let grid = split(output, side: side)
            let planned = grid.map(regions(for:))
            if planned.allSatisfy(fits) { return planned }
            let worst = planned.map(largestSide).max() ?? side
            let shrunk = side - (worst - maximumTextureSize) - 1
            side = min(side / 2 + side / 4, shrunk)
        }
        throw .cannotTile(maximumTextureSize: maximumTextureSize, needed: largestSide(regions(for: output)))
    }

    private func split(_ r: Rect, side: Int) -> [Rect] {
        var out: [Rect] = []
        let s = Double(side)
        var y = r.minY
        while y < r.maxY {
            var x = r.minX
            let h = min(s, r.maxY - y)
            while x < r.maxX {
                let w = min(s, r.maxX - x)
                out.append(Rect(x: x, y: y, width: w, height: h))
                x += s
            }
            y += s
        }
        return out
    }

    private func largestSide(_ t: RenderPlan.Tile) -> Int {
        let sides = (t.passRects + t.leafRects).filter { !$0.isEmpty }.map { Int(max($0.width, $0.height)) }
        return sides.max() ?? 0
    }

    private func fits(_ t: RenderPlan.Tile) -> Bool { largestSide(t) <= maximumTextureSize }

    /// The rectangle each pass and leaf must provide so that the last pass can render `output`.
    func regions(for output: Rect) -> RenderPlan.Tile {
        var passRects = [Rect](repeating: .empty, count: passes.count)
        var leafRects = [Rect](repeating: .empty, count: leaves.count)
        passRects[passes.count - 1] = output
        for p in stride(from: passes.count - 1, through: 0, by: -1) {
            let needed = passRects[p]
            if needed.isEmpty { continue }
            request(passes[p].root, needed, &passRects, &leafRects)
        }
        // Whole pixels, inside what exists; the output pass keeps exactly the tile.
        for p in 0..<(passes.count - 1) { passRects[p] = passRects[p].integral.intersection(passes[p].extent.integral) }
        for l in leaves.indices { leafRects[l] = leafRects[l].integral.intersection(leaves[l].extent) }
        return RenderPlan.Tile(output: output, passRects: passRects, leafRects: leafRects)
    }

    private func request(_ e: RenderPlan.Expression, _ rect: Rect, _ passRects: inout [Rect], _ leafRects: inout [Rect])
    {
        if rect.isEmpty { return }
        switch e {
        case let .leaf(i):
            leafRects[i] = leafRects[i].union(rect.intersection(leaves[i].extent))
        case let .intermediate(k):
            passRects[k] = passRects[k].union(rect.intersection(passes[k].extent))
        case .constant:
            return
        case let .lookup(node):
            request(node.input, rect, &passRects, &leafRects)
        case let .kernel(node):
            for (i, input) in node.inputs.enumerated() {
                let roi = node.kernel.roi(i, rect, node.arguments)
                request(input, roi, &passRects, &leafRects)
            }
        }
    }
}
