import CLibcamera
import IrisCore

/// A camera driven by libcamera (a Raspberry Pi camera module, any CSI sensor behind an ISP, vimc): one video
/// stream configured at a size, format and rate, its completed requests read as frames and queued again.
///
///     let camera = try LibcameraCamera(selector: .index(0), request: CaptureRequest(width: 1280, height: 720))
///     let frame = try camera.nextFrame()
///
/// libcamera completes requests on its own thread; the newest waits for the reader and an older unread one is
/// queued again at once (counted in `droppedFrames`), so a slow pipeline never leaves libcamera without requests.
/// A camera unplugged mid-stream ends the stream: `nextFrame` throws `.gone`.
public final class LibcameraCamera {
    /// The camera as libcamera lists it.
    public let description: LibcameraCameraDescription
    /// What was configured: size, Iris's pixel format, the first plane's bytes per row.
    public let width: Int, height: Int
    public let pixelFormat: PixelFormat
    public let bytesPerRow: Int
    public let colorimetry: Colorimetry
    /// What libcamera (or the camera) changed of the request, "" for nothing: "size 641x480 -> 640x480".
    public let adjustments: String
    /// The stream's DRM format modifier (0: linear).
    public let modifier: UInt64
    /// The rate asked for through FrameDurationLimits, nil when none was asked or the camera has no such control.
    public let frameRate: Double?
    /// Frames the sensor produced that Iris never handed out: sequence gaps and requests re-queued unread.
    public var droppedFrames: Int { sequenceGaps + Int(handle.map { clc_camera_dropped($0) } ?? 0) }
    public private(set) var deliveredFrames = 0

    private let hold: LibcameraManagerHold
    private var handle: OpaquePointer?
    private var sequenceGaps = 0
    private var lastSequence: UInt32?
    private var ended: LibcameraError?
    /// The last wait ended without a frame: libcamera may be waiting on a device that vanished unnoticed.
    private var stalled = false
    /// The longest a frame may take as the controls set so far say (a long ExposureTime, FrameDurationLimits),
    /// in seconds; 0 when none says.
    private var longestFrameInterval = 0.0

    /// How long `readFrame` waits before calling the camera stalled: 2 s, or three of the longest frames the
    /// controls allow and a second more (a 5 s night exposure waits 16 s).
    public var frameTimeout: Double { Self.frameTimeout(longestFrameInterval: longestFrameInterval) }

    static func frameTimeout(longestFrameInterval seconds: Double) -> Double { max(2, 3 * seconds + 1) }

    /// The source path that names this camera: `libcamera:<id>`.
    public var sourcePath: String { LibcameraSelector.scheme + description.id }

    /// Finds the camera, picks the first of `request.formats` its stream offers, configures the stream at the
    /// requested size, sets `request.controls` (and FrameDurationLimits for a rate) and starts it.
    public init(selector: LibcameraSelector, request: CaptureRequest = CaptureRequest()) throws(LibcameraError) {
        hold = try LibcameraManagerHold()
        let cameras = LibcameraCameraDescription.describeAll()
        guard let camera = selector.pick(cameras) else {
            let locked = LockedMediaDevices.paths()
            if !locked.isEmpty { throw .inUseElsewhere(requested: selector.description, lockedDevices: locked) }
            throw .noCamera(requested: selector.description, available: cameras.map(\.id))
        }
        description = camera
        let offered = camera.formats.compactMap(\.pixelFormat)
        guard let chosen = request.formats.compactMap({ $0.pixelFormat }).first(where: offered.contains),
            let fourCC = chosen.info.drmFourCC
        else {
            throw .unsupportedFormat(
                camera: camera.id, requested: request.formats.map(\.rawValue),
                offered: camera.formats.map(\.description))
        }

        var streamRequest = clc_stream_request(
            width: Int32(request.width), height: Int32(request.height), fourcc: fourCC.code,
            buffer_count: Int32(request.bufferCount))
        var config = clc_stream_config()
        var status: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        guard let opened = clc_camera_open(camera.id, &streamRequest, &config, &status, &error, Int32(error.count))
        else {
            throw Self.error(status, camera: camera.id, operation: "configure", reason: CText.string(error))
        }
        handle = opened
        guard let format = PixelFormatTable.row(drm: FourCC(code: config.fourcc))?.format else {
            // Thrown before every property is set, so deinit will not run: the camera is released here.
            clc_camera_close(opened)
            handle = nil
            throw .invalidConfiguration(
                camera: camera.id, reason: "libcamera chose \(FourCC(code: config.fourcc)), which Iris cannot read")
        }
        width = Int(config.width)
        height = Int(config.height)
        pixelFormat = format
        bytesPerRow = Int(config.stride)
        modifier = config.modifier
        colorimetry = Self.colorimetry(config)
        var notes = CText.string(config.adjusted)

        var rate: Double?
        if let fps = request.frameRate {
            if let limits = camera.controls.first(where: { $0.name == "FrameDurationLimits" }) {
                let microseconds = (1_000_000 / fps).rounded()
                try Self.set(opened, limits, [microseconds, microseconds], camera: camera.id)
                longestFrameInterval = microseconds / 1_000_000
                rate = fps
            } else {
                notes += (notes.isEmpty ? "" : ", ") + "frame rate: the camera has no FrameDurationLimits control"
            }
        }
        frameRate = rate
        adjustments = notes
        for setting in request.controls { try set(setting) }
        let started = clc_camera_start(opened, &error, Int32(error.count))
        guard started == Int32(CLC_OK) else {
            throw Self.error(started, camera: camera.id, operation: "start", reason: CText.string(error))
        }
    }

