import IrisCore

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

/// What the capture stage learnt when it opened the source.
struct SourceInfo: Sendable {
    let name: String
    let isLive: Bool
    let nominalFrameDuration: Double?
    let expectedFrames: Int?
}

/// What the display stage opened: a description for the summary, or nil when `auto` found no display.
struct DisplayInfo: Sendable {
    let description: String?
}
