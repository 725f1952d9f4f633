import IrisCore
import IrisGLES

/// A frame as the capture stage hands it on: its place in the run and when it arrived, so later stages
/// can measure capture→display and capture→file latency.
struct CapturedFrame: Sendable {
    let frame: Frame
    let index: Int
    let arrival: ContinuousClock.Instant
}

/// A rendered picture, shared by the preview and the recorder (the same buffer, rendered once), with the
/// capture time the recording stamps it with.
struct RenderedFrame: Sendable {
    let picture: PixelBuffer
    /// How to read `picture` when it is a source frame passed through unrendered (Y'CbCr).
    let colorimetry: Colorimetry
    let index: Int
    let timestamp: Double
    let arrival: ContinuousClock.Instant
}

/// What the preview shows: pixels in host memory (copied into a dumb buffer), or a scanout buffer the GLES
/// renderer drew on the display's own card (flipped to as it is; it goes back to the renderer when the
/// display, or a queue that dropped it, lets go).
struct PreviewFrame: Sendable {
    enum Content: Sendable {
        case pixels(PixelBuffer)
        case scanout(ScanoutFrame)
    }
    let content: Content
    let index: Int
    let arrival: ContinuousClock.Instant
}

/// What the capture stage learnt when it opened the source.
struct SourceInfo: Sendable {
    let name: String
    let isLive: Bool
    let nominalFrameDuration: Double?
    let expectedFrames: Int?
}

/// What the display stage opened: a description for the summary, or nil when `auto` found no display; and
/// the GLES renderer on the display's card when the preview is rendered into scanout buffers.
struct DisplayInfo: Sendable {
    let description: String?
    var scanout: GLESScanoutRenderer? = nil
}