    deinit { if let handle { stalled ? clc_camera_abandon(handle) : clc_camera_close(handle) } }

    /// Sets a control by name (`ExposureTime=10000`, `AwbMode=daylight`, `ColourGains=1.6,1.9`): before streaming
    /// it is part of the start, afterwards it rides on the next request queued, as rpicam-apps does.
    public func set(_ setting: ControlSetting) throws(LibcameraError) {
        guard let handle else { throw ended ?? .gone(camera: description.id) }
        guard let control = description.controls.first(where: { $0.isNamed(setting.name) }) else {
            let suggestion = ClosestName.match(setting.name.lowercased(), among: description.controls.map(\.key))
            throw .noSuchControl(camera: description.id, control: setting.name, suggestion: suggestion)
        }
        let numbers = try control.numbers(for: setting.value, camera: description.id)
        try Self.set(handle, control, numbers, camera: description.id)
        if control.name == "ExposureTime" || control.name == "FrameDurationLimits" {
            longestFrameInterval = max(longestFrameInterval, (numbers.max() ?? 0) / 1_000_000)
        }
    }

    private static func set(
        _ handle: OpaquePointer, _ control: LibcameraControl, _ numbers: [Double], camera: String
    ) throws(LibcameraError) {
        var error = [CChar](repeating: 0, count: 256)
        guard
            clc_camera_set_control(handle, control.id, numbers, Int32(numbers.count), &error, Int32(error.count))
                == CLC_OK
        else {
            throw .invalidControlValue(
                camera: camera, control: control.name,
                value: numbers.map(LibcameraControl.format).joined(separator: ","), reason: CText.string(error))
        }
    }

    /// The next frame, waiting at most `timeout` seconds; the buffer goes back to libcamera once copied.
    /// Buffers libcamera marks as failed are skipped and counted as dropped.
    public func nextFrame(timeout: Double = 2) throws(LibcameraError) -> Frame {
        if let ended { throw ended }
        guard let handle else { throw LibcameraError.gone(camera: description.id) }
        while true {
            var frame = clc_frame()
            let status = clc_camera_wait_frame(handle, Int32(max(1, timeout * 1000)), &frame)
            switch status {
            case Int32(CLC_OK): stalled = false
            case Int32(CLC_TIMEOUT):
                stalled = true
                throw .timeout(camera: description.id, seconds: timeout)
            default:
                let error: LibcameraError =
                    status == Int32(CLC_GONE)
                    ? .gone(camera: description.id)
                    : .failed(camera: description.id, operation: "nextFrame", reason: "camera stopped")
                end(error)
                throw error
            }
            defer { clc_camera_requeue(handle, frame.request_index) }
            if let last = lastSequence, frame.sequence > last &+ 1 { sequenceGaps += Int(frame.sequence - last - 1) }
            lastSequence = frame.sequence
            if frame.frame_error != 0 {
                sequenceGaps += 1
                continue
            }
            let buffer = try copyOut(frame)
            deliveredFrames += 1
            return Frame(
                buffer: buffer, colorimetry: colorimetry, timestamp: Double(frame.timestamp_ns) / 1e9,
                sequence: Int(frame.sequence))
        }
    }

