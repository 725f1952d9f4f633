/// A rendered frame as a web preview sends it: JPEG-encoded once for every viewer, with the times a viewer
/// needs to measure its latency.
public struct LiveFrame: Sendable {
    public let jpeg: [UInt8]
    public let index: Int
    public let width: Int
    public let height: Int
    /// When the camera delivered the frame, in seconds since 1970 (the clock a browser's `Date.now()`
    /// reads), so a viewer on this machine measures capture → screen as its clock minus this.
    public let captureTime: Double
    /// The frame shown once the source has ended or was lost: "no signal" on grey, never a frozen picture.
    public let isNoSignal: Bool
}

/// One detection result as a web preview pushes it: the same JSON object `--events` writes as a line.
public struct LiveDetection: Sendable {
    public let json: [UInt8]
    public let frameIndex: Int
    public let featureCount: Int
}
