import IrisCore

/// Records frames into a video file: H.264, MJPEG or FFV1 in MP4 or MKV (by the file's extension), or
/// uncompressed Y4M. It takes the buffer the renderer produced (RGBA8/BGRA8, the one a preview shows)
/// or a YUV frame, converts it to the encoder's YUV, and stamps it with its capture time, so variable
/// frame rate is kept. `finish()` (or dropping the recorder) completes the file.
///
/// The file plays at every moment: MP4 is written fragmented, MKV in clusters and Y4M frame by frame, each
/// flushed about every second, so a SIGKILL or a power cut loses about a second. Frames go to a temporary
/// file beside the output (`RecorderReservation`: `.NAME.partial-PID.EXT`, locked against a second
/// writer), renamed over the output when the recording finishes. A write failure — a full disk — stops
/// the recording with a typed error and cuts the file back to its last whole fragment, cluster or frame,
/// which is kept; the caller's loop (a preview) goes on.
///
///     let recorder = try Recorder(path: "out.mp4", width: 1280, height: 720, options: .init(codec: .h264))
///     try recorder.append(rendered, timestamp: frame.timestamp); …; try recorder.finish()
public final class Recorder {
    public let path: String
    public let container: RecorderContainer
    public let options: RecorderOptions
    public let width: Int
    public let height: Int
    /// The libavcodec encoder at work ("libx264", "h264_v4l2m2m", "mjpeg", "ffv1"; "rawvideo" for Y4M).
    public let encoderName: String

    public enum State: Equatable, Sendable {
        case recording
        case finished
        /// Stopped by a write failure; the error says what became of the file.
        case failed(RecorderError)
    }
    public private(set) var state: State = .recording
    /// Frames in the file: after a failure, those the file was cut back to.
    public private(set) var framesWritten = 0
    /// The last frame's time in the file, in seconds from the first frame; nil before any frame.
    public var lastTimestamp: Double? { timeline.lastTicks.map(RecorderTimeline.seconds) }
    /// Frames refused because their timestamp did not come after the previous frame's.
    public var framesRefused: Int { timeline.refused }

    private let sink: any RecorderSink
    private let reservation: RecorderReservation
    private var timeline = RecorderTimeline()

    /// Reserves `path` (see `RecorderReservation`) and starts the recording.
    public convenience init(path: String, width: Int, height: Int, options: RecorderOptions = .init())
        throws(RecorderError)
    {
        try Self.check(path: path, width: width, height: height, options: options)
        try self.init(reservation: RecorderReservation(path: path), width: width, height: height, options: options)
    }

    /// Starts the recording on a path reserved earlier (a pipeline reserves before its camera opens). On a
    /// failure here, what was written is removed and the reservation given up.
    public init(reservation: RecorderReservation, width: Int, height: Int, options: RecorderOptions = .init())
        throws(RecorderError)
    {
        let path = reservation.path
        do throws(RecorderError) {
            try Self.check(path: path, width: width, height: height, options: options)
            let container = try RecorderContainer(path: path)
            self.path = path
            self.container = container
            self.options = options
            self.width = width
            self.height = height
            self.reservation = reservation
            switch container {
            case .y4m:
                sink = try Y4MRecorderSink(
                    path: path, writingPath: reservation.writingPath, width: width, height: height, options: options)
            case .mp4, .matroska:
                sink = try LibAVRecorderSink(
                    path: path, writingPath: reservation.writingPath, container: container,
                    width: width, height: height, options: options)
            }
        } catch {
            reservation.discard()
            throw error
        }
        encoderName = sink.encoderName
    }

    /// What can be said about a recording before anything is written: the container, the size, and
    /// whether the codec and the encoder fit them. Errors name the file and the option.
    public static func check(path: String, width: Int? = nil, height: Int? = nil, options: RecorderOptions)
        throws(RecorderError)
    {
        let container = try RecorderContainer(path: path)
        if let width, let height {
            guard width > 0, height > 0, width % 2 == 0, height % 2 == 0 else {
                // 4:2:0 encoders (x264 above all) need even sizes.
                throw .invalidOption(
                    path: path, option: "size \(width)×\(height)", reason: "4:2:0 video needs an even width and height")
            }
        }
        if container != .y4m, !container.allows(options.codec) {
            throw .codecNotAllowed(path: path, codec: options.codec.rawValue, container: container.rawValue)
        }
        if container != .y4m, let encoder = options.encoderName, let reason = options.codec.mismatch(encoder: encoder) {
            throw .invalidOption(path: path, option: "encoder \"\(encoder)\"", reason: reason)
        }
    }

    /// Completes the file if nobody did: a recorder dropped mid-recording still leaves a playable file.
    deinit { if state == .recording { _ = try? finish() } }

    public var isRecording: Bool { state == .recording }

    /// How the last frame written was taken: referenced in its own memory, copied or converted (nil before
    /// the first).
    public private(set) var lastFrameIntake: FrameIntake?

    /// Encodes and writes one frame taken at `timestamp` seconds (any origin; the first frame is time 0).
    /// Returns false when the frame was refused for not coming after the previous one. Throws
    /// `frameMismatch` for a frame of the wrong size (the recording goes on); any other error means the
    /// recording has stopped.
    @discardableResult
    public func append(_ buffer: PixelBuffer, timestamp: Double) throws(RecorderError) -> Bool {
        guard state == .recording else { throw .notRecording(path: path) }
        guard buffer.width == width, buffer.height == height else {
            throw .frameMismatch(
                path: path, frame: framesWritten,
                reason: "\(buffer.width)×\(buffer.height), the recording is \(width)×\(height)")
        }
        guard let ticks = timeline.ticks(for: timestamp) else { return false }
        do {
            lastFrameIntake = try sink.append(buffer, ticks: ticks, duration: timeline.lastDuration ?? defaultDuration)
        } catch {
            stop(because: error)
            throw error
        }
        framesWritten += 1
        return true
    }

    /// `append` with the frame's own pixels and capture time.
    @discardableResult
    public func append(_ frame: Frame) throws(RecorderError) -> Bool {
        try append(frame.buffer, timestamp: frame.timestamp)
    }

    /// Writes out what is buffered (an MP4 fragment, an MKV cluster) and syncs it, for a caller whose
    /// frames stopped coming (a stalled source): the file then holds every frame appended so far. A
    /// failure stops the recording as `append`'s do.
    public func flushPending() throws(RecorderError) {
        guard state == .recording else { return }
        do { try sink.flushPending() } catch {
            stop(because: error)
            throw error
        }
    }

    /// Flushes the encoder and completes the file (MP4's index included). Safe to call again; after a
    /// failure it only reports nothing more.
    public func finish() throws(RecorderError) {
        guard state == .recording else { return }
        do {
            try sink.finish()
        } catch {
            stop(because: error)
            throw error
        }
        do {
            try reservation.commit()
            state = .finished
        } catch {
            // The file is whole; only its rename failed, and the error names where it is kept.
            state = .failed(error)
            throw error
        }
    }

    private var defaultDuration: Int64 { RecorderTimeline.ticksPerSecond / Int64(max(options.nominalFrameRate, 1)) }

    private func stop(because error: RecorderError) {
        // What was kept plays up to its last whole fragment: it goes into place rather than being lost.
        if let kept = sink.salvage() {
            framesWritten = kept
            try? reservation.commit()
        } else {
            framesWritten = 0
            reservation.discard()
        }
        state = .failed(error)
    }
}
