#if canImport(Glibc)
    import Glibc
#endif
import CAV
import IrisCore

/// One libavcodec encoder, open and configured from `RecorderOptions`: picks the first of the codec's
/// encoders that opens (a V4L2 M2M encoder before libx264), sets rate control, GOP, preset and the
/// zerolatency tune, and trades frames for packets. Owns the codec context and frees it in deinit.
final class RecorderEncoder {
    let path: String
    /// libavcodec's name of the encoder that opened, e.g. "libx264".
    let encoderName: String
    /// The picture layout the encoder takes (yuv420p, yuvj420p or nv12).
    let pixelFormat: AVPixelFormat
    let context: UnsafeMutablePointer<AVCodecContext>
    let timeBase = AVRational(num: 1, den: Int32(RecorderTimeline.ticksPerSecond))
    private var packetHandle: UnsafeMutablePointer<AVPacket>?

    static let x264Presets = [
        "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower",
        "veryslow", "placebo"
    ]

    /// The layouts the recorder can fill, in the order it prefers them.
    private static let fillable = [AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_NV12]

    init(path: String, width: Int, height: Int, options: RecorderOptions, globalHeader: Bool) throws(RecorderError) {
        self.path = path
        let candidates = options.encoderName.map { [$0] } ?? options.codec.encoderCandidates
        var reasons: [String] = []
        for name in candidates {
            // A V4L2 encoder needs a video device; without any, skip it rather than let libavcodec log its search.
            if name.hasSuffix("_v4l2m2m") && options.encoderName == nil && !Self.hasVideoDevice() {
                reasons.append("\(name): no /dev/video* device")
                continue
            }
            guard let codec = avcodec_find_encoder_by_name(name) else {
                reasons.append("\(name): not in this libavcodec")
                continue
            }
            guard let context = avcodec_alloc_context3(codec) else {
                reasons.append("\(name): cannot allocate")
                continue
            }
            var handle: UnsafeMutablePointer<AVCodecContext>? = context
            do throws(RecorderError) {
                let format = try Self.configure(
                    context, codec: codec, width: width, height: height, options: options,
                    globalHeader: globalHeader, path: path)
                let opened = avcodec_open2(context, codec, nil)
                guard opened >= 0 else {
                    let why = HardwareEncoderNeeds.explanation(for: name, videoDevicePresent: Self.hasVideoDevice())
                    reasons.append("\(name): \(LibAVStatus.message(opened))" + (why.map { ": " + $0 } ?? ""))
                    avcodec_free_context(&handle)
                    continue
                }
                guard let packet = av_packet_alloc() else {
                    avcodec_free_context(&handle)
                    throw RecorderError.writeFailed(path: path, reason: "libav could not allocate a packet")
                }
                self.context = context
                self.encoderName = name
                self.pixelFormat = format
                self.packetHandle = packet
                return
            } catch {
                avcodec_free_context(&handle)
                throw error
            }
        }
        // A named encoder was the user's choice: say how to fall back to the ones that work here.
        let hint =
            options.encoderName == nil
            ? "" : "; leave out --encoder to use the first \(options.codec.rawValue) encoder that opens"
        throw .encoderUnavailable(
            path: path, codec: options.codec.rawValue, reason: reasons.joined(separator: "; ") + hint)
    }

