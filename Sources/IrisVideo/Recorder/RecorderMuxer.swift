#if canImport(Glibc)
    import Glibc
#endif
import CAV

/// One output file through libavformat: the container, its single video stream, the header written on
/// `start`, packets interleaved as they come, and the trailer written on `finish`. The file is written so
/// that it plays at any moment: MP4 fragmented (`empty_moov`: the index up front, then a moof/mdat
/// fragment at each keyframe and at each flush), MKV in clusters closed at each flush, with a flush about
/// every second (`RecorderFlushPolicy`). After a failure the file is cut back to its last whole fragment
/// or cluster. Write failures come back as typed errors naming the file; ENOSPC as `diskFull`.
final class RecorderMuxer {
    let path: String
    let format: UnsafeMutablePointer<AVFormatContext>
    private(set) var stream: UnsafeMutablePointer<AVStream>
    private let writingPath: String
    private var output: RecorderFileOutput?
    private var flushPolicy = RecorderFlushPolicy()
    /// The file's length once the header was written: a file no longer than this holds no frame.
    private var headerLength: Int64 = 0
    private let container: RecorderContainer
    /// Packets handed to the muxer, and how many of them the last flush put in the file.
    private var packetsWritten = 0
    private var packetsCommitted = 0

    init(path: String, writingPath: String, container: RecorderContainer) throws(RecorderError) {
        self.path = path
        self.writingPath = writingPath
        self.container = container
        var output: UnsafeMutablePointer<AVFormatContext>?
        let allocated = avformat_alloc_output_context2(&output, nil, container.muxerName, writingPath)
        guard allocated >= 0, let output else {
            throw .writeFailed(
                path: path, reason: "libavformat has no \(container.rawValue) muxer: \(LibAVStatus.message(allocated))")
        }
        guard let stream = avformat_new_stream(output, nil) else {
            avformat_free_context(output)
            throw .writeFailed(path: path, reason: "libavformat could not add a stream")
        }
        format = output
        self.stream = stream
    }

    deinit {
        // The context only borrows the output's AVIOContext.
        format.pointee.pb = nil
        avformat_free_context(format)
    }

    /// Whether the encoder must put its parameter sets in extradata (MP4 and MKV both want it).
    var wantsGlobalHeader: Bool { format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

    /// Copies the encoder's parameters into the stream, creates the file and writes the header.
    func start(with encoder: RecorderEncoder) throws(RecorderError) {
        let copied = avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context)
        guard copied >= 0 else {
            throw .writeFailed(path: path, reason: "stream parameters: \(LibAVStatus.message(copied))")
        }
        stream.pointee.time_base = encoder.timeBase
        stream.pointee.avg_frame_rate = encoder.context.pointee.framerate
        let file = try RecorderFileOutput(writingPath: writingPath, path: path)
        output = file
        format.pointee.pb = file.context
        format.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        if container == .mp4 {
            // moov first (empty), then self-contained fragments: a file cut anywhere plays to its last fragment.
            av_dict_set(&options, "movflags", "frag_keyframe+empty_moov+default_base_moof", 0)
        }
        // The muxer may change the stream's time base (Matroska counts milliseconds); packets are rescaled.
        let header = avformat_write_header(format, &options)
        guard header >= 0 else { throw failure("cannot write the header", header) }
        guard file.flush() else { throw failure("cannot write the header", file.context?.pointee.error ?? -EIO) }
        headerLength = file.committedLength
    }

    /// Writes one encoded packet whose timestamps are in `timeBase`; about every second, closes the
    /// fragment or cluster and writes it out.
    func write(_ packet: UnsafeMutablePointer<AVPacket>, timeBase: AVRational) throws(RecorderError) {
        let ticks = packet.pointee.pts
        av_packet_rescale_ts(packet, timeBase, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        let written = av_interleaved_write_frame(format, packet)
        guard written >= 0 else { throw failure("cannot write a frame", written) }
        packetsWritten += 1
        if flushPolicy.flushDue(afterTicks: ticks) { try flush(sync: flushPolicy.syncDue()) }
    }

    /// Closes the current fragment (MP4) or cluster (MKV) and writes it; with `sync`, also to the disk.
    func flush(sync: Bool) throws(RecorderError) {
        guard let output else { return }
        // A null packet asks a muxer that buffers (both do) to write what it holds.
        let flushed = av_write_frame(format, nil)
        guard flushed >= 0 else { throw failure("cannot write a frame", flushed) }
        guard output.flush() else { throw failure("cannot write a frame", output.context?.pointee.error ?? -EIO) }
        packetsCommitted = packetsWritten
        if sync { output.synchronize() }
    }

    /// Writes the trailer and closes the file; the file is complete and playable once this returns.
    func finish() throws(RecorderError) {
        guard let output else { return }
        let trailer = av_write_trailer(format)
        let pending = output.context?.pointee.error ?? 0
        let flushed = output.finish()
        format.pointee.pb = nil
        if trailer < 0 { throw failure("cannot finish the file", trailer) }
        if pending < 0 { throw failure("cannot finish the file", pending) }
        if !flushed { throw failure("cannot finish the file", -(output.failure == 0 ? EIO : output.failure)) }
        self.output = nil
    }

    /// After a failure: cuts the file back to its last whole fragment or cluster. Returns how many
    /// packets (frames: the encoders have no delay) that left, nil when none (the file holds no frame).
    func salvage() -> Int? {
        guard let output else { return nil }
        format.pointee.pb = nil
        let kept = output.cutBackToCommitted(minimum: headerLength)
        self.output = nil
        return kept && packetsCommitted > 0 ? packetsCommitted : nil
    }

    private func failure(_ action: String, _ status: Int32) -> RecorderError {
        // libavformat reports a write error by the errno it got, negated; the output knows the first one.
        let ioError = output.map { -$0.failure } ?? 0
        let code =
            status == -ENOSPC || ioError == -ENOSPC
            ? -ENOSPC : status == -EDQUOT || ioError == -EDQUOT ? -EDQUOT : status
        let reason = "\(action): \(LibAVStatus.message(code))"
        return code == -ENOSPC || code == -EDQUOT
            ? .diskFull(path: path, reason: reason) : .writeFailed(path: path, reason: reason)
    }
}
