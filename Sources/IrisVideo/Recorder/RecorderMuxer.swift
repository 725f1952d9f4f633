#if canImport(Glibc)
import Glibc
#endif
import CAV

/// One output file through libavformat: the container, its single video stream, the header written on
/// `start`, packets interleaved as they come, and the trailer (MP4's moov index) written on `finish`.
/// Write failures come back as typed errors naming the file; ENOSPC as `diskFull`.
final class RecorderMuxer {
    let path: String
    let format: UnsafeMutablePointer<AVFormatContext>
    private(set) var stream: UnsafeMutablePointer<AVStream>
    private var fileOpen = false

    init(path: String, container: RecorderContainer) throws(RecorderError) {
        self.path = path
        var output: UnsafeMutablePointer<AVFormatContext>?
        let allocated = avformat_alloc_output_context2(&output, nil, container.muxerName, path)
        guard allocated >= 0, let output else {
            throw .writeFailed(path: path, reason: "libavformat has no \(container.rawValue) muxer: \(LibAVStatus.message(allocated))")
        }
        guard let stream = avformat_new_stream(output, nil) else {
            avformat_free_context(output)
            throw .writeFailed(path: path, reason: "libavformat could not add a stream")
        }
        format = output
        self.stream = stream
    }

    deinit {
        if fileOpen { avio_closep(&format.pointee.pb) }
        avformat_free_context(format)
    }

    /// Whether the encoder must put its parameter sets in extradata (MP4 and MKV both want it).
    var wantsGlobalHeader: Bool { format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

    /// Copies the encoder's parameters into the stream, creates the file and writes the header.
    func start(with encoder: RecorderEncoder) throws(RecorderError) {
        let copied = avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context)
        guard copied >= 0 else { throw .writeFailed(path: path, reason: "stream parameters: \(LibAVStatus.message(copied))") }
        stream.pointee.time_base = encoder.timeBase
        stream.pointee.avg_frame_rate = encoder.context.pointee.framerate
        let opened = avio_open(&format.pointee.pb, path, AVIO_FLAG_WRITE)
        guard opened >= 0 else { throw failure("cannot create the file", opened) }
        fileOpen = true
        // The muxer may change the stream's time base (Matroska counts milliseconds); packets are rescaled.
        let header = avformat_write_header(format, nil)
        guard header >= 0 else { throw failure("cannot write the header", header) }
    }

    /// Writes one encoded packet whose timestamps are in `timeBase`.
    func write(_ packet: UnsafeMutablePointer<AVPacket>, timeBase: AVRational) throws(RecorderError) {
        av_packet_rescale_ts(packet, timeBase, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        let written = av_interleaved_write_frame(format, packet)
        guard written >= 0 else { throw failure("cannot write a frame", written) }
    }

    /// Writes the trailer and closes the file; the file is complete and playable once this returns.
    func finish() throws(RecorderError) {
        guard fileOpen else { return }
        let trailer = av_write_trailer(format)
        let pending = format.pointee.pb.pointee.error
        let closed = avio_closep(&format.pointee.pb)
        fileOpen = false
        if trailer < 0 { throw failure("cannot finish the file", trailer) }
        if pending < 0 { throw failure("cannot finish the file", pending) }
        if closed < 0 { throw failure("cannot close the file", closed) }
    }

    /// Closes the file without a trailer, after a failure; what is in it is not playable.
    func abandon() {
        guard fileOpen else { return }
        avio_closep(&format.pointee.pb)
        fileOpen = false
    }

    private func failure(_ action: String, _ status: Int32) -> RecorderError {
        // libavformat reports a write error by the errno it got, negated.
        let ioError = fileOpen ? format.pointee.pb?.pointee.error ?? 0 : 0
        let code = status == -ENOSPC || ioError == -ENOSPC ? -ENOSPC : status
        let reason = "\(action): \(LibAVStatus.message(code))"
        return code == -ENOSPC || code == -EDQUOT ? .diskFull(path: path, reason: reason) : .writeFailed(path: path, reason: reason)
    }
}
