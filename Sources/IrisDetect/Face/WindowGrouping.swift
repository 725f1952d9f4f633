/// OpenCV's `groupRectangles`: accepted windows that nearly coincide (every edge within `eps` of the
/// smaller box's mean side) form one class; a class with more than `minNeighbors` members gives its mean
/// box, and a box lying inside a clearly stronger one is dropped. A face is hit by many neighbouring windows,
/// a false alarm by few, so the neighbour count is the detector's confidence.
enum WindowGrouping {
    struct Group: Sendable {
        var rect: WindowRect
        var neighbors: Int
    }

    static func group(_ rects: [WindowRect], minNeighbors: Int, eps: Double = 0.2) -> [Group] {
        guard !rects.isEmpty else { return [] }
        guard minNeighbors > 0 else { return rects.map { Group(rect: $0, neighbors: 1) } }
        return grouped(rects, views: nil, minNeighbors: minNeighbors, minimumViews: 1, eps: eps)
    }

    /// Windows pooled from several views of one picture (`views[i]` names the view that found `rects[i]`):
    /// the same classes and mean boxes, but a class also needs members from at least `minimumViews` views.
    /// A face stays visible from views a little apart; a false alarm is usually an accident of one of them.
    static func group(_ rects: [WindowRect], views: [Int], minNeighbors: Int, minimumViews: Int, eps: Double = 0.2)
        -> [Group]
    {
        precondition(views.count == rects.count, "one view per window")
        guard !rects.isEmpty else { return [] }
        return grouped(rects, views: views, minNeighbors: max(minNeighbors, 0), minimumViews: minimumViews, eps: eps)
    }

    private static func grouped(_ rects: [WindowRect], views: [Int]?, minNeighbors: Int, minimumViews: Int, eps: Double)
        -> [Group]
    {
        // Union-find over the "similar" relation; classes are its transitive closure, as in cv::partition.
        var parent = Array(rects.indices)
        func root(_ i: Int) -> Int {
            var r = i
            while parent[r] != r { r = parent[r] }
            var j = i
            while parent[j] != r {
                let next = parent[j]
                parent[j] = r
                j = next
            }
            return r
        }
        for i in rects.indices {
            for j in rects.indices where j > i && similar(rects[i], rects[j], eps) {
                let a = root(i), b = root(j)
                if a != b { parent[b] = a }
            }
        }
        var classOf: [Int: Int] = [:]
        var sums: [(x: Int, y: Int, w: Int, h: Int, n: Int)] = []
        var seen: [Set<Int>] = []
        for i in rects.indices {
            let r = root(i)
            let c: Int
            if let known = classOf[r] {
                c = known
            } else {
                c = sums.count
                classOf[r] = c
                sums.append((0, 0, 0, 0, 0))
                seen.append([])
            }
            sums[c].x += rects[i].x
            sums[c].y += rects[i].y
            sums[c].w += rects[i].width
            sums[c].h += rects[i].height
            sums[c].n += 1
            if let views { seen[c].insert(views[i]) }
        }
        let means = sums.map { s -> Group in
            // OpenCV multiplies by a Float reciprocal and rounds half to even; the same keeps boxes identical.
            let k = 1 / Float(s.n)
            func mean(_ v: Int) -> Int { Int((Float(v) * k).rounded(.toNearestOrEven)) }
            return Group(
                rect: WindowRect(x: mean(s.x), y: mean(s.y), width: mean(s.w), height: mean(s.h)), neighbors: s.n)
        }
        // A class counts when it has more than minNeighbors members, seen from enough views.
        let counts = means.indices.map {
            means[$0].neighbors > minNeighbors && (views == nil || seen[$0].count >= minimumViews)
        }
        var out: [Group] = []
        for (i, g) in means.enumerated() where counts[i] {
            let r1 = g.rect, n1 = g.neighbors
            let swallowed = means.indices.contains { j in
                let n2 = means[j].neighbors, r2 = means[j].rect
                guard j != i, counts[j] else { return false }
                let dx = Int((Double(r2.width) * eps).rounded(.toNearestOrEven)),
                    dy = Int((Double(r2.height) * eps).rounded(.toNearestOrEven))
                return r1.x >= r2.x - dx && r1.y >= r2.y - dy && r1.x + r1.width <= r2.x + r2.width + dx
                    && r1.y + r1.height <= r2.y + r2.height + dy && (n2 > max(3, n1) || n1 < 3)
            }
            if !swallowed { out.append(g) }
        }
        return out
    }

    private static func similar(_ a: WindowRect, _ b: WindowRect, _ eps: Double) -> Bool {
        let delta = eps * Double(min(a.width, b.width) + min(a.height, b.height)) * 0.5
        return Double(abs(a.x - b.x)) <= delta && Double(abs(a.y - b.y)) <= delta
            && Double(abs(a.x + a.width - b.x - b.width)) <= delta
            && Double(abs(a.y + a.height - b.y - b.height)) <= delta
    }
}
