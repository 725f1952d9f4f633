import IrisCore

/// Where a pipeline's frames come from: a V4L2 camera, a recording, or a stream on standard input.
/// `Camera` and `Recording` both are one, so every command takes either.
///
///     let source: any FrameSource = try Recording(path: "clip.mkv")
///     while let frame = try source.readFrame() { … }
public protocol FrameSource: AnyObject {
    /// What errors and the status line call the source: a device or file path, or "standard input".
    var sourceName: String { get }
    /// True for a camera: frames arrive at their own pace and a slow consumer must not hold them up.
    var isLive: Bool { get }
    /// Seconds between frames as the source declares them, nil when it declares none.
    var nominalFrameDuration: Double? { get }
    /// The next frame, or nil when the source has ended. A camera waits for its next frame.
    func readFrame() throws -> Frame?
    /// Frames the source itself lost before they reached the pipeline (a camera's sequence gaps).
    var framesLostAtSource: Int { get }
    /// Stops the source (a camera stops streaming); later reads return nil or throw.
    func close()
    /// Errors the source's decoder reported and decoded past (a damaged recording); 0 when clean.
    var decodeErrors: Int { get }
    /// Whether each frame's bytes are copied into host memory as it is read (a camera's buffer copied out, a
    /// decoded picture copied from the decoder, a file's bytes read); false for a still handed out again.
    var copiesFrames: Bool { get }
    /// How many frames the source will give, when it can tell (a recording that declares or sizes its frames);
    /// nil for cameras, streams and looping recordings.
    var declaredFrameCount: Int? { get }
    /// What the camera changed of the request when it opened ("libcamera adjusted the size 320x240 -> 318x240"),
    /// for the run to report; empty when it took the request as asked.
    var configurationNotes: [String] { get }
}

extension FrameSource {
    public var decodeErrors: Int { 0 }
    public var configurationNotes: [String] { [] }
    public var declaredFrameCount: Int? { nil }
    public var copiesFrames: Bool { true }
}

extension Recording: FrameSource {
    public var sourceName: String { path == "-" ? "standard input" : path }
    public var isLive: Bool { false }
    public func readFrame() throws -> Frame? { try nextFrame() }
    public var framesLostAtSource: Int { 0 }
    public func close() {}
    public var declaredFrameCount: Int? { looping ? nil : reader.declaredFrameCount }
}

extension Camera: FrameSource {
    public var sourceName: String { device.path }
    public var isLive: Bool { true }
    public var nominalFrameDuration: Double? { frameRate.map { 1 / $0 } }
    public func readFrame() throws -> Frame? { try nextFrame() }
    public var framesLostAtSource: Int { droppedFrames }
    public func close() { stop() }
}
