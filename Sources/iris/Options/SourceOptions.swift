import ArgumentParser
import IrisPipeline
import IrisVideo

/// How every command opens its input when it is a camera (`/dev/videoN`) or a recording played as one.
/// The same names in `run`, `render`, `detect`, `record` and `preview`. `--size` and `--format` together
/// also describe headerless raw frames; `SourceRequest.open` refuses them for anything else, and one
/// without the other for raw frames, naming the options.
struct SourceOptions: ParsableArguments {
    @Option(
        help: """
            Camera frame size, WxH (default 640x480); for headerless raw frames (a .yuv file, a pipe), their \
            size, with --format. Refused for Y4M, MP4/MKV and stills, which carry their own.
            """
    )
    var size: String?
    @Option(help: "Camera frames per second (default: the driver's rate).") var fps: Double?
    @Option(
        help: """
            Camera pixel format: nv12, nv21, i420, yuyv, bgrx8, bgr8, rgb8 or mjpeg (default: the first the camera \
            offers, in that order); for headerless raw frames, their layout (nv12, nv21, i420 or yuyv), with --size.
            """
    )
    var format: String?
    @Option(
        name: .customLong("control"),
        help: """
            Set a camera control before capture, NAME=VALUE (repeatable): a number, true/false, or a menu \
            entry's label, e.g. --control brightness=140 --control "auto_exposure=Manual Mode". \
            `iris devices` lists each camera's controls.
            """
    )
    var controls: [String] = []
    @Flag(help: "Start a recording again at its end (stop with --frames, --duration or Ctrl-C).") var loop = false
    @Flag(help: "Deliver a recording's frames at their timestamps, as a camera would.") var realtime = false

    func validate() throws {
        if let size, FrameSize(size) == nil { throw ValidationError("--size \(size): expected WxH, e.g. 1280x720") }
        if let fps, !(fps > 0 && fps.isFinite) { throw ValidationError("--fps must be a positive number") }
        for text in controls {
            do { _ = try ControlSetting(parsing: text) } catch { throw ValidationError(error.description) }
        }
        if let format, CaptureFormat(name: format) == nil {
            throw ValidationError(
                "--format \(format): expected one of \(CaptureFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    /// These options applied to a source at `path`; options left unset keep what `base` says.
    func request(path: String, base: SourceRequest? = nil) -> SourceRequest {
        var request = base ?? SourceRequest(path: path)
        request.path = path
        if let size, let parsed = FrameSize(size) {
            request.width = parsed.width
            request.height = parsed.height
        }
        if let fps { request.frameRate = fps }
        if let format, let parsed = CaptureFormat(name: format) { request.formats = [parsed] }
        if loop { request.looping = true }
        if realtime { request.realTime = true }
        let settings = controls.compactMap { try? ControlSetting(parsing: $0) }
        if !settings.isEmpty { request.controls = settings }
        return request
    }
}
