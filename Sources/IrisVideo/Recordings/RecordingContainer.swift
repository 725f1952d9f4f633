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

    /// What a file or stream that should hold headerless raw frames really holds, when its first bytes
    /// say it is something with its own size and format: "a Y4M stream", "an MP4/MOV recording"… nil when
    /// they match none (raw frames have no signature). Only signatures are checked, never libavformat's
    /// guess, so that raw pixels are never taken for a container.
    static func signature(of file: BufferedFileReader, name: String) throws(RecordingError) -> String? {
        let head: [UInt8]
        do { head = try file.peek(12) } catch { throw .reading(name, error) }
        func at(_ offset: Int, _ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if at(0, "YUV4MPEG2") { return "a Y4M recording" }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return "a Matroska (MKV/WebM) recording" }
        if ["ftyp", "moov", "mdat", "free", "wide", "skip"].contains(where: { at(4, $0) }) {
            return "an MP4/MOV recording"
        }
        if at(0, "RIFF"), at(8, "AVI ") { return "an AVI recording" }
        if at(0, "nut/multime") { return "a NUT recording" }
        return nil
    }
}