    /// Buffer `index` as a dmabuf for zero-copy import, described as a V4L2 capture buffer is (`Camera.exportDMABUF`):
    /// the DRM FourCC, the size, each plane's descriptor, offset and stride, the modifier. The descriptors are
    /// duplicates the caller owns and closes (`fileDescriptors`).
    public func exportDMABUF(bufferIndex index: Int) throws(LibcameraError) -> DMABuf {
        guard let handle else { throw ended ?? .gone(camera: description.id) }
        var fds = [Int32](repeating: -1, count: 4), offsets = fds, lengths = fds
        let count = Int(clc_camera_buffer_planes(handle, Int32(index), &fds, &offsets, &lengths, 4))
        guard count > 0, let fourCC = pixelFormat.info.drmFourCC else {
            throw .failed(camera: description.id, operation: "exportDMABUF", reason: "no buffer \(index)")
        }
        let placements = pixelFormat.contiguousPlanes(width: width, height: height, firstPlaneBytesPerRow: bytesPerRow)
        let planes = placements.indices.map { i in
            count == placements.count
                ? DMABuf.Plane(fd: fds[i], offset: Int(offsets[i]), bytesPerRow: placements[i].bytesPerRow)
                : DMABuf.Plane(
                    fd: fds[0], offset: Int(offsets[0]) + placements[i].offset, bytesPerRow: placements[i].bytesPerRow)
        }
        return DMABuf(width: width, height: height, fourCC: fourCC, planes: planes, modifier: modifier)
    }

    /// What libcamera changed of the request, one note each, for the run's warnings.
    public var configurationNotes: [String] {
        adjustments.isEmpty ? [] : adjustments.components(separatedBy: ", ").map { "libcamera adjusted the \($0)" }
    }

    /// Stops streaming, frees the buffers and releases the camera; later reads throw.
    public func stop() { end(.failed(camera: description.id, operation: "nextFrame", reason: "camera stopped")) }

    /// A camera that stalled is abandoned rather than stopped (`clc_camera_abandon`): with no hotplug event
    /// (no udev daemon) libcamera cannot tell its device is gone, and stopping it would abort the process.
    private func end(_ reason: LibcameraError) {
        if let handle { stalled ? clc_camera_abandon(handle) : clc_camera_close(handle) }
        handle = nil
        if ended == nil { ended = reason }
    }

    /// Copies the mapped planes into a `PixelBuffer` with the stream's strides. A frame in one dmabuf (planes
    /// at offsets of one allocation) and one with a dmabuf a plane read the same.
    private func copyOut(_ frame: clc_frame) throws(LibcameraError) -> PixelBuffer {
        let placements = pixelFormat.contiguousPlanes(width: width, height: height, firstPlaneBytesPerRow: bytesPerRow)
        let given = withUnsafeBytes(of: frame.data) { Array($0.bindMemory(to: UnsafePointer<UInt8>?.self)) }
        let lengths = withUnsafeBytes(of: frame.length) { Array($0.bindMemory(to: Int32.self)) }
        var planes: [PixelBuffer.Plane] = []
        for (index, placement) in placements.enumerated() {
            let separate = Int(frame.plane_count) == placements.count
            let source = separate ? index : 0
            let start = separate ? 0 : placement.offset
            guard source < Int(frame.plane_count), let base = given[source],
                start + placement.byteCount <= Int(lengths[source])
            else {
                throw .failed(
                    camera: description.id, operation: "frame",
                    reason: "plane \(index) of \(pixelFormat) \(width)x\(height) does not fit the buffer libcamera gave"
                )
            }
            let bytes = Array(UnsafeBufferPointer(start: base + start, count: placement.byteCount))
            planes.append(PixelBuffer.Plane(bytes: bytes, bytesPerRow: placement.bytesPerRow))
        }
        do {
            return try PixelBuffer(width: width, height: height, format: pixelFormat, planes: planes)
        } catch {
            throw .failed(camera: description.id, operation: "frame", reason: "\(error)")
        }
    }

    /// libcamera's ColorSpace as Iris's Colorimetry: the Y'CbCr encoding and range (RGB formats ignore it).
    private static func colorimetry(_ config: clc_stream_config) -> Colorimetry {
        guard config.has_color_space != 0 else { return .default }
        let matrix: YCbCrMatrix =
            switch config.ycbcr_encoding {
            case 2: .bt709
            case 3: .bt2020
            default: config.primaries == 2 ? .bt709 : .bt601
            }
        return Colorimetry(matrix: matrix, range: config.full_range != 0 ? .full : .video)
    }

    private static func error(_ status: Int32, camera: String, operation: String, reason: String) -> LibcameraError {
        switch status {
        case Int32(CLC_NO_CAMERA): .noCamera(requested: camera, available: [])
        case Int32(CLC_BUSY): .busy(camera: camera)
        case Int32(CLC_INVALID): .invalidConfiguration(camera: camera, reason: reason)
        case Int32(CLC_GONE): .gone(camera: camera)
        default: .failed(camera: camera, operation: operation, reason: reason)
        }
    }
}

extension LibcameraCamera: FrameSource {
    public var sourceName: String { sourcePath }
    public var isLive: Bool { true }
    public var nominalFrameDuration: Double? { frameRate.map { 1 / $0 } }
    public func readFrame() throws -> Frame? { try nextFrame(timeout: frameTimeout) }
    public var framesLostAtSource: Int { droppedFrames }
    public func close() { stop() }
}
