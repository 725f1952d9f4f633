import CAV
import IrisCore

/// The video codecs the recorder encodes, and the libavcodec encoders that can do each, best first.
///
///     var options = RecorderOptions(codec: .ffv1)   // lossless
public enum RecorderCodec: String, Sendable, CaseIterable {
    /// H.264, tuned for low latency (no B-frames, no lookahead).
    case h264
    /// Motion JPEG: every frame a JPEG; cheap to encode, large files.
    case mjpeg
    /// FFV1: lossless, every frame a keyframe.
    case ffv1

    /// libavcodec encoder names to try in order. A V4L2 memory-to-memory encoder (a Raspberry Pi's
    /// bcm2835-codec) comes first: when the board has none, opening it fails and libx264 takes over.
    var encoderCandidates: [String] {
        switch self {
        case .h264: return ["h264_v4l2m2m", "libx264"]
        case .mjpeg: return ["mjpeg"]
        case .ffv1: return ["ffv1"]
        }
    }

    /// The colours a recording is encoded with when the options name none: BT.709 video range for H.264
    /// and FFV1 (HD content), JFIF's BT.601 full range for MJPEG.
    var defaultColorimetry: Colorimetry {
        switch self {
        // BT.601, as V4L2 cameras deliver and libyuv converts; ask for .bt709 explicitly for HD masters.
        case .h264, .ffv1: return Colorimetry(matrix: .bt601, range: .video)
        case .mjpeg: return Colorimetry(matrix: .bt601, range: .full)
        }
    }

    /// Why libavcodec's encoder `name` cannot encode this codec, nil when it can (or is unknown here:
    /// opening it then says so).
    public func mismatch(encoder name: String) -> String? {
        guard let encoder = avcodec_find_encoder_by_name(name) else { return "libavcodec has no encoder of that name" }
        guard encoder.pointee.type == AVMEDIA_TYPE_VIDEO else { return "it is not a video encoder" }
        guard encoder.pointee.id != codecID else { return nil }
        let other = String(cString: avcodec_get_name(encoder.pointee.id))
        return
            "it encodes \(other), not \(rawValue); use codec \(other) or a \(rawValue) encoder such as \(encoderCandidates.last ?? rawValue)"
    }

    private var codecID: AVCodecID {
        switch self {
        case .h264: return AV_CODEC_ID_H264
        case .mjpeg: return AV_CODEC_ID_MJPEG
        case .ffv1: return AV_CODEC_ID_FFV1
        }
    }
}
