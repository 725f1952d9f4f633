/// The eight EXIF/TIFF orientations. `rawValue` is the EXIF tag value (1 = upright).
///
///     let upright = image.oriented(.right)   // EXIF 6: the camera was turned 90° clockwise
public enum Orientation: Int, Sendable, CaseIterable {
    case up = 1
    case upMirrored = 2
    case down = 3
    case downMirrored = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8

    /// Whether width and height swap.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The transform that turns an image of `extent`, stored with this orientation, upright, with the
    /// result's extent starting at the origin. Core Image's `imageTransform(forOrientation:)`.
    public func transform(for extent: Rect) -> AffineTransform {
        let w = extent.width, h = extent.height
        // Move the image to the origin first, then apply the EXIF mapping in bottom-left coordinates.
        let toOrigin = AffineTransform(translationX: -extent.minX, y: -extent.minY)
        let m: AffineTransform
        switch self {
        case .up: m = .identity
        case .upMirrored: m = AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w, ty: 0)
        case .down: m = AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
        case .downMirrored: m = AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: h)
        case .leftMirrored: m = AffineTransform(a: 0, b: -1, c: -1, d: 0, tx: h, ty: w)
        case .right: m = AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: w)
        case .rightMirrored: m = AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
        case .left: m = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: h, ty: 0)
        }
        return toOrigin.concatenating(m)
    }

    /// This orientation, then the picture a quarter turn one way, the other way, and upside down (mirrored
    /// orientations stay mirrored): the four ways a photo stored without its orientation may stand.
    public var quarterTurns: [Orientation] {
        let cycle: [Orientation] =
            rawValue == 1 || rawValue == 3 || rawValue == 6 || rawValue == 8
            ? [.up, .right, .down, .left] : [.upMirrored, .leftMirrored, .downMirrored, .rightMirrored]
        guard let at = cycle.firstIndex(of: self) else { return [self] }
        return [0, 1, 3, 2].map { cycle[(at + $0) % 4] }
    }
}
