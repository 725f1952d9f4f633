/// One stage of a live run: a loop on its own thread between typed ports (`InputPort`, `OutputPort`), with
/// its own settings and the run's shared services, and nothing else. A stage that owns a device (a camera, a
/// display) opens it on its own thread in `open`, and the run learns what it opened (`Opened`) before the
/// next stage starts; `run` then loops until its inputs close or the stop comes. The graph closes the
/// stage's outputs when it returns (`outputs`), so consumers drain and finish after it.
///
///     let info = try graph.start(CaptureStage(…))   // the source is open; no frame read yet
protocol PipelineStage: Sendable {
    /// What `open` made and `run` uses, on the stage's thread only (a `Display`, a `FrameSource`).
    associatedtype Device = Void
    /// What the run learns once the stage is open (the source's name and length, the display's mode).
    associatedtype Opened: Sendable = Void

    /// The thread's name, "iris.capture".
    var name: String { get }
    /// Closed by the graph once `run` returns or `open` fails.
    var outputs: [any ClosableOutput] { get }

    func open() throws(PipelineError) -> (device: Device, opened: Opened)
    func run(_ device: Device)
}

extension PipelineStage where Device == Void, Opened == Void {
    func open() throws(PipelineError) -> (device: Void, opened: Void) { ((), ()) }
}

/// An output closed without knowing what it carries.
protocol ClosableOutput: Sendable {
    func close()
}

extension OutputPort: ClosableOutput {}
extension DetectionBoard: ClosableOutput {}
