import CAV
import IrisCore

/// Encodes with libavcodec and writes MP4 or MKV with libavformat (`RecorderMuxer`: fragments or clusters
/// written about every second). After a write failure the file is cut back to its last whole fragment or
/// cluster, which plays; a file left with no frame is removed.
final class LibAVRecorderSink: RecorderSink {
    let path: String
    private let encoder: RecorderEncoder
    private let muxer: RecorderMuxer
    private let converter = RecorderPictureConverter()
    private let colorimetry: Colorimetry
    private var frameHandle: UnsafeMutablePointer<AVFrame>?

    var encoderName: String { encoder.encoderName }

    private let writingPath: String
    /// The stop that ends the waits of a FIFO output (see `InterruptibleIO`); its reason names the
    /// failure of a write it ended.
    private let latch = StopLatch.current

    init(
        path: String, writingPath: String, container: RecorderContainer, width: Int, height: Int,
        options: RecorderOptions
    ) throws(RecorderError) {
        self.path = path
        self.writingPath = writingPath
        colorimetry = options.effectiveColorimetry
        muxer = try RecorderMuxer(path: path, writingPath: writingPath, container: container)
        encoder = try RecorderEncoder(
            path: path, width: width, height: height, options: options,
            globalHeader: muxer.wantsGlobalHeader)
        guard let frame = av_frame_alloc() else {
            throw .writeFailed(path: path, reason: "libav could not allocate a frame")
        }
        frameHandle = frame
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.format = encoder.pixelFormat.rawValue
        let allocated = av_frame_get_buffer(frame, 0)
        guard allocated >= 0 else {
            throw .writeFailed(path: path, reason: "frame buffer: \(LibAVStatus.message(allocated))")
        }
        do { try muxer.start(with: encoder) } catch {
            _ = muxer.salvage()  // closes the file; nothing in it is worth keeping
            RecorderFiles.removeIfRegularFile(writingPath)
            throw error
        }
    }

    deinit { av_frame_free(&frameHandle) }

    func append(_ buffer: PixelBuffer, ticks: Int64, duration: Int64) throws(RecorderError) -> FrameIntake {
        // A picture in lent memory, already in the encoder's layout, is referenced where it lies.
        if let lent = LentEncoderFrame(buffer, pixelFormat: encoder.pixelFormat), let frame = lent.pointer {
            try encode(frame, ticks: ticks, duration: duration)
            return .referenced
        }
        guard let frame = frameHandle else { throw .writeFailed(path: path, reason: "the frame is gone") }
        // The encoder may still hold the previous picture (a reference for H.264): never write into it.
        let writable = av_frame_make_writable(frame)
        guard writable >= 0 else {
            throw .writeFailed(path: path, reason: "frame buffer: \(LibAVStatus.message(writable))")
        }
        let intake = try fill(frame, from: buffer)
        try encode(frame, ticks: ticks, duration: duration)
        return intake
    }

    private func encode(
        _ frame: UnsafeMutablePointer<AVFrame>, ticks: Int64, duration: Int64
    ) throws(RecorderError) {
        frame.pointee.pts = ticks
        frame.pointee.quality = encoder.context.pointee.global_quality
        do {
            try encoder.encode(frame) { packet throws(RecorderError) in
                if packet.pointee.duration <= 0 { packet.pointee.duration = duration }
                try muxer.write(packet, timeBase: encoder.timeBase)
            }
        } catch { throw explained(error) }
    }

    func flushPending() throws(RecorderError) {
        do { try muxer.flush(sync: true) } catch { throw explained(error) }
    }

    func finish() throws(RecorderError) {
        let lastDuration = Int64(RecorderTimeline.ticksPerSecond) / Int64(max(encoder.context.pointee.framerate.num, 1))
        do {
            try encoder.encode(nil) { packet throws(RecorderError) in
                if packet.pointee.duration <= 0 { packet.pointee.duration = lastDuration }
                try muxer.write(packet, timeBase: encoder.timeBase)
            }
            try muxer.finish()
        } catch { throw explained(error) }
    }

    /// A write to a FIFO that a stop ended says so (libav only saw ECANCELED).
    private func explained(_ error: RecorderError) -> RecorderError {
        guard let reason = latch.reason, !RecorderFiles.isRegularFile(writingPath) else { return error }
        return .writeFailed(
            path: path, reason: "its reader took no more data before the stop (\(reason)) ended the wait")
    }

    func salvage() -> Int? {
        if let kept = muxer.salvage() { return kept }
        RecorderFiles.removeIfRegularFile(writingPath)
        return nil
    }

    private func fill(
        _ frame: UnsafeMutablePointer<AVFrame>, from buffer: PixelBuffer
    ) throws(RecorderError) -> FrameIntake {
        let layout = RecorderPictureConverter.Destination.Layout(encoder.pixelFormat)
        let data = [frame.pointee.data.0, frame.pointee.data.1, frame.pointee.data.2]
        let strides = [frame.pointee.linesize.0, frame.pointee.linesize.1, frame.pointee.linesize.2]
        let count = layout == .semiPlanar ? 2 : 3
        let planes = data.prefix(count).compactMap { $0 }
        guard planes.count == count else {
            throw .writeFailed(path: path, reason: "the encoder's frame has missing planes")
        }
        let destination = RecorderPictureConverter.Destination(
            planes: planes, strides: Array(strides.prefix(count)),
            layout: layout)
        if RecorderPictureConverter.copyIfSameLayout(buffer, into: destination) { return .copied }
        do { try converter.convert(buffer, into: destination, colorimetry: colorimetry) } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
        return .converted
    }
}
