#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only file read in order: text lines (for headers and markers) and runs of raw bytes
/// (for frame payloads, which bypass the buffer once it is drained). Owns its descriptor.
final class BufferedFileReader {
    enum Line: Equatable {
        case line([UInt8])        // without the newline
        case endOfFile            // no bytes at all before the end
        case unterminated([UInt8])  // bytes, then the end, no newline
        case tooLong
    }

    private let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    /// File offset of the next byte a read returns.
    private(set) var position = 0

    init(path: String) throws(FileFailure) {
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileFailure.fromErrno("cannot open") }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw .failed("is a directory")
        }
    }

    deinit { close(fd) }

    /// Reads up to and including the next "\n"; gives up after `maxLength` bytes without one.
    func readLine(maxLength: Int) throws(FileFailure) -> Line {
        var line: [UInt8] = []
        while true {
            if start == end {
                guard try refill() else { return line.isEmpty ? .endOfFile : .unterminated(line) }
            }
            let available = buffer[start..<end]
            if let newline = available.firstIndex(of: 0x0A) {
                line += buffer[start..<newline]
                position += newline + 1 - start
                start = newline + 1
                return line.count > maxLength ? .tooLong : .line(line)
            }
            line += available
            position += end - start
            start = end
            if line.count > maxLength { return .tooLong }
        }
    }

    /// Fills `destination` from the file; returns fewer bytes than asked only at the end of the file.
    func read(into destination: UnsafeMutableRawBufferPointer) throws(FileFailure) -> Int {
        guard let base = destination.baseAddress else { return 0 }
        let buffered = min(end - start, destination.count)
        buffer.withUnsafeBytes { source in
            guard buffered > 0, let from = source.baseAddress else { return }
            base.copyMemory(from: from + start, byteCount: buffered)
        }
        start += buffered
        let direct = try FileDescriptorIO.readFully(
            UnsafeMutableRawBufferPointer(rebasing: destination[buffered...]), from: fd)
        position += buffered + direct
        return buffered + direct
    }

    /// Moves to `offset` from the start of the file (regular files only; pipes cannot rewind).
    func seek(to offset: Int) throws(FileFailure) {
        guard lseek(fd, off_t(offset), SEEK_SET) >= 0 else { throw FileFailure.fromErrno("cannot seek") }
        start = 0; end = 0; position = offset
    }

    /// Reads the next block into the buffer; false at the end of the file.
    private func refill() throws(FileFailure) -> Bool {
        let count = try buffer.withUnsafeMutableBytes { raw in
            Result { () throws(FileFailure) in try FileDescriptorIO.readSome(raw, from: fd) }
        }.get()
        start = 0; end = count
        return count > 0
    }
}
