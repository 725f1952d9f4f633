import IrisCore
import RealModule

/// Shared pieces of the transition filters.
enum TransitionSupport {
    /// Where a transition is defined: both images' extents.
    static func extent(_ a: Image, _ b: Image) -> Rect { a.extent.union(b.extent) }

    /// The least and greatest of dot(p, direction) over the corners of `r` (a finite stand-in when infinite).
    static func range(of r: Rect, along direction: SIMD2<Double>) -> SIMD2<Float> {
        let rect = r.isInfinite || r.isEmpty ? Rect(x: 0, y: 0, width: 300, height: 300) : r
        let values = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)]
            .map { $0.0 * direction.x + $0.1 * direction.y }
        return SIMD2(Float(values.min()!), Float(values.max()!))
    }

    static func color(_ args: FilterArguments, _ key: String) throws(FilterError) -> Image {
        let c = try args.color(key)
        return Image(color: SIMD4(Float(c.x), Float(c.y), Float(c.z), Float(c.w)))
    }

    static func colorInput(_ value: SIMD4<Double>, _ summary: String, key: String = "inputColor")
        -> FilterInputDescriptor
    {
        FilterInputDescriptor(key, .color, default: .color(value), summary: summary)
    }
}
