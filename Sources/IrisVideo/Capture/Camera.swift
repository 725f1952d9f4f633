import IrisCore
#if canImport(Glibc)
    import Glibc
#endif

/// What to open: formats in order of preference, a size, a rate, how many buffers.
///
///     var request = CaptureRequest(width: 640, height: 360)
///     request.formats = [.yuyv]          // only YUYV
public struct CaptureRequest: Sendable {
    public var formats: [CaptureFormat] = CaptureFormat.preferenceOrder
    public var width: Int
    public var height: Int
    /// Frames per second to ask for (VIDIOC_S_PARM); nil keeps the driver's rate.
    public var frameRate: Double?
    /// At least 4 mmap buffers.
    public var bufferCount: Int = 4
    /// The device input to select first (nil: leave as is).
    public var input: Int?
    /// Controls to set once the format is negotiated, before streaming starts, in order.
    public var controls: [ControlSetting] = []

    public init(
        width: Int = 640, height: Int = 360, formats: [CaptureFormat] = CaptureFormat.preferenceOrder,
        frameRate: Double? = nil, bufferCount: Int = 4, input: Int? = nil
    ) {
        self.width = width
        self.height = height
        self.formats = formats
        self.frameRate = frameRate
        self.bufferCount = bufferCount
        self.input = input
    }
}

/// A streaming V4L2 camera: mmap buffers, frames copied out with their timestamps, sequence numbers
/// and the driver's colorimetry; dropped frames counted from gaps in the sequence.
///
///     let camera = try Camera(path: "/dev/video0", request: CaptureRequest(width: 320, height: 180))
///     let frame = try camera.nextFrame()
///     let rgba = try Context(renderer: CPURenderer()).render(Image(frame: frame))
///
/// A device that vanishes mid-stream ends the stream: `nextFrame` throws `.deviceGone`, the buffers
/// are released and every later call throws the same.
public final class Camera {
    public let device: VideoDevice
    public let format: NegotiatedFormat
    /// The rate the driver set, when it reports one.
    public private(set) var frameRate: Double?
    /// Frames the driver produced that this process never saw (gaps in the sequence numbers).
    public private(set) var droppedFrames = 0
    /// Frames handed out.
    public private(set) var deliveredFrames = 0
    private var queue: BufferQueue?
    private var lastSequence: Int?
    private var ended: CaptureError?

    public convenience init(path: String, request: CaptureRequest = CaptureRequest()) throws(CaptureError) {
        try self.init(device: VideoDevice(path: path), request: request)
    }

    /// Negotiates the format, sets the rate, maps the buffers and starts streaming.
    public init(device: VideoDevice, request: CaptureRequest) throws(CaptureError) {
        self.device = device
        if let input = request.input { try device.selectInput(input) }
        format = try device.negotiate(preferences: request.formats, width: request.width, height: request.height)
        for setting in request.controls { try device.apply(setting) }
        if let fps = request.frameRate {
            frameRate = try device.setFrameRate(fps)
        } else {
            frameRate = try? device.frameRate()
        }
        let queue = try BufferQueue(device: device, count: max(4, request.bufferCount))
        try queue.start()
        self.queue = queue
    }

    deinit { queue?.release() }

    /// Number of mmap buffers in the queue.
    public var bufferCount: Int { queue?.count ?? 0 }

    /// The next frame, waiting at most `timeout` seconds. Buffers the driver flags as corrupt are
    /// skipped (and counted as dropped).
    public func nextFrame(timeout: Double = 2) throws(CaptureError) -> Frame {
        if let ended { throw ended }
        guard let queue else { throw .deviceGone(path: device.path) }
        do {
            let deadline = BufferQueue.now() + timeout
            while true {
                let filled = try queue.dequeue(timeout: max(0.001, deadline - BufferQueue.now()))
                defer { try? queue.requeue(filled.index) }
                if let last = lastSequence, filled.sequence > last + 1 { droppedFrames += filled.sequence - last - 1 }
                lastSequence = filled.sequence
                if filled.isError || filled.bytesUsed == 0 {
                    droppedFrames += 1
                    continue
                }
                let buffer = try copyOut(queue.mappings[filled.index], bytesUsed: filled.bytesUsed)
                deliveredFrames += 1
                return Frame(
                    buffer: buffer, colorimetry: format.colorimetry, timestamp: filled.timestamp,
                    sequence: filled.sequence)
            }
        } catch .deviceGone(let path) {
            end(.deviceGone(path: path))
            throw .deviceGone(path: path)
        }
    }

    /// Exports buffer `index` as a dmabuf for zero-copy import (EGL on real boards, KMS planes),
    /// described with the negotiated format: its DRM FourCC, the size, and each plane's offset and stride.
    /// The caller owns the descriptor and closes it (`fileDescriptors`).
    public func exportDMABUF(bufferIndex index: Int) throws(CaptureError) -> DMABuf {
        guard let queue else { throw ended ?? .deviceGone(path: device.path) }
        return format.dmabuf(fd: try queue.exportDMABUF(index))
    }

    /// Stops streaming and frees the buffers; the camera then delivers no more frames.
    public func stop() { end(.failed(path: device.path, operation: "nextFrame", reason: "camera stopped")) }

    private func end(_ reason: CaptureError) {
        queue?.release()
        queue = nil
        if ended == nil { ended = reason }
    }

    /// Copies the mapped buffer into a `PixelBuffer`, keeping the driver's row stride.
    private func copyOut(_ m: BufferQueue.Mapping, bytesUsed: Int) throws(CaptureError) -> PixelBuffer {
        let used = min(bytesUsed, m.length)
        let bytes = UnsafeRawBufferPointer(start: m.address, count: used)
        if format.format == .mjpeg {
            do {
                return try JPEGCodec.decode(Array(bytes), source: device.path)
            } catch {
                throw .failed(path: device.path, operation: "MJPEG decode", reason: "\(error)")
            }
        }
        let pf = format.format.pixelFormat
        var planes: [PixelBuffer.Plane] = []
        for placement in pf.contiguousPlanes(
            width: format.width, height: format.height, firstPlaneBytesPerRow: format.bytesPerLine)
        {
            let end = placement.offset + placement.byteCount
            guard end <= used else {
                throw .failed(
                    path: device.path, operation: "frame", reason: "buffer has \(used) bytes, \(format) needs \(end)")
            }
            planes.append(
                PixelBuffer.Plane(bytes: Array(bytes[placement.offset..<end]), bytesPerRow: placement.bytesPerRow))
        }
        do {
            return try PixelBuffer(width: format.width, height: format.height, format: pf, planes: planes)
        } catch {
            throw .failed(path: device.path, operation: "frame", reason: "\(error)")
        }
    }
}
