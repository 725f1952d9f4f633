import IrisCore

/// What a stream of headerless frames cannot say about itself: their size, pixel layout and rate.
/// Planes follow one another tightly packed, as `rpicam-vid --codec yuv420 -o -` and
/// `ffmpeg -f rawvideo` write them (chroma planes of odd sizes are rounded up).
///
///     let format = RawVideoFormat(width: 640, height: 480, pixelFormat: .i420, frameRate: 30)
public struct RawVideoFormat: Sendable, Hashable {
    public var width: Int
    public var height: Int
    /// Any `PixelFormat`; cameras send `.i420`, `.nv12` or `.yuyv`.
    public var pixelFormat: PixelFormat
    /// Frames per second; frame n is stamped n / frameRate seconds.
    public var frameRate: Double
    /// How the Y'CbCr values map to colour; a raw stream carries no tag.
    public var colorimetry: Colorimetry

    public init(
        width: Int, height: Int, pixelFormat: PixelFormat, frameRate: Double = 30,
        colorimetry: Colorimetry = .default
    ) {
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.frameRate = frameRate
        self.colorimetry = colorimetry
    }

    /// Bytes of each plane of one frame, in stream order.
    public var planeByteCounts: [Int] {
        pixelFormat.planes.indices.map { i in
            let (w, h) = pixelFormat.planeSize(i, width: width, height: height)
            return w * h * pixelFormat.planes[i].bytesPerSample
        }
    }

    public var frameByteCount: Int { planeByteCounts.reduce(0, +) }

    /// Why this format describes no readable frame, or nil when it does.
    var problem: String? {
        guard DecodeLimits.allows(width: width, height: height) else {
            return "\(width)×\(height) is not a frame size (1 to \(DecodeLimits.maximumPixelCount) pixels)"
        }
        guard frameRate.isFinite, frameRate > 0 else { return "frame rate \(frameRate) is not a positive number" }
        return nil
    }
}
