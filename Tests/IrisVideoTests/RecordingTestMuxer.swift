import CAV
import IrisCore

/// Writes small video files with libavformat and libavcodec, so that the reader tests make their own
/// media: encoded from test pictures (FFV1, H.264) or muxed from ready-made packets (JPEGs as MJPEG).
enum RecordingTestMuxer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ step: String, _ status: Int32 = 0) { description = "\(step) failed (\(status))" }
    }

    /// Colours the file declares for its video stream.
    struct Colors {
        var space = AVCOL_SPC_UNSPECIFIED
        var range = AVCOL_RANGE_UNSPECIFIED
    }

    /// Encodes `.i420` buffers with `encoder` (a libavcodec encoder name) into `container`, one frame per
    /// 1/`frameRate` seconds. `options` go to the encoder ("qp": "0" makes libx264 lossless).
    static func encode(
        _ buffers: [PixelBuffer], encoder encoderName: String, container: String, to path: String,
        frameRate: Int32 = 30, colors: Colors = Colors(), options: [String: String] = [:]
    ) throws {
        guard let first = buffers.first else { throw Failure("no frames") }
        guard let codec = avcodec_find_encoder_by_name(encoderName) else { throw Failure("no encoder \(encoderName)") }
        var allocated = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&allocated) }
        guard let context = allocated else { throw Failure("avcodec_alloc_context3") }
        context.pointee.width = Int32(first.width)
        context.pointee.height = Int32(first.height)
        context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        context.pointee.time_base = AVRational(num: 1, den: frameRate)
        context.pointee.framerate = AVRational(num: frameRate, den: 1)
        context.pointee.colorspace = colors.space
        context.pointee.color_range = colors.range
        context.pointee.gop_size = 2  // so that a cut file loses a few frames, not the whole clip
        context.pointee.max_b_frames = 0
        for (key, value) in options { _ = av_opt_set(context.pointee.priv_data, key, value, 0) }

        try withMuxer(container: container, path: path) { format, stream in
            if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
                context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
            }
            let opened = avcodec_open2(context, codec, nil)
            guard opened >= 0 else { throw Failure("avcodec_open2", opened) }
            let copied = avcodec_parameters_from_context(stream.pointee.codecpar, context)
            guard copied >= 0 else { throw Failure("avcodec_parameters_from_context", copied) }
            stream.pointee.time_base = context.pointee.time_base
            return { format, stream in
                var frameHandle = av_frame_alloc(), packetHandle = av_packet_alloc()
                defer {
                    av_frame_free(&frameHandle)
                    av_packet_free(&packetHandle)
                }
                guard let frame = frameHandle, let packet = packetHandle else { throw Failure("alloc") }
                for (index, buffer) in buffers.enumerated() {
                    try fill(frame, with: buffer, pts: Int64(index))
                    let sent = avcodec_send_frame(context, frame)
                    guard sent >= 0 else { throw Failure("avcodec_send_frame", sent) }
                    try drain(context, packet, format, stream)
                }
                _ = avcodec_send_frame(context, nil)
                try drain(context, packet, format, stream)
            }
        }
    }

    /// Muxes `packets` (each one whole coded frame) as a `codec` stream without decoding them.
    static func mux(
        packets: [[UInt8]], codec: AVCodecID, width: Int, height: Int, container: String,
        to path: String, frameRate: Int32 = 30
    ) throws {
        try withMuxer(container: container, path: path) { _, stream in
            let parameters = stream.pointee.codecpar!
            parameters.pointee.codec_type = AVMEDIA_TYPE_VIDEO
            parameters.pointee.codec_id = codec
            parameters.pointee.width = Int32(width)
            parameters.pointee.height = Int32(height)
            stream.pointee.time_base = AVRational(num: 1, den: frameRate)
            return { format, stream in
                try writeRaw(packets, format, stream, timeBase: AVRational(num: 1, den: frameRate))
            }
        }
    }

    /// A container holding one 8 kHz mono PCM audio stream and no video.
    static func audioOnly(container: String, to path: String) throws {
        try withMuxer(container: container, path: path) { _, stream in
            let parameters = stream.pointee.codecpar!
            parameters.pointee.codec_type = AVMEDIA_TYPE_AUDIO
            parameters.pointee.codec_id = AV_CODEC_ID_PCM_S16LE
            parameters.pointee.sample_rate = 8000
            av_channel_layout_default(&parameters.pointee.ch_layout, 1)
            stream.pointee.time_base = AVRational(num: 1, den: 8000)
            return { format, stream in
                try writeRaw(
                    [[UInt8](repeating: 0, count: 1600)], format, stream, timeBase: AVRational(num: 1, den: 10))
            }
        }
    }

    /// Opens an output, lets `configure` set up its one stream and return the body that writes packets,
    /// then writes the header, runs the body, and finishes the file.
    private static func withMuxer(
        container: String, path: String,
        configure: (UnsafeMutablePointer<AVFormatContext>, UnsafeMutablePointer<AVStream>) throws
            -> (UnsafeMutablePointer<AVFormatContext>, UnsafeMutablePointer<AVStream>) throws -> Void
    ) throws {
        var output: UnsafeMutablePointer<AVFormatContext>?
        let allocated = avformat_alloc_output_context2(&output, nil, container, path)
        guard allocated >= 0, let format = output else { throw Failure("avformat_alloc_output_context2", allocated) }
        defer { avformat_free_context(format) }
        guard let stream = avformat_new_stream(format, nil) else { throw Failure("avformat_new_stream") }
        let body = try configure(format, stream)
        let opened = avio_open(&format.pointee.pb, path, AVIO_FLAG_WRITE)
        guard opened >= 0 else { throw Failure("avio_open", opened) }
        defer { avio_closep(&format.pointee.pb) }
        let header = avformat_write_header(format, nil)
        guard header >= 0 else { throw Failure("avformat_write_header", header) }
        try body(format, stream)
        let trailer = av_write_trailer(format)
        guard trailer >= 0 else { throw Failure("av_write_trailer", trailer) }
    }

    private static func writeRaw(
        _ packets: [[UInt8]], _ format: UnsafeMutablePointer<AVFormatContext>,
        _ stream: UnsafeMutablePointer<AVStream>, timeBase: AVRational
    ) throws {
        var handle = av_packet_alloc()
        defer { av_packet_free(&handle) }
        guard let packet = handle else { throw Failure("av_packet_alloc") }
        for (index, bytes) in packets.enumerated() {
            guard av_new_packet(packet, Int32(bytes.count)) >= 0 else { throw Failure("av_new_packet") }
            bytes.withUnsafeBytes {
                packet.pointee.data.update(from: $0.bindMemory(to: UInt8.self).baseAddress!, count: bytes.count)
            }
            packet.pointee.pts = Int64(index)
            packet.pointee.dts = Int64(index)
            packet.pointee.duration = 1
            packet.pointee.flags = AV_PKT_FLAG_KEY
            packet.pointee.stream_index = stream.pointee.index
            av_packet_rescale_ts(packet, timeBase, stream.pointee.time_base)
            let written = av_interleaved_write_frame(format, packet)
            guard written >= 0 else { throw Failure("av_interleaved_write_frame", written) }
        }
    }

    private static func fill(_ frame: UnsafeMutablePointer<AVFrame>, with buffer: PixelBuffer, pts: Int64) throws {
        av_frame_unref(frame)
        frame.pointee.width = Int32(buffer.width)
        frame.pointee.height = Int32(buffer.height)
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        guard av_frame_get_buffer(frame, 0) >= 0 else { throw Failure("av_frame_get_buffer") }
        let destinations = [frame.pointee.data.0!, frame.pointee.data.1!, frame.pointee.data.2!]
        let strides = [frame.pointee.linesize.0, frame.pointee.linesize.1, frame.pointee.linesize.2].map(Int.init)
        for (plane, source) in buffer.planes.enumerated() {
            let (width, height) = buffer.format.planeSize(plane, width: buffer.width, height: buffer.height)
            for row in 0..<height {
                for x in 0..<width {
                    destinations[plane][row * strides[plane] + x] = source.bytes[row * source.bytesPerRow + x]
                }
            }
        }
        frame.pointee.pts = pts
    }

    private static func drain(
        _ context: UnsafeMutablePointer<AVCodecContext>, _ packet: UnsafeMutablePointer<AVPacket>,
        _ format: UnsafeMutablePointer<AVFormatContext>, _ stream: UnsafeMutablePointer<AVStream>
    ) throws {
        while avcodec_receive_packet(context, packet) == 0 {
            // Without a duration, MP4's edit list would end at the last frame's start and hide it.
            if packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            av_packet_rescale_ts(packet, context.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            let written = av_interleaved_write_frame(format, packet)
            guard written >= 0 else { throw Failure("av_interleaved_write_frame", written) }
        }
    }
}
