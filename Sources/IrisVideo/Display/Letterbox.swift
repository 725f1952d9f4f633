import IrisCore

/// Where a frame lands on a display of another size: scaled uniformly to fit, centred, with black bars
/// left and right (pillarbox) or top and bottom (letterbox). Offsets are whole pixels so the bars are crisp.
///
///     let box = Letterbox(source: (1280, 720), display: (1024, 768))   // scale 0.8, content 1024×576 at y 96
public struct Letterbox: Sendable, Equatable {
    public let scale: Double
    /// The frame's rectangle on the display, in pixels, bottom-left origin (Core Image's convention).
    public let content: Rect
    public let displayWidth: Int
    public let displayHeight: Int

    public init(source: (width: Int, height: Int), display: (width: Int, height: Int)) {
        displayWidth = display.width
        displayHeight = display.height
        guard source.width > 0, source.height > 0 else {
            scale = 0
            content = .empty
            return
        }
        let s = min(Double(display.width) / Double(source.width), Double(display.height) / Double(source.height))
        // Equal sides keep the exact size (no rounding drift of a pixel).
        let w =
            source.width * display.height == source.height * display.width
            ? Double(display.width) : Double(source.width) * s
        let h =
            source.width * display.height == source.height * display.width
            ? Double(display.height) : Double(source.height) * s
        scale = s
        content = Rect(
            x: ((Double(display.width) - w) / 2).rounded(.down), y: ((Double(display.height) - h) / 2).rounded(.down),
            width: w, height: h)
    }

    /// Maps the source extent's origin to the content rectangle: scale, then translate.
    public func transform(sourceOrigin: Point = Point(x: 0, y: 0)) -> AffineTransform {
        AffineTransform(translationX: -sourceOrigin.x, y: -sourceOrigin.y)
            .concatenating(AffineTransform(scaleX: scale, y: scale))
            .concatenating(AffineTransform(translationX: content.minX, y: content.minY))
    }

    public var displayRect: Rect { Rect(width: displayWidth, height: displayHeight) }

    /// The bars' rectangles (empty when the frame fills the display).
    public var bars: [Rect] {
        let d = displayRect
        return [
            Rect(x: 0, y: 0, width: d.width, height: content.minY),
            Rect(x: 0, y: content.maxY, width: d.width, height: d.maxY - content.maxY),
            Rect(x: 0, y: content.minY, width: content.minX, height: content.height),
            Rect(x: content.maxX, y: content.minY, width: d.maxX - content.maxX, height: content.height)
        ]
        .filter { !$0.isEmpty }
    }
}

extension Image {
    /// This image scaled to fit `width`×`height`, centred over opaque black: the recipe every renderer
    /// runs to fill a display whose mode differs from the frame. Identity when the sizes already agree.
    ///
    ///     let screen = frame.letterboxed(width: 1024, height: 768)   // render with rect 0,0,1024,768
    public func letterboxed(width: Int, height: Int) -> Image {
        let display = Rect(width: width, height: height)
        if extent == display { return self }
        guard !extent.isInfinite, !extent.isEmpty else { return cropped(to: display) }
        let box = Letterbox(
            source: (Int(extent.width.rounded()), Int(extent.height.rounded())), display: (width, height))
        let placed = transformed(by: box.transform(sourceOrigin: Point(x: extent.minX, y: extent.minY)))
        return placed.composited(over: Image(color: SIMD4(0, 0, 0, 1))).cropped(to: display)
    }
}
