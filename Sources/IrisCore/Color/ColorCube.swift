/// A colour chain tabulated on the unit RGB cube: `size`³ samples of what the chain returns for the opaque
/// colour (r, g, b, 1), read back with tetrahedral interpolation. The compiler bakes maximal runs of
/// position-independent colour kernels into one (see `ColorCubeBaker`); both renderers then apply the whole
/// run as one lookup.
///
///     let cube = ColorCube(size: 17) { rgb in SIMD4(rgb.z, rgb.y, rgb.x, 1) }   // swap red and blue
///     cube.sample(SIMD3(1, 0, 0))   // (0, 0, 1, 1)
public struct ColorCube: Sendable {
    /// Samples per axis (at least 2); sample i of an axis sits at i / (size − 1).
    public var size: Int { storage.size }
    /// `size`³ results; the sample at (r, g, b) grid indices is at `(b * size + g) * size + r`.
    public var entries: [SIMD4<Float>] { storage.entries }
    /// Every entry has alpha 1, so a renderer may encode the results without unpremultiplying.
    public var isOpaque: Bool { storage.isOpaque }
    /// No entry holds NaN or an infinity, so interpolated results are finite too.
    public var isFinite: Bool { storage.isFinite }
    /// Each output channel depends on its own input channel only (a per-channel curve: gamma, exposure,
    /// levels, a tone curve, a white point), to within 1e-5: a renderer may apply it as three 1D tables.
    public var isSeparable: Bool { storage.isSeparable }
    /// The same run as per-channel curves, a colour matrix and per-channel curves, when the baker found it
    /// that shape and accurate enough (`ChannelMatrixForm`): the CPU's camera path reads six small tables a
    /// pixel instead of the cube.
    public var channelMatrix: ChannelMatrixForm? { storage.channelMatrix }

    /// One reference, so a recipe node or plan node holding a cube stays small: a recipe thousands of filters
    /// deep is released one node inside another, and each level's frame is as large as its node.
    private final class Storage: Sendable {
        let size: Int
        let entries: [SIMD4<Float>]
        let isOpaque: Bool, isFinite: Bool, isSeparable: Bool
        let channelMatrix: ChannelMatrixForm?

        init(
            size: Int, entries: [SIMD4<Float>], isOpaque: Bool, isFinite: Bool, isSeparable: Bool,
            channelMatrix: ChannelMatrixForm?
        ) {
            self.size = size
            self.entries = entries
            self.isOpaque = isOpaque
            self.isFinite = isFinite
            self.isSeparable = isSeparable
            self.channelMatrix = channelMatrix
        }
    }

    private let storage: Storage

    public init(size: Int, entries: [SIMD4<Float>]) {
        precondition(size >= 2 && entries.count == size * size * size, "a ColorCube needs size ≥ 2 and size³ entries")
        var opaque = true, finite = true
        for e in entries {
            opaque = opaque && e.w == 1
            finite = finite && e.x.isFinite && e.y.isFinite && e.z.isFinite && e.w.isFinite
        }
        storage = Storage(
            size: size, entries: entries, isOpaque: opaque, isFinite: finite,
            isSeparable: finite && Self.separable(size: size, entries: entries), channelMatrix: nil)
    }

    private init(_ storage: Storage) { self.storage = storage }

    /// This cube (its very entries) with `form` as its `channelMatrix`.
    func with(_ form: ChannelMatrixForm?) -> ColorCube {
        let s = storage
        return ColorCube(
            Storage(
                size: s.size, entries: s.entries, isOpaque: s.isOpaque, isFinite: s.isFinite,
                isSeparable: s.isSeparable, channelMatrix: form))
    }

    private static func separable(size: Int, entries: [SIMD4<Float>]) -> Bool {
        let tolerance: Float = 1e-5
        var index = 0
        for b in 0..<size {
            for g in 0..<size {
                for r in 0..<size {
                    let e = entries[index]
                    index += 1
                    if abs(e.x - entries[r].x) > tolerance || abs(e.y - entries[g * size].y) > tolerance
                        || abs(e.z - entries[b * size * size].z) > tolerance
                    {
                        return false
                    }
                }
            }
        }
        return true
    }

    /// Whether `other` is this very cube (a copy of it, not merely equal entries): what a renderer derives from
    /// a cube (a texture, byte tables) is kept per cube this way, the holder keeping the cube so its storage
    /// is not reused.
    public func sharesStorage(with other: ColorCube) -> Bool {
        guard size == other.size else { return false }
        return entries.withUnsafeBufferPointer { x in
            other.entries.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress }
        }
    }

    /// Tabulates `function` at every grid point.
    public init(size: Int, _ function: (SIMD3<Float>) -> SIMD4<Float>) {
        let points = Self.gridColors(size: size)
        self.init(size: size, entries: points.map { function(SIMD3($0.x, $0.y, $0.z)) })
    }

    /// The opaque colours at the grid points, in `entries` order.
    public static func gridColors(size: Int) -> [SIMD4<Float>] {
        let step = 1 / Float(size - 1)
        var colors: [SIMD4<Float>] = []
        colors.reserveCapacity(size * size * size)
        for b in 0..<size {
            for g in 0..<size {
                for r in 0..<size {
                    colors.append(SIMD4(Float(r) * step, Float(g) * step, Float(b) * step, 1))
                }
            }
        }
        return colors
    }

    /// Tetrahedral interpolation at `rgb` (clamped to the cube): the four samples of the tetrahedron that
    /// holds the point, which is exact for any function linear inside a cell and never overshoots
    /// between two samples of one edge.
    public func sample(_ rgb: SIMD3<Float>) -> SIMD4<Float> {
        let entries = storage.entries, size = storage.size
        let scale = Float(size - 1)
        func split(_ v: Float) -> (Int, Float) {
            let t = min(max(v.isNaN ? 0 : v, 0), 1) * scale
            let i = min(Int(t), size - 2)
            return (i, t - Float(i))
        }
        let (ir, fr) = split(rgb.x), (ig, fg) = split(rgb.y), (ib, fb) = split(rgb.z)
        let strideG = size, strideB = size * size
        let base = ir + ig * strideG + ib * strideB
        // Walk from the base corner along the axis of the largest fraction, then the middle one.
        let hi = max(fr, fg, fb), lo = min(fr, fg, fb), mid = fr + fg + fb - hi - lo
        let firstAxis = fr == hi ? 1 : (fg == hi ? strideG : strideB)
        let lastAxis = (fb == lo && firstAxis != strideB) ? strideB : ((fg == lo && firstAxis != strideG) ? strideG : 1)
        let diagonal = base + 1 + strideG + strideB
        return entries[base] * (1 - hi) + entries[base + firstAxis] * (hi - mid)
            + entries[diagonal - lastAxis] * (mid - lo) + entries[diagonal] * lo
    }
}
