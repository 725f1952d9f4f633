import IrisCore

/// How a recording is encoded: codec, rate control, keyframe spacing, speed/quality trade-off, colours.
/// Fields an encoder has no use for are ignored (FFV1 is lossless whatever the bitrate).
///
///     let options = RecorderOptions(codec: .h264, bitrate: 4_000_000, gop: 30, preset: "ultrafast")
public struct RecorderOptions: Sendable, Equatable {
    public var codec: RecorderCodec
    /// Target bits per second; nil leaves quality-based rate control (x264's CRF 23, MJPEG q 3).
    public var bitrate: Int?
    /// The lowest bitrate asked of any encoder: libavcodec hands libx264 whole kbit/s, and 0 kbit/s makes
    /// x264_encoder_open fail ("Generic error in an external library") at the first frame. Checked up front.
    public static let minimumBitrate = 1_000
    /// Frames between keyframes (H.264); intra-only codecs ignore it.
    public var gop: Int
    /// libx264's preset, ultrafast … placebo. Faster presets cost bits, not latency: the tune is always
    /// zerolatency.
    public var preset: String
    /// A libavcodec encoder by name (e.g. "libx264"), instead of the codec's first one that opens.
    public var encoderName: String?
    /// The YCbCr matrix and range of the encoded pictures; nil uses the codec's default.
    public var colorimetry: Colorimetry?
    /// The chroma siting written into the file: centre, as Iris's conversions and encoder planes make it;
    /// nil leaves it unstated (a source's own Y'CbCr frames passed through keep whatever it had).
    public var chromaLocation: ChromaLocation? = EncoderPlanes.chromaLocation
    /// The rate declared to the encoder and the container when frames carry their own timestamps
    /// (x264's rate control and MJPEG's bit budget are per second of this rate).
    public var nominalFrameRate: Int

    public init(
        codec: RecorderCodec = .h264, bitrate: Int? = nil, gop: Int = 60, preset: String = "veryfast",
        encoderName: String? = nil, colorimetry: Colorimetry? = nil, nominalFrameRate: Int = 30
    ) {
        self.codec = codec
        self.bitrate = bitrate
        self.gop = gop
        self.preset = preset
        self.encoderName = encoderName
        self.colorimetry = colorimetry
        self.nominalFrameRate = nominalFrameRate
    }

    /// The colours the pictures are encoded with.
    public var effectiveColorimetry: Colorimetry { colorimetry ?? codec.defaultColorimetry }
}
