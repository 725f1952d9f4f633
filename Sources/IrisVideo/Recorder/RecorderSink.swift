#if canImport(Glibc)
    import Glibc
#endif
import IrisCore

/// Where a `Recorder`'s frames go: an encoder and a libavformat muxer, or a Y4M file. The recorder does
/// the bookkeeping (timestamps, state, errors); a sink only encodes, writes and cleans up.
protocol RecorderSink: AnyObject {
    /// The encoder at work, e.g. "libx264", or "rawvideo" for Y4M.
    var encoderName: String { get }
    /// Writes one frame at `ticks` (1/90 000 s from the first frame); `duration` is the gap to the previous
    /// frame, the best guess of this frame's own length. Returns how the picture's bytes were taken.
    func append(_ buffer: PixelBuffer, ticks: Int64, duration: Int64) throws(RecorderError) -> FrameIntake
    /// Writes out what buffers hold (an MP4 fragment, an MKV cluster) when frames stop coming, so a
    /// stalled source's frames are in the file within the promised second.
    func flushPending() throws(RecorderError)
    /// Flushes the encoder and completes the file.
    func finish() throws(RecorderError)
    /// After a write failure: cuts the file back to its last whole fragment, cluster or frame, which plays,
    /// or removes it when nothing whole is left. Returns how many frames the kept file holds, nil when
    /// it was removed.
    func salvage() -> Int?
}

/// How a recorder took a frame's pixels, for the byte counters: the picture's own memory referenced by the
/// encoder (`LentEncoderFrame`), its planes copied into the encoder's frame, or converted to the encoder's layout.
public enum FrameIntake: Sendable, Equatable {
    case referenced, copied, converted
}

enum RecorderFiles {
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Removes `path` if it is a regular file: a recording aimed at /dev/full or a pipe must not delete it.
    static func removeIfRegularFile(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        unlink(path)
    }
}
