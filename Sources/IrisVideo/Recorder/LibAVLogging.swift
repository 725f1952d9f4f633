import CAV

/// How much libav itself prints to standard error. Its default (info) includes libx264's statistics
/// banner, which would tear a progress line apart; the CLI keeps warnings and errors only.
///
///     LibAVLogging.level = .warnings
public enum LibAVLogging {
    public enum Level: Sendable { case quiet, errors, warnings, info }

    /// Process-wide: libav keeps one level for every codec and container.
    public static var level: Level {
        get {
            switch av_log_get_level() {
            case ...AV_LOG_QUIET: return .quiet
            case ...AV_LOG_ERROR: return .errors
            case ...AV_LOG_WARNING: return .warnings
            default: return .info
            }
        }
        set {
            switch newValue {
            case .quiet: av_log_set_level(AV_LOG_QUIET)
            case .errors: av_log_set_level(AV_LOG_ERROR)
            case .warnings: av_log_set_level(AV_LOG_WARNING)
            case .info: av_log_set_level(AV_LOG_INFO)
            }
        }
    }
}
