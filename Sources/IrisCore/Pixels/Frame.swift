/// One picture from a camera or a recording: its pixels, how to read their colours, and when it was taken.
///
///     let image = Image(frame: frame)   // YCbCr→RGB happens in the first render pass
public struct Frame: Sendable {
    public var buffer: PixelBuffer
    /// How Y'CbCr code values map to RGB; ignored for RGB formats.
    public var colorimetry: Colorimetry
    /// Capture or presentation time in seconds (monotonic for cameras).
    public var timestamp: Double
    /// The driver's or reader's sequence number; a gap means dropped frames.
    public var sequence: Int

    public init(buffer: PixelBuffer, colorimetry: Colorimetry = .default, timestamp: Double = 0, sequence: Int = 0) {
        self.buffer = buffer
        self.colorimetry = colorimetry
        self.timestamp = timestamp
        self.sequence = sequence
    }
}
