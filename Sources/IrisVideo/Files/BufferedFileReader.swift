#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read-only file, FIFO or standard input read in order: text lines (for headers and markers) and runs
/// of raw bytes (for frame payloads, which bypass the buffer once it is drained). Owns its descriptor.
/// `peek` lets a caller sniff the first bytes of a pipe without losing them to the reader that follows.
final class BufferedFileReader {
    enum Line: Equatable {
        case line([UInt8])  // without the newline
        case endOfFile  // no bytes at all before the end
        case unterminated([UInt8])  // bytes, then the end, no newline
        case tooLong
    }

    private let fd: Int32
    /// The descriptor read, for a library that must open the same file itself (as /dev/fd/N).
    var descriptor: Int32 { fd }
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    /// File offset of the next byte a read returns (on a pipe: bytes consumed so far).
    private(set) var position = 0
    /// Whether `seek` can work: regular files and block devices, not pipes, FIFOs or terminals.
    let isSeekable: Bool
    /// What ends a wait for bytes that may never come (a FIFO's writer, a stalled producer on standard
    /// input): the latch current on the thread that made the reader. Regular files never wait.
    private let latch = StopLatch.current

    /// Opens `path`, or duplicates standard input for "-" (see `InputPath`).
    convenience init(path: String) throws(FileFailure) {
        try self.init(descriptor: InputPath.openDescriptor(path))
    }

    /// Takes ownership of `descriptor`, which is closed here even when this throws.
    init(descriptor: Int32) throws(FileFailure) {
        fd = descriptor
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let failure = FileFailure.fromErrno("cannot stat")
            close(fd)
            throw failure
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR {
            close(fd)
            throw .failed("is a directory")
        }
        isSeekable = kind == S_IFREG || kind == S_IFBLK
        // Standard input redirected from a file may start past its beginning; offsets stay true to the file.
        if isSeekable { position = max(0, Int(lseek(fd, 0, SEEK_CUR))) }
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
        let direct = try readFully(UnsafeMutableRawBufferPointer(rebasing: destination[buffered...]))
        position += buffered + direct
        return buffered + direct
    }

    /// Up to `count` bytes from the current position without consuming them; fewer only at the end.
    func peek(_ count: Int) throws(FileFailure) -> [UInt8] {
        precondition(count <= buffer.count, "peek(\(count)) is larger than the buffer")
        if end - start < count, start > 0 {
            buffer.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return }
                _ = memmove(base, base + start, end - start)
            }
            end -= start
            start = 0
        }
        while end - start < count {
            let got = try buffer.withUnsafeMutableBytes { raw in
                Result { () throws(FileFailure) in
                    try readSome(UnsafeMutableRawBufferPointer(rebasing: raw[end...]))
                }
            }.get()
            if got == 0 { break }
            end += got
        }
        return Array(buffer[start..<min(end, start + count)])
    }

    /// Moves to `offset` from the start of the file (regular files only; pipes cannot rewind).
    func seek(to offset: Int) throws(FileFailure) {
        guard lseek(fd, off_t(offset), SEEK_SET) >= 0 else { throw FileFailure.fromErrno("cannot seek") }
        start = 0
        end = 0
        position = offset
    }

    /// One read; on a FIFO, pipe, socket or terminal it first waits, until bytes come or the latch trips.
    private func readSome(_ buffer: UnsafeMutableRawBufferPointer) throws(FileFailure) -> Int {
        guard !isSeekable else { return try FileDescriptorIO.readSome(buffer, from: fd) }
        do { return try InterruptibleIO.readSome(buffer, from: fd, latch: latch) } catch { throw Self.failure(error) }
    }

    private func readFully(_ buffer: UnsafeMutableRawBufferPointer) throws(FileFailure) -> Int {
        guard !isSeekable else { return try FileDescriptorIO.readFully(buffer, from: fd) }
        do { return try InterruptibleIO.readFully(buffer, from: fd, latch: latch) } catch { throw Self.failure(error) }
    }

    private static func failure(_ error: InterruptibleIO.Failure) -> FileFailure {
        switch error {
        case let .stopped(reason): return .failed("stopped by \(reason) while waiting for data")
        case .failed: return .failed(error.description)
        }
    }

    /// Reads the next block into the buffer; false at the end of the file.
    private func refill() throws(FileFailure) -> Bool {
        let count = try buffer.withUnsafeMutableBytes { raw in
            Result { () throws(FileFailure) in try readSome(raw) }
        }.get()
        start = 0
        end = count
        return count > 0
    }
}
