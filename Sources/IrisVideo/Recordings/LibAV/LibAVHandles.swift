import CAV

/// The libav objects of one decode session, freed together in deinit. A separate object because a class
/// whose initialiser throws never runs its own deinit: the session creates this first, so whatever it had
/// allocated before a failure is still freed.
final class LibAVHandles {
    var format: UnsafeMutablePointer<AVFormatContext>?
    var decoder: UnsafeMutablePointer<AVCodecContext>?
    var packet: UnsafeMutablePointer<AVPacket>?
    var frame: UnsafeMutablePointer<AVFrame>?
    /// Counts the session's errors from before the demuxer opens; stops listening once all is freed
    /// (freeing a decoder joins its threads, which may still log).
    let errors = LibAVDecodeErrors()

    init() { errors.startListening() }

    deinit {
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&decoder)
        avformat_close_input(&format)
        errors.stopListening()
    }
}
