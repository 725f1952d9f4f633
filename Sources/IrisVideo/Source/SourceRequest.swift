import Foundation
import IrisCore

/// What to open as a frame source, and how: a camera device (`/dev/videoN`), a libcamera camera
/// (`libcamera:0`, `libcamera:<id>`), a recording, or `-` for standard input. Camera settings are ignored for
/// recordings; looping and pacing for cameras. `auto` is resolved before opening (`AutomaticSource`).
///
///     let source = try SourceRequest(path: "/dev/video0", size: (1280, 720), frameRate: 30).open()
public struct SourceRequest: Sendable, Equatable {
    public var path: String
    /// The size to ask a camera for; nil takes 640×480.
    public var width: Int?
    public var height: Int?
    /// Frames per second to ask a camera for; nil keeps the driver's rate.
    public var frameRate: Double?
    /// The camera formats to accept, in order; nil takes Iris's order (NV12 first, MJPEG last).
    public var formats: [CaptureFormat]?
    /// Start a recording again at its end.
    public var looping: Bool
    /// Hand out a recording's frames at their timestamps, as a camera would.
    public var realTime: Bool
    /// Camera controls to set before capture (`--control NAME=VALUE`); refused for anything but a camera.
    public var controls: [ControlSetting] = []

    public init(
        path: String, width: Int? = nil, height: Int? = nil, frameRate: Double? = nil,
        formats: [CaptureFormat]? = nil, looping: Bool = false, realTime: Bool = false
    ) {
        self.path = path
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.formats = formats
        self.looping = looping
        self.realTime = realTime
    }

    /// A camera rather than a file: a libcamera camera, a V4L2 node (`/dev/video…`) or any character device.
    public var isCamera: Bool {
        if libcameraSelector != nil { return true }
        if path.hasPrefix("/dev/video") || path.hasPrefix("/dev/v4l/") { return true }
        return CharacterDevice.isCharacterDevice(path) && !path.hasPrefix("/dev/std") && path != "/dev/fd/0"
    }

    /// The libcamera camera a `libcamera:` path names, nil for anything else.
    public var libcameraSelector: LibcameraSelector? { LibcameraSelector(sourcePath: path) }

    /// A headerless stream or file of raw frames: not a camera, with a size and one format given
    /// (`rpicam-vid --codec yuv420 -o - | iris run --source - --size 640x480 --format i420`).
    public var isRawStream: Bool {
        !isCamera && width != nil && height != nil && formats?.count == 1 && formats?.first?.pixelFormat.isYCbCr == true
    }

    /// Which of a raw stream's size and format a request for a file gives, nil when it gives neither.
    var rawOptionsGiven: RawOptions? {
        switch (width != nil || height != nil, formats != nil) {
        case (true, true): .both
        case (true, false): .size
        case (false, true): .format
        case (false, false): nil
        }
    }

    /// Opens the camera or the recording. A size or pixel format given for a file is for headerless raw
    /// frames only, and raw frames need both: given for a Y4M, MP4/MKV or still image, or one without the
    /// other, it is refused (`SourceError.rawOptions` naming the options) rather than ignored or
    /// applied to a container's bytes.
    public func open() throws(SourceError) -> any FrameSource {
        if path == AutomaticSource.name {
            guard let camera = AutomaticSource.cameraPath() else { throw .noCameraFound }
            var resolved = self
            resolved.path = camera
            return try resolved.open()
        }
        if isCamera {
            var request = CaptureRequest(width: width ?? 640, height: height ?? 480, frameRate: frameRate)
            if let formats { request.formats = formats }
            request.controls = controls
            if let selector = libcameraSelector {
                do { return try LibcameraCamera(selector: selector, request: request) } catch {
                    throw .unavailable(path: path, cause: ErrorCause(error))
                }
            }
            do { return try Camera(path: path, request: request) } catch {
                throw .unavailable(path: path, cause: ErrorCause(error))
            }
        }
        if let first = controls.first {
            throw .controlsNeedACamera(path: path == "-" ? "standard input" : path, control: first.name)
        }
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        if StillImageSource.extensions.contains(ext) {
            if let given = rawOptionsGiven { throw given.refused(path, holds: "a still image") }
            return try StillImageSource(path: path, frameRate: frameRate ?? 30)
        }
        if isRawStream, let width, let height, let format = formats?.first {
            let raw = RawVideoFormat(
                width: width, height: height, pixelFormat: format.pixelFormat, frameRate: frameRate ?? 30)
            do {
                return try Recording(
                    rawPath: path, format: raw, looping: looping, pacing: realTime ? .realTime : .asFastAsPossible)
            } catch .notRawFrames(let name, let container) {
                throw RawOptions.both.refused(name, holds: container)
            } catch {
                throw .unavailable(path: path == "-" ? "standard input" : path, cause: ErrorCause(error))
            }
        }
        if let given = rawOptionsGiven { throw given.incomplete(path) }
        do {
            return try Recording(path: path, looping: looping, pacing: realTime ? .realTime : .asFastAsPossible)
        } catch {
            throw .unavailable(path: path == "-" ? "standard input" : path, cause: ErrorCause(error))
        }
    }
}
