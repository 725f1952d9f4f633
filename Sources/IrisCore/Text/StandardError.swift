import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one writer to standard error. It ignores failures: a closed or full stderr (a reader such as
/// `grep -m1` that has gone away) must never take a run or its recording down, and Foundation's
/// `FileHandle.write(_:)` traps on them.
///
///     StandardError.write("warning: the camera is busy\n")
public enum StandardError {
    public static func write(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(STDERR_FILENO, base + offset, raw.count - offset)
                if n <= 0 {
                    if n < 0 && errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }
}
