import CAV
import Synchronization

/// How many errors libav reported while one decode session read its file: packets the decoder refused,
/// frames it could not give, frames it handed back flagged as damaged or concealed, and messages at error
/// level that the session's demuxer or decoder logged (FFV1's "slice CRC mismatch", H.264's "error while
/// decoding MB"): what `ffmpeg -v error` prints. A count of reports, not of damaged frames.
///
///     let errors = LibAVDecodeErrors(); errors.attach(to: decoder); …; errors.total
final class LibAVDecodeErrors: Sendable {
    private let count = Atomic<Int>(0)

    init() {}

    var total: Int { count.load(ordering: .relaxed) }

    func add(_ n: Int = 1) { count.add(n, ordering: .relaxed) }

    /// What the session's contexts carry as `opaque`: libav copies it into the per-thread copies of a
    /// decoder, so messages from frame threads are counted too.
    var token: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Starts counting error messages logged by contexts whose `opaque` is `token`.
    func startListening() { LibAVErrorLog.register(self) }

    /// Stops counting; called before the session's contexts are freed.
    func stopListening() { LibAVErrorLog.unregister(self) }
}

/// The one libav log callback: forwards every message to libav's own printer (which keeps the level
/// `LibAVLogging` sets) and counts error-level messages from contexts a `LibAVDecodeErrors` listens to.
/// libav calls it from any thread, so the listeners sit behind a lock.
enum LibAVErrorLog {
    private static let listeners = Mutex<[UInt: LibAVDecodeErrors]>([:])

    /// Installs the callback once per process (a static's initialiser runs once, thread-safely).
    private static let installed: Bool = {
        av_log_set_callback { context, level, format, arguments in
            if level <= AV_LOG_ERROR, let context { LibAVErrorLog.count(from: context) }
            if let arguments { av_log_default_callback(context, level, format, arguments) }
        }
        return true
    }()

    static func register(_ errors: LibAVDecodeErrors) {
        _ = installed
        listeners.withLock { $0[UInt(bitPattern: errors.token)] = errors }
    }

    static func unregister(_ errors: LibAVDecodeErrors) {
        _ = listeners.withLock { $0.removeValue(forKey: UInt(bitPattern: errors.token)) }
    }

    /// Only demuxer and decoder contexts carry a user `opaque`; any other class (AVIO, swscale) is skipped.
    private static func count(from context: UnsafeMutableRawPointer) {
        guard let avClass = context.load(as: UnsafePointer<AVClass>?.self) else { return }
        let opaque: UnsafeMutableRawPointer?
        if avClass == avcodec_get_class() {
            opaque = context.assumingMemoryBound(to: AVCodecContext.self).pointer(to: \.opaque)?.pointee
        } else if avClass == avformat_get_class() {
            opaque = context.assumingMemoryBound(to: AVFormatContext.self).pointer(to: \.opaque)?.pointee
        } else {
            return
        }
        guard let opaque else { return }
        listeners.withLock { $0[UInt(bitPattern: opaque)] }?.add()
    }
}
