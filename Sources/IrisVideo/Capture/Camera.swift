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
    /// How many mmap buffers to ask for (at least 4): enough for frames to hold some while the driver fills others.
    public var bufferCount: Int = 6
    /// Whether frames read the driver's buffers in place (true) or are always copied out (false).
    public var lendsBuffers = true
    /// How many buffers a frame's loan must leave with the driver; past that, frames are copied.
    public var buffersKeptByDriver = 2
    /// The device input to select first (nil: leave as is).
    public var input: Int?
    /// Controls to set once the format is negotiated, before streaming starts, in order.
    public var controls: [ControlSetting] = []

    public init(
        width: Int = 640, height: Int = 360, formats: [CaptureFormat] = CaptureFormat.preferenceOrder,
        frameRate: Double? = nil, bufferCount: Int = 6, input: Int? = nil
    ) {
        self.width = width
        self.height = height
        self.formats = formats
        self.frameRate = frameRate
        self.bufferCount = bufferCount
        self.input = input
    }
}

/// A streaming V4L2 camera: mmap buffers lent to the frames that read them (or copied out when every
/// spare buffer is on loan), with their timestamps, sequence numbers and the driver's colorimetry; dropped
/// frames counted from gaps in the sequence.
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
    /// Frames that read the driver's buffer in place; the others were copied (all loans out) or decoded.
    public private(set) var lentFrames = 0
    /// Whether frames may borrow the driver's buffers (`CaptureRequest.lendsBuffers`).
    public let lendsBuffers: Bool
    /// Buffers a loan must leave with the driver (`CaptureRequest.buffersKeptByDriver`).
    public let buffersKeptByDriver: Int
    private var queue: BufferQueue?
    /// The queue after a stop, kept for its loan counts while frames still hold its buffers.
    private var stoppedQueue: BufferQueue?
    private var lastSequence: Int?
    private var ended: CaptureError?

    public convenience init(path: String, request: CaptureRequest = CaptureRequest()) throws(CaptureError) {
        try self.init(device: VideoDevice(path: path), request: request)
    }

    /// Negotiates the format, sets the rate, maps the buffers and starts streaming.
    public init(device: VideoDevice, request: CaptureRequest) throws(CaptureError) {
        self.device = device
        lendsBuffers = request.lendsBuffers && !device.isLibcameraCompatibilityLayer
        buffersKeptByDriver = max(1, request.buffersKeptByDriver)
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
    ///
    /// The frame reads the driver's buffer in place (its planes borrow it) and the buffer goes back to the
    /// driver when the last holder of the frame lets go. When that loan would leave the driver fewer than
    /// `CaptureRequest.buffersKeptByDriver` buffers (slow holders keep the others), the frame is copied into
    /// host memory instead and the buffer goes back at once, so capture never waits for a holder. MJPEG
    /// frames are decoded into host memory.
    public func nextFrame(timeout: Double = 2) throws(CaptureError) -> Frame {
        if let ended { throw ended }
        guard let queue else { throw .deviceGone(path: device.path) }
        do {
            let deadline = BufferQueue.now() + timeout
            while true {
                let filled = try queue.dequeue(timeout: max(0.001, deadline - BufferQueue.now()))
                if let last = lastSequence, filled.sequence > last + 1 { droppedFrames += filled.sequence - last - 1 }
                lastSequence = filled.sequence
                if filled.isError || filled.bytesUsed == 0 {
                    try? queue.requeue(filled.index)
                    droppedFrames += 1
                    continue
                }
                let buffer: PixelBuffer
                if format.format != .mjpeg, lendsBuffers,
                    let memory = queue.lend(
                        filled.index, bytesUsed: filled.bytesUsed, reserve: buffersKeptByDriver,
                        describe: format.dmabuf(fd:))
                {
                    buffer = try planes(of: memory)
                    lentFrames += 1
                } else {
                    defer { try? queue.requeue(filled.index) }
                    buffer = try queue.withBytes(of: filled.index, bytesUsed: filled.bytesUsed) {
                        (bytes) throws(CaptureError) in try copyOut(bytes)
                    }
                }
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

    /// Loans made and returned so far, per buffer (each loan comes back once, when its last frame is gone).
    public var bufferLoans: (lent: [Int], returned: [Int]) {
        guard let counts = (queue ?? stoppedQueue)?.loanCounts else { return ([], []) }
        return (counts.lent, counts.returned)
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
        stoppedQueue = queue ?? stoppedQueue
        queue = nil
        if ended == nil { ended = reason }
    }

    /// The negotiated format's planes over a lent buffer, read in place.
    private func planes(of memory: BorrowedMemory) throws(CaptureError) -> PixelBuffer {
        let pf = format.format.pixelFormat
        var planes: [PixelBuffer.Plane] = []
        for placement in try placements(bytesUsed: memory.count) {
            planes.append(
                PixelBuffer.Plane(
                    borrowing: memory, offset: placement.offset, count: placement.byteCount,
                    bytesPerRow: placement.bytesPerRow))
        }
        return try buffer(pf, planes)
    }

    /// Copies a filled buffer into a `PixelBuffer` in host memory, keeping the driver's row stride (MJPEG: decodes it).
    private func copyOut(_ bytes: UnsafeRawBufferPointer) throws(CaptureError) -> PixelBuffer {
        if format.format == .mjpeg {
            do {
                return try JPEGCodec.decode(Array(bytes), source: device.path)
            } catch {
                throw .failed(path: device.path, operation: "MJPEG decode", reason: "\(error)")
            }
        }
        let planes = try placements(bytesUsed: bytes.count).map {
            PixelBuffer.Plane(bytes: Array(bytes[$0.offset..<($0.offset + $0.byteCount)]), bytesPerRow: $0.bytesPerRow)
        }
        return try buffer(format.format.pixelFormat, planes)
    }

    /// Where each plane lies in a filled buffer; throws when the driver filled fewer bytes than the format needs.
    private func placements(bytesUsed: Int) throws(CaptureError) -> [PixelFormat.PlanePlacement] {
        let all = format.format.pixelFormat.contiguousPlanes(
            width: format.width, height: format.height, firstPlaneBytesPerRow: format.bytesPerLine)
        if let last = all.last, last.offset + last.byteCount > bytesUsed {
            throw .failed(
                path: device.path, operation: "frame",
                reason: "buffer has \(bytesUsed) bytes, \(format) needs \(last.offset + last.byteCount)")
        }
        return all
    }

    private func buffer(_ pf: PixelFormat, _ planes: [PixelBuffer.Plane]) throws(CaptureError) -> PixelBuffer {
        do {
            return try PixelBuffer(width: format.width, height: format.height, format: pf, planes: planes)
        } catch {
            throw .failed(path: device.path, operation: "frame", reason: "\(error)")
        }
    }
}
