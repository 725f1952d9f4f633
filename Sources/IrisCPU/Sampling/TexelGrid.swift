/// Stored texels, rows top to bottom, read through pointers that are valid only inside the `with…` scope
/// that made the grid. Generic samplers specialise on the concrete grid so the inner loops stay tight.
protocol TexelGrid {
    associatedtype Row: TexelRow
    /// Stored size in texels.
    var width: Int { get }
    var height: Int { get }
    /// Memory row `index` (0 = top); callers keep it in 0..<height.
    func row(_ index: Int) -> Row
}

/// One stored row.
protocol TexelRow {
    /// Texel `column` as RGBA floats; callers keep the column in range.
    func texel(_ column: Int) -> SIMD4<Float>
    /// Writes `count` texels starting at `column` to `out`.
    func copy(from column: Int, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>)
}

/// A plane of 8-bit samples in one of the layouts a leaf can have.
struct ByteGrid<Layout: ByteTexelLayout>: TexelGrid {
    struct Row: TexelRow {
        let start: UnsafePointer<UInt8>
        let layout: Layout

        @inline(__always)
        func texel(_ column: Int) -> SIMD4<Float> { layout.load(start + column * layout.stride) }

        @inline(__always)
        func copy(from column: Int, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
            layout.convert(start + column * layout.stride, count: count, into: out)
        }
    }

    let base: UnsafePointer<UInt8>
    let bytesPerRow: Int
    let width: Int
    let height: Int
    let layout: Layout

    @inline(__always)
    func row(_ index: Int) -> Row { Row(start: base + index * bytesPerRow, layout: layout) }
}

/// An intermediate's premultiplied RGBA floats, stored as bands of whole rows (one band per render thread).
struct FloatGrid: TexelGrid {
    struct Row: TexelRow {
        let start: UnsafePointer<SIMD4<Float>>

        @inline(__always)
        func texel(_ column: Int) -> SIMD4<Float> { start[column] }

        @inline(__always)
        func copy(from column: Int, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
            out.update(from: start + column, count: count)
        }
    }

    /// Base of each band; band b holds rows b * rowsPerBand ..< (b + 1) * rowsPerBand.
    let bands: [UnsafePointer<SIMD4<Float>>]
    let rowsPerBand: Int
    let width: Int
    let height: Int

    @inline(__always)
    func row(_ index: Int) -> Row {
        let band = index / rowsPerBand
        return Row(start: bands[band] + (index - band * rowsPerBand) * width)
    }
}
