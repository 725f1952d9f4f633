#if canImport(Glibc)
    import Glibc
#endif
import CAV

/// One pass through a file with libavformat and libavcodec: the demuxer, the best video stream and its
/// decoder, and the packet/frame pair they trade. Owns every libav object and frees them in deinit.
/// Looping opens a new session rather than seeking: every container rewinds that way, indexed or not.
final class LibAVDecodeSession {
    let path: String
    /// libavformat's name for the container, e.g. "matroska,webm" or "mov,mp4,m4a,3gp,3g2,mj2".
    let containerName: String
    /// libavcodec's name for the video codec, e.g. "h264", "mjpeg", "ffv1".
    let codecName: String
    let streamIndex: Int32
    /// Seconds per tick of the stream's timestamps.
    let timeBase: Double
    /// Seconds per frame from the stream's average or base rate, when it declares one.
    let nominalFrameDuration: Double?
    /// The frame count the container declares, or its duration times the rate; nil when it says neither.
    let declaredFrameCount: Int?
    /// The colours the stream's codec parameters declare; a picture's own values take precedence.
    let streamColorSpace: AVColorSpace
    let streamColorRange: AVColorRange

    private let handles = LibAVHandles()
    /// The errors libav reported for this pass; damage that decodes anyway is counted, not thrown.
    var errors: LibAVDecodeErrors { handles.errors }
    /// Failures of `avcodec_receive_frame` in a row; past `maximumFailuresInARow` the pass ends as corrupt.
    private var failuresInARow = 0
    private static let maximumFailuresInARow = 256
    private var draining = false
    /// Why the file stopped early; thrown once the decoder has handed back the frames it still held.
    private var pendingFailure: ((_ frame: Int) -> RecordingError)?
    /// Frames returned so far in this pass, for error messages.
    private(set) var framesDecoded = 0
    /// How long a Matroska file says it is (its Segment's size), nil for other containers and for a file
    /// written live (size unknown: a recording cut by SIGKILL, which plays to its last cluster).
    private let declaredLength: Int64?
    private let location: String
    /// The last picture's timestamp, in seconds, for the truncation message.
    private var lastTimestamp: Double?
    private var checkedEnd = false

    /// Containers Iris plays. Anything else libavformat recognises (still images as "png_pipe", ANSI text
    /// as "tty", raw streams without timestamps) is refused as not a recording.
    static let containerFamilies: Set<String> = ["matroska", "webm", "mov", "mp4", "avi", "mpegts", "nut"]

