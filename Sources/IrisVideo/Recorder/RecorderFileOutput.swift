#if canImport(Glibc)
    import Glibc
#endif
import CAV

/// The file a libavformat muxer writes, through an `AVIOContext` over a descriptor Iris owns (not
/// libavformat's file protocol), so that the recorder knows how much of the file is whole: after each
/// flush at a fragment or cluster boundary it notes the file's length, and after a failure (a full disk)
/// it cuts the file back to that length, which plays. Owns the descriptor and the context.
final class RecorderFileOutput {
    let path: String
    private(set) var context: UnsafeMutablePointer<AVIOContext>?
    private let descriptor: Int32
    /// The file's length at the last successful flush: everything before it is whole.
    private(set) var committedLength: Int64 = 0
    /// The first errno a write or seek failed with; libav sees only its negation.
    private(set) var failure: Int32 = 0
    /// A fragment holds about a second of video; a buffer that size makes each flush one write(2).
    private static let bufferSize = 1 << 20
    /// Ends the waits of a FIFO written in place: the latch current on the thread that made the output.
    private let latch = StopLatch.current

    /// Creates (or empties) `writingPath`; errors name `path`. A FIFO's open waits for a reader, and a
    /// stop ends that wait.
    init(writingPath: String, path: String) throws(RecorderError) {
        self.path = path
        do { descriptor = try InterruptibleIO.openForWriting(writingPath, latch: latch) } catch {
            switch error {
            case let .stopped(reason):
                throw .writeFailed(path: path, reason: InterruptibleIO.Failure.noReaderBeforeStop(reason))
            case let .failed(_, code):
                throw RecorderFileOutput.error(path: path, action: "cannot create the file", errno: code)
            }
        }
        guard let buffer = av_malloc(Self.bufferSize) else {
            close(descriptor)
            throw .writeFailed(path: path, reason: "libav could not allocate an output buffer")
        }
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        guard
            let context = avio_alloc_context(
                buffer.assumingMemoryBound(to: UInt8.self), Int32(Self.bufferSize), 1,
                opaque, nil, recorderFileWrite, recorderFileSeek)
        else {
            av_free(buffer)
            close(descriptor)
            throw .writeFailed(path: path, reason: "libav could not allocate an output context")
        }
        self.context = context
    }

    deinit {
        closeContext()
        close(descriptor)
    }

    /// Writes what libav buffered and notes the new whole length; false after a write failure.
    @discardableResult
    func flush() -> Bool {
        guard let context else { return false }
        avio_flush(context)
        guard context.pointee.error >= 0, failure == 0 else { return false }
        var info = stat()
        if fstat(descriptor, &info) == 0 { committedLength = Int64(info.st_size) }
        return true
    }

    /// Asks the disk to keep what was written (a power cut then loses only what came after).
    func synchronize() { _ = fdatasync(descriptor) }

    /// Drops what libav still buffers and cuts the file back to its last whole length. Returns whether
    /// bytes beyond `minimum` (the header) remain, i.e. whether the file holds frames.
    func cutBackToCommitted(minimum: Int64) -> Bool {
        closeContext()
        guard committedLength > minimum, ftruncate(descriptor, off_t(committedLength)) == 0 else { return false }
        synchronize()
        return true
    }

    /// Flushes, syncs and frees the context; the descriptor closes with the object.
    func finish() -> Bool {
        let flushed = flush()
        synchronize()
        closeContext()
        return flushed
    }

    private func closeContext() {
        guard context != nil else { return }
        // avio may have replaced the buffer it was given; free the one it holds now.
        av_freep(&context!.pointee.buffer)
        avio_context_free(&context)
    }

    fileprivate func write(_ bytes: UnsafeMutablePointer<UInt8>?, count: Int32) -> Int32 {
        guard let bytes else { return 0 }
        do {
            try InterruptibleIO.writeAll(
                UnsafeRawBufferPointer(start: bytes, count: Int(count)), to: descriptor, latch: latch)
        } catch {
            let code: Int32
            switch error {
            case .stopped: code = ECANCELED  // the sink says which stop (see LibAVRecorderSink)
            case let .failed(_, errno): code = errno
            }
            if failure == 0 { failure = code }
            return -code
        }
        return count
    }

    fileprivate func seek(_ offset: Int64, whence: Int32) -> Int64 {
        if whence & AVSEEK_SIZE != 0 {
            var info = stat()
            return fstat(descriptor, &info) == 0 ? Int64(info.st_size) : -Int64(errno)
        }
        let position = lseek(descriptor, off_t(offset), whence & ~AVSEEK_FORCE)
        return position < 0 ? -Int64(errno) : Int64(position)
    }

    static func error(path: String, action: String, errno code: Int32) -> RecorderError {
        let reason = "\(action): \(String(cString: strerror(code)))"
        return code == ENOSPC || code == EDQUOT
            ? .diskFull(path: path, reason: reason) : .writeFailed(path: path, reason: reason)
    }
}

/// libav's write callback: the opaque pointer is the `RecorderFileOutput`, alive while its context is.
private func recorderFileWrite(
    _ opaque: UnsafeMutableRawPointer?, _ bytes: UnsafeMutablePointer<UInt8>?, _ count: Int32
) -> Int32 {
    guard let opaque else { return -EINVAL }
    return Unmanaged<RecorderFileOutput>.fromOpaque(opaque).takeUnretainedValue().write(bytes, count: count)
}

private func recorderFileSeek(_ opaque: UnsafeMutableRawPointer?, _ offset: Int64, _ whence: Int32) -> Int64 {
    guard let opaque else { return Int64(-EINVAL) }
    return Unmanaged<RecorderFileOutput>.fromOpaque(opaque).takeUnretainedValue().seek(offset, whence: whence)
}
