import IrisCore

/// The front door for still images: reads PNG or JPEG by content, writes by the path's extension.
///
///     let photo = try StillImage.read(contentsOf: "in.jpg")    // photo.buffer is rgba8, photo.orientation from EXIF
///     try StillImage.write(photo.buffer, to: "out.png")
public enum StillImage {
    /// A decoded still: RGBA8 pixels (rows top to bottom, straight alpha) and how to turn them upright.
    public struct Decoded: Sendable, Equatable {
        public var buffer: PixelBuffer
        /// From the JPEG's EXIF block; `.up` for PNG and for JPEGs without one.
        public var orientation: Orientation
        /// The file format the bytes were in.
        public var format: StillImageFormat

        public init(buffer: PixelBuffer, orientation: Orientation = .up, format: StillImageFormat) {
            self.buffer = buffer
            self.orientation = orientation
            self.format = format
        }
    }

    /// Reads the image at `path`; the format comes from the file's first bytes, not its name.
    public static func read(contentsOf path: String) throws(StillImageError) -> Decoded {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path: path) } catch { throw .reading(path, error) }
        return try decode(bytes, source: path)
    }

    /// Decodes PNG or JPEG bytes, recognised by their signature.
    /// - Parameter source: the name errors report, a path or "<memory>".
    public static func decode(_ bytes: [UInt8], source: String = "<memory>") throws(StillImageError) -> Decoded {
        switch StillImageFormat(magicBytes: bytes) {
        case .png:
            return Decoded(buffer: try PNGCodec.decode(bytes, source: source), format: .png)
        case .jpeg:
            return Decoded(
                buffer: try JPEGCodec.decode(bytes, source: source),
                orientation: JPEGCodec.orientation(of: bytes), format: .jpeg)
        case nil:
            throw .unsupportedFormat(path: source)
        }
    }

    /// Encodes an `.rgba8` or `.bgra8` buffer in `format`; `quality` (1–100) applies to JPEG only.
    public static func encode(
        _ buffer: PixelBuffer, as format: StillImageFormat, quality: Int = 90,
        destination: String = "<memory>"
    ) throws(StillImageError) -> [UInt8] {
        switch format {
        case .png: return try PNGCodec.encode(buffer, destination: destination)
        case .jpeg: return try JPEGCodec.encode(buffer, quality: quality, destination: destination)
        }
    }

    /// Writes `buffer` as PNG (.png) or JPEG (.jpg, .jpeg) by the path's extension. Atomic: the bytes go
    /// to a temporary file in the same directory that is then renamed over `path`, so a failure never
    /// leaves a half-written file.
    public static func write(_ buffer: PixelBuffer, to path: String, quality: Int = 90) throws(StillImageError) {
        guard let format = StillImageFormat(extensionOf: path) else { throw .unsupportedFormat(path: path) }
        let bytes = try encode(buffer, as: format, quality: quality, destination: path)
        do { try FileBytes.writeAtomically(bytes, to: path) } catch { throw .writing(path, error) }
    }
}