    /// Opens `location` (a path, or /dev/fd/N for standard input); errors name `path`.
    init(location: String, path: String) throws(RecordingError) {
        self.path = path
        // Allocated here rather than by avformat_open_input so that the demuxer's own messages while it
        // reads the header are counted too (it frees the context if opening fails).
        var opened = avformat_alloc_context()
        opened?.pointee.opaque = handles.errors.token
        let openStatus = avformat_open_input(&opened, location, nil, nil)
        guard openStatus == 0, let opened else {
            switch openStatus {
            case LibAVStatus.notFound: throw .fileNotFound(path: path)
            case LibAVStatus.invalidData:
                // A recognisable start with an unreadable header is a damaged recording, not a stranger.
                guard let probed = LibAVProbe.containerName(ofFileAt: location), Self.isPlayable(probed) else {
                    throw .notARecording(path: path, reason: "libavformat recognises no video container in it")
                }
                let hint = probed.contains("mp4") ? " (an MP4 cut short loses the index its recorder writes last)" : ""
                throw .corrupt(
                    path: path, frame: 0,
                    reason: "it starts as \"\(probed)\" but its header cannot be read"
                        + "\(hint): \(LibAVStatus.message(openStatus))")
            default: throw .unreadable(path: path, reason: LibAVStatus.message(openStatus))
            }
        }
        // From here on, `handles` frees whatever was allocated if a later step throws.
        handles.format = opened
        containerName = opened.pointee.iformat.map { String(cString: $0.pointee.name) } ?? "unknown"
        guard Self.isPlayable(containerName) else {
            throw .notARecording(
                path: path,
                reason: "libavformat reads it as \"\(containerName)\", not as MP4/MOV, MKV/WebM, AVI, MPEG-TS or NUT")
        }
        let infoStatus = avformat_find_stream_info(opened, nil)
        guard infoStatus >= 0 else {
            throw .corrupt(path: path, frame: 0, reason: "no stream information: \(LibAVStatus.message(infoStatus))")
        }

        var codec: UnsafePointer<AVCodec>?
        let best = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
        if best == LibAVStatus.streamNotFound { throw .noVideoStream(path: path) }
        guard best >= 0, let stream = opened.pointee.streams[Int(best)], let parameters = stream.pointee.codecpar else {
            // The stream exists (find_best_stream reports a missing stream first) but nothing decodes it.
            let id = Self.firstVideoCodec(in: opened)
            throw .unsupportedCodec(path: path, codec: id.map { String(cString: avcodec_get_name($0)) } ?? "unknown")
        }
        streamIndex = best
        streamColorSpace = parameters.pointee.color_space
        streamColorRange = parameters.pointee.color_range
        codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        timeBase = av_q2d(stream.pointee.time_base)
        let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        nominalFrameDuration = rate.num > 0 && rate.den > 0 ? Double(rate.den) / Double(rate.num) : nil
        if stream.pointee.nb_frames > 0 {
            declaredFrameCount = Int(stream.pointee.nb_frames)
        } else if stream.pointee.duration > 0, let perFrame = nominalFrameDuration {
            declaredFrameCount = Int((Double(stream.pointee.duration) * timeBase / perFrame).rounded())
        } else {
            declaredFrameCount = nil
        }
        declaredLength =
            containerName.contains("matroska") ? MatroskaSegmentSize.declaredFileLength(ofFileAt: location) : nil
        self.location = location
        guard DecodeLimits.allows(width: Int(parameters.pointee.width), height: Int(parameters.pointee.height)) else {
            throw .corrupt(
                path: path, frame: 0, reason: "declares \(parameters.pointee.width)×\(parameters.pointee.height) pixels"
            )
        }

        guard let codec, let context = avcodec_alloc_context3(codec) else {
            throw .unsupportedCodec(path: path, codec: codecName)
        }
        handles.decoder = context
        guard avcodec_parameters_to_context(context, parameters) >= 0 else {
            throw .unsupportedCodec(path: path, codec: codecName)
        }
        context.pointee.pkt_timebase = stream.pointee.time_base
        // Error messages from this decoder (and its frame threads' copies, which inherit `opaque`) count.
        context.pointee.opaque = handles.errors.token
        // Check the checksums a stream carries (FFV1's slice CRCs), as ffmpeg reports them.
        context.pointee.err_recognition |= LibAVStatus.checkCRCs
        // 0 lets libavcodec pick a thread count; H.264 on a board needs every core.
        context.pointee.thread_count = 0
        let openCodec = avcodec_open2(context, codec, nil)
        guard openCodec >= 0 else {
            throw .unsupportedCodec(path: path, codec: "\(codecName) (\(LibAVStatus.message(openCodec)))")
        }
        guard let packet = av_packet_alloc(), let frame = av_frame_alloc() else {
            throw .unreadable(path: path, reason: "libav could not allocate a packet and a frame")
        }
        handles.packet = packet
        handles.frame = frame
    }