    deinit {
        av_packet_free(&packetHandle)
        var handle: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&handle)
    }

    /// Sends one picture (nil to flush) and hands every packet the encoder has ready to `deliver`, its
    /// timestamps still in the encoder's 1/90 000 s.
    func encode(
        _ frame: UnsafeMutablePointer<AVFrame>?,
        deliver: (UnsafeMutablePointer<AVPacket>) throws(RecorderError) -> Void
    ) throws(RecorderError) {
        guard let packet = packetHandle else { throw .writeFailed(path: path, reason: "the encoder is closed") }
        let sent = avcodec_send_frame(context, frame)
        // After a flush the encoder answers EOF to another flush: nothing more to give.
        guard sent >= 0 || (frame == nil && sent == LibAVStatus.endOfFile) else {
            throw .writeFailed(path: path, reason: "\(encoderName) refused a frame: \(LibAVStatus.message(sent))")
        }
        while true {
            let received = avcodec_receive_packet(context, packet)
            if received == LibAVStatus.tryAgain || received == LibAVStatus.endOfFile { return }
            guard received >= 0 else {
                throw .writeFailed(path: path, reason: "\(encoderName) failed: \(LibAVStatus.message(received))")
            }
            defer { av_packet_unref(packet) }
            try deliver(packet)
        }
    }

    /// Sets size, layout, timing, colours and rate control before the encoder opens; returns the layout.
    private static func configure(
        _ context: UnsafeMutablePointer<AVCodecContext>, codec: UnsafePointer<AVCodec>,
        width: Int, height: Int, options: RecorderOptions, globalHeader: Bool,
        path: String
    ) throws(RecorderError) -> AVPixelFormat {
        let colorimetry = options.effectiveColorimetry
        let format = pixelFormat(for: codec, fullRange: colorimetry.range == .full)
        let c = context
        c.pointee.width = Int32(width)
        c.pointee.height = Int32(height)
        c.pointee.pix_fmt = format
        // Ticks of 1/90 000 s carry each frame's own capture time; the frame rate is only a hint for
        // rate control, so variable frame rate survives.
        c.pointee.time_base = AVRational(num: 1, den: Int32(RecorderTimeline.ticksPerSecond))
        c.pointee.framerate = AVRational(num: Int32(max(options.nominalFrameRate, 1)), den: 1)
        c.pointee.color_range = colorimetry.range == .full ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
        let (space, primaries, transfer) = libavColors(colorimetry.matrix)
        c.pointee.colorspace = space
        c.pointee.color_primaries = primaries
        c.pointee.color_trc = transfer
        switch options.chromaLocation {
        case .center?: c.pointee.chroma_sample_location = AVCHROMA_LOC_CENTER
        case .left?: c.pointee.chroma_sample_location = AVCHROMA_LOC_LEFT
        case nil: c.pointee.chroma_sample_location = AVCHROMA_LOC_UNSPECIFIED
        }
        c.pointee.max_b_frames = 0
        c.pointee.thread_count = 0
        if globalHeader { c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }

        guard options.gop > 0 else {
            throw .invalidOption(path: path, option: "GOP \(options.gop)", reason: "must be at least 1")
        }
        c.pointee.gop_size = options.codec == .h264 ? Int32(clamping: options.gop) : 1
        if let bitrate = options.bitrate {
            guard bitrate > 0 else {
                throw .invalidOption(path: path, option: "bitrate \(bitrate)", reason: "must be positive")
            }
            c.pointee.bit_rate = Int64(bitrate)
            if options.codec == .h264 {
                // A one-second VBV keeps the rate steady frame to frame, as a live stream needs.
                c.pointee.rc_max_rate = Int64(bitrate)
                c.pointee.rc_buffer_size = Int32(clamping: bitrate)
            }
        } else if options.codec == .mjpeg {
            // Constant quantiser 3 (ffmpeg's -q:v 3): good quality at a fraction of FFV1's size.
            c.pointee.flags |= AV_CODEC_FLAG_QSCALE
            c.pointee.global_quality = 3 * FF_QP2LAMBDA
        }

        let name = String(cString: codec.pointee.name)
        if name == "mjpeg" && colorimetry.range == .video {
            // JPEG is full range by definition; video range is a libavcodec extension it must be allowed.
            c.pointee.strict_std_compliance = FF_COMPLIANCE_UNOFFICIAL
        }
        if name == "libx264" {
            // libx264 takes any string here and only fails when opened; name the option instead.
            guard x264Presets.contains(options.preset) else {
                throw .invalidOption(
                    path: path, option: "preset \"\(options.preset)\"",
                    reason: "libx264 presets are \(x264Presets.joined(separator: ", "))")
            }
            try set("preset", options.preset, on: c, path: path)
            try set("tune", "zerolatency", on: c, path: path)
        } else if name == "ffv1" {
            // Version 3 with per-slice CRCs: a damaged slice is detected, not decoded as garbage.
            c.pointee.level = 3
            try set("slicecrc", "1", on: c, path: path)
        }
        return format
    }

    private static func set(
        _ key: String, _ value: String, on context: UnsafeMutablePointer<AVCodecContext>,
        path: String
    ) throws(RecorderError) {
        let status = av_opt_set(context.pointee.priv_data, key, value, 0)
        guard status >= 0 else {
            throw .invalidOption(path: path, option: "\(key) \"\(value)\"", reason: LibAVStatus.message(status))
        }
    }

    /// The first layout the encoder lists that the recorder can fill; yuv420p when it lists none
    /// (V4L2 encoders learn theirs from the device).
    private static func pixelFormat(for codec: UnsafePointer<AVCodec>, fullRange: Bool) -> AVPixelFormat {
        guard let list = codec.pointee.pix_fmts else { return AV_PIX_FMT_YUV420P }
        var offered: [AVPixelFormat] = []
        var index = 0
        while list[index] != AV_PIX_FMT_NONE {
            offered.append(list[index])
            index += 1
        }
        // MJPEG marks full range with its "J" layout.
        if fullRange, offered.contains(AV_PIX_FMT_YUVJ420P) { return AV_PIX_FMT_YUVJ420P }
        return fillable.first { offered.contains($0) } ?? AV_PIX_FMT_YUV420P
    }

    private static func libavColors(_ matrix: YCbCrMatrix)
        -> (AVColorSpace, AVColorPrimaries, AVColorTransferCharacteristic)
    {
        switch matrix {
        case .bt601: return (AVCOL_SPC_SMPTE170M, AVCOL_PRI_SMPTE170M, AVCOL_TRC_SMPTE170M)
        case .bt709: return (AVCOL_SPC_BT709, AVCOL_PRI_BT709, AVCOL_TRC_BT709)
        case .bt2020: return (AVCOL_SPC_BT2020_NCL, AVCOL_PRI_BT2020, AVCOL_TRC_BT2020_10)
        }
    }

    private static func hasVideoDevice() -> Bool {
        (0..<64).contains { access("/dev/video\($0)", F_OK) == 0 }
    }
}
