/// Which reader a file needs, told by its first bytes, never by its name: a ".mp4" that is really Y4M
/// still plays. The bytes are peeked, not consumed, so a pipe loses nothing to the sniffing.
enum RecordingContainer: Equatable {
    case y4m
    /// Anything else; libavformat probes it and says whether it is a recording.
    case libav

    static func of(_ file: BufferedFileReader, name: String) throws(RecordingError) -> RecordingContainer {
        let magic = Array("YUV4MPEG2".utf8)
        let head: [UInt8]
        do { head = try file.peek(magic.count) } catch { throw .reading(name, error) }
        if head.isEmpty {
            throw .notARecording(path: name, reason: file.isSeekable ? "the file is empty" : "the stream is empty")
        }
        return head == magic ? .y4m : .libav
    }
}