    /// The next decoded picture, valid until the next call; nil once the decoder is drained.
    /// A packet the demuxer found cut short, or a read that fails, ends the pass with a typed error, thrown
    /// after the whole frames the decoder still held. Damage the decoder gets past (a packet it refuses, a
    /// frame it cannot give or hands back concealed) is counted in `errors` and decoding goes on, as
    /// ffmpeg's does; a long run of frames it cannot give ends the pass as corrupt.
    func nextPicture() throws(RecordingError) -> UnsafePointer<AVFrame>? {
        guard let format = handles.format, let decoder = handles.decoder, let packet = handles.packet,
            let frame = handles.frame
        else { return nil }
        while true {
            let received = avcodec_receive_frame(decoder, frame)
            if received == 0 {
                failuresInARow = 0
                if frame.pointee.decode_error_flags != 0 || frame.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0 {
                    errors.add()
                }
                framesDecoded += 1
                let ticks = frame.pointee.best_effort_timestamp
                if ticks != LibAVStatus.noTimestamp { lastTimestamp = Double(ticks) * timeBase }
                return UnsafePointer(frame)
            }
            // A drained decoder says EOF; one that never got a frame's worth of input may still say EAGAIN.
            if received == LibAVStatus.endOfFile || (received == LibAVStatus.tryAgain && draining) {
                guard let pendingFailure else {
                    if let shortfall = lengthShortfall() {
                        throw .truncated(path: path, frame: framesDecoded, reason: shortfall)
                    }
                    return nil
                }
                self.pendingFailure = nil
                throw pendingFailure(framesDecoded)
            }
            if received != LibAVStatus.tryAgain {
                errors.add()
                failuresInARow += 1
                guard failuresInARow < Self.maximumFailuresInARow else { throw corrupt(received)(framesDecoded) }
                continue
            }

            av_packet_unref(packet)
            let read = av_read_frame(format, packet)
            if read == LibAVStatus.endOfFile {
                drain()
                continue
            }
            guard read >= 0 else {
                errors.add()
                let cutShort = format.pointee.pb.map { avio_feof($0) != 0 } ?? false
                drain(then: cutShort ? truncated(LibAVStatus.message(read)) : corrupt(read))
                continue
            }
            guard packet.pointee.stream_index == streamIndex else { continue }
            // A damaged packet at the end of the file is a file cut short: it ends the pass. One with more
            // file after it (MPEG-TS flags the last packet before a discontinuity, such as two streams
            // joined end to end) goes to the decoder as ffmpeg sends it, which reports any damage it finds.
            if packet.pointee.flags & AV_PKT_FLAG_CORRUPT != 0, format.pointee.pb.map({ avio_feof($0) != 0 }) ?? true {
                errors.add()
                drain(then: truncated("the demuxer found a packet cut short"))
                continue
            }
            let sent = avcodec_send_packet(decoder, packet)
            // A packet the decoder refuses is skipped and counted; the next key frame recovers.
            if sent < 0 && sent != LibAVStatus.tryAgain { errors.add() }
        }
    }

    /// Why the file is shorter than it says, once, at the end of the pass: a Matroska file cut short reads
    /// without a demuxer error, its last cluster silently dropped, so its Segment's size is compared with
    /// the file's.
    private func lengthShortfall() -> String? {
        guard !checkedEnd, let declaredLength else { return nil }
        checkedEnd = true
        var info = stat()
        guard stat(location, &info) == 0, Int64(info.st_size) < declaredLength else { return nil }
        let last =
            framesDecoded > 0
            ? "frame \(framesDecoded - 1) at \(Self.seconds(lastTimestamp ?? 0)) s is the last whole one"
            : "no frame is whole"
        return "the file has \(info.st_size) of the \(declaredLength) bytes it declares: \(last)"
    }

    private static func seconds(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(abs(thousandths) % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// Stops reading and flushes the decoder: the whole frames it delayed (for reordering, or one per
    /// thread) still come out, then `failure`, if any, is thrown in place of the end.
    private func drain(then failure: ((_ frame: Int) -> RecordingError)? = nil) {
        draining = true
        pendingFailure = failure
        if let decoder = handles.decoder { _ = avcodec_send_packet(decoder, nil) }
    }

    private func corrupt(_ status: Int32) -> (_ frame: Int) -> RecordingError {
        { [path] frame in .corrupt(path: path, frame: frame, reason: LibAVStatus.message(status)) }
    }

    private func truncated(_ reason: String) -> (_ frame: Int) -> RecordingError {
        { [path] frame in .truncated(path: path, frame: frame, reason: reason) }
    }

    private static func isPlayable(_ containerName: String) -> Bool {
        !containerFamilies.isDisjoint(with: containerName.split(separator: ",").map(String.init))
    }

    private static func firstVideoCodec(in format: UnsafeMutablePointer<AVFormatContext>) -> AVCodecID? {
        for index in 0..<Int(format.pointee.nb_streams) {
            if let parameters = format.pointee.streams[index]?.pointee.codecpar,
                parameters.pointee.codec_type == AVMEDIA_TYPE_VIDEO
            {
                return parameters.pointee.codec_id
            }
        }
        return nil
    }
}
