/// The global points one span evaluation covers, with their shape detected once so that samplers can
/// take the fast path that shape allows.
struct SpanPoints {
    enum Shape: Equatable {
        /// Pixel centres of one row: point i is (x0 + i + 0.5, y + 0.5). The identity case.
        case row(x0: Int, y: Int)
        /// All points share one y (a horizontal scale, chroma upsampling, a packed 4:2:2 lookup).
        case constantY(Float)
        case scattered
    }

    let count: Int
    let shape: Shape
    /// The points themselves; empty for a `.row` span when nothing in the tree reads coordinates.
    let coords: [SIMD2<Float>]

    /// A row span; `coords` is filled into `storage` only when `materialized`.
    init(row y: Int, x0: Int, count: Int, materialized: Bool, storage: inout [SIMD2<Float>]) {
        self.count = count
        self.shape = .row(x0: x0, y: y)
        if materialized {
            storage.resize(to: count, fill: .zero)
            let cy = Float(y) + 0.5, cx = Float(x0) + 0.5
            storage.withUnsafeMutableBufferPointer { p in
                for i in 0..<count { p[i] = SIMD2(cx + Float(i), cy) }
            }
            self.coords = storage
        } else {
            self.coords = []
        }
    }

    /// Arbitrary points, such as a warp's output or a general kernel's sample request.
    init(arbitrary coords: [SIMD2<Float>]) {
        self.count = coords.count
        self.coords = coords
        self.shape = Self.detectShape(coords)
    }

    private static func detectShape(_ coords: [SIMD2<Float>]) -> Shape {
        guard let first = coords.first else { return .scattered }
        let y = first.y
        var sameY = true, onCentres = true
        let fx = first.x - 0.5, fy = y - 0.5
        // Centres need integral x0 and y well inside Float's exact-integer range.
        let exactLimit: Float = 4_194_304
        if !(fx == fx.rounded(.down) && fy == fy.rounded(.down) && abs(fx) < exactLimit && abs(fy) < exactLimit) {
            onCentres = false
        }
        coords.withUnsafeBufferPointer { p in
            for i in 0..<p.count {
                let q = p[i]
                if q.y != y {
                    sameY = false
                    onCentres = false
                    break
                }
                if onCentres && q.x != first.x + Float(i) { onCentres = false }
            }
        }
        if onCentres { return .row(x0: Int(fx), y: Int(fy)) }
        return sameY ? .constantY(y) : .scattered
    }
}

extension Array {
    /// Grows or shrinks to `count`, keeping capacity, so per-span scratch arrays stop allocating.
    @inline(__always)
    mutating func resize(to count: Int, fill: Element) {
        if self.count > count {
            removeLast(self.count - count)
        } else if self.count < count {
            append(contentsOf: repeatElement(fill, count: count - self.count))
        }
    }
}
