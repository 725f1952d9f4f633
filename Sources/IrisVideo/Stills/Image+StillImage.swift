import IrisCore

extension Image {
    /// A PNG or JPEG still as an upright image: a JPEG's EXIF orientation is applied (Core Image's
    /// `applyOrientationProperty`).
    ///
    ///     let photo = try Image.load(contentsOf: "holiday.jpg")
    public static func load(contentsOf path: String) throws(StillImageError) -> Image {
        let decoded = try StillImage.read(contentsOf: path)
        return Image(buffer: decoded.buffer).oriented(decoded.orientation)
    }
}
