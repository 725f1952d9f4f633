import Foundation
import IrisCore
@testable import IrisVideo
import Synchronization
import Testing

/// Waits a stop can end (`InterruptibleIO`, `StopLatch`): a FIFO with no writer, a FIFO output with no
/// reader, a reader that stops reading, a stalled stream under `Recording` and the Y4M writer. Each test
/// trips the latch from another thread after a short delay and checks how soon the wait ends and how.
@Suite struct InterruptibleIOTests {
    /// Trips `latch` (`times` times, 30 ms apart) after `delay` on another thread.
    static func trip(
        _ latch: StopLatch, after delay: Duration = .milliseconds(150), times: Int = 1, reason: String = "SIGTEST"
    ) {
        Thread.detachNewThread {
            Thread.sleep(
                forTimeInterval: Double(delay.components.attoseconds) / 1e18 + Double(delay.components.seconds))
            for _ in 0..<times {
                latch.trip(reason)
                Thread.sleep(forTimeInterval: 0.03)
            }
        }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test func aLatchKeepsItsFirstReasonCountsTripsAndStaysReadable() {
        let latch = StopLatch()
        #expect(latch.reason == nil && latch.trips == 0 && latch.writeTimeLeft() == nil)
        latch.trip("SIGINT")
        latch.trip("SIGTERM")
        #expect(latch.reason == "SIGINT" && latch.trips == 2)
        #expect(latch.writeTimeLeft() == .zero)  // a second trip leaves no grace
        var fd = pollfd(fd: latch.wakeDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&fd, 1, 0) == 1)
        #expect(poll(&fd, 1, 0) == 1)  // still readable: nothing drains it
    }

    @Test func aFIFOWithNoWriterOpensAtOnceAndItsReadEndsAtTheStop() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("source")
        #expect(mkfifo(path, 0o600) == 0)
        let latch = StopLatch()
        let fd = try InterruptibleIO.openForReading(path)
        defer { close(fd) }
        Self.trip(latch)
        let start = ContinuousClock.now
        var bytes = [UInt8](repeating: 0, count: 16)
        #expect(throws: InterruptibleIO.Failure.stopped(reason: "SIGTEST")) {
            _ = try bytes.withUnsafeMutableBytes { try InterruptibleIO.readSome($0, from: fd, latch: latch) }
        }
        #expect(Self.seconds(since: start) < 1)
    }

    @Test func aFIFOWithAWriterIsReadToItsEnd() throws {
        let directory = try TemporaryDirectory()
        let path = try StreamFeeder.fifo(at: directory.file("source"), feeding: Array(0..<200))
        let fd = try InterruptibleIO.openForReading(path)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 300)
        let count = try bytes.withUnsafeMutableBytes { try InterruptibleIO.readFully($0, from: fd, latch: StopLatch()) }
        #expect(count == 200)
        #expect(Array(bytes.prefix(200)) == Array(0..<200))
    }

    @Test func anOutputFIFOWithNoReaderWaitsUntilTheStop() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("out.y4m")
        #expect(mkfifo(path, 0o600) == 0)
        let latch = StopLatch()
        Self.trip(latch)
        let start = ContinuousClock.now
        #expect(throws: InterruptibleIO.Failure.stopped(reason: "SIGTEST")) {
            try InterruptibleIO.openForWriting(path, latch: latch)
        }
        let waited = Self.seconds(since: start)
        #expect(waited > 0.1 && waited < 1)
    }

    @Test func anOutputFIFOOpensOnceAReaderComes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("out.y4m")
        #expect(mkfifo(path, 0o600) == 0)
        let received = Mutex<[UInt8]>([])
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.1)
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            var buffer = [UInt8](repeating: 0, count: 64)
            let n = buffer.withUnsafeMutableBytes {
                (try? InterruptibleIO.readFully($0, from: fd, latch: StopLatch())) ?? -1
            }
            received.withLock { $0 = Array(buffer.prefix(max(n, 0))) }
            close(fd)
        }
        let fd = try InterruptibleIO.openForWriting(path, latch: StopLatch())
        try InterruptibleIO.writeAll(Array("YUV4MPEG2".utf8), to: fd, latch: StopLatch())
        close(fd)
        for _ in 0..<100 where received.withLock({ $0.isEmpty }) { Thread.sleep(forTimeInterval: 0.01) }
        #expect(received.withLock { $0 } == Array("YUV4MPEG2".utf8))
    }

    /// A reader that holds the FIFO open and reads nothing: the first stop gives the write its grace,
    /// a second ends it at once.
    @Test(arguments: [1, 2])
    func aWriteToAReaderThatStoppedReadingEndsAfterTheGraceOrASecondStop(stops: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("out.y4m")
        #expect(mkfifo(path, 0o600) == 0)
        let reader = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        defer { close(reader) }
        let latch = StopLatch()
        let fd = try InterruptibleIO.openForWriting(path, latch: latch)
        defer { close(fd) }
        Self.trip(latch, times: stops)
        let start = ContinuousClock.now
        #expect(throws: InterruptibleIO.Failure.stopped(reason: "SIGTEST")) {
            try InterruptibleIO.writeAll([UInt8](repeating: 7, count: 1 << 20), to: fd, latch: latch)
        }
        let waited = Self.seconds(since: start)
        if stops == 1 { #expect(waited > 1 && waited < 1.6) } else { #expect(waited < 0.6) }
    }

    @Test func aWriteToARegularFileIsNeverRefusedAfterAStop() throws {
        let directory = try TemporaryDirectory()
        let latch = StopLatch()
        latch.trip("SIGTEST")
        latch.trip("SIGTEST")
        let fd = try InterruptibleIO.openForWriting(directory.file("plain.bin"), latch: latch)
        defer { close(fd) }
        try InterruptibleIO.writeAll([UInt8](repeating: 1, count: 100_000), to: fd, latch: latch)
        var info = stat()
        #expect(fstat(fd, &info) == 0 && info.st_size == 100_000)
    }

    @Test func aRecordingOnAStalledFIFOEndsAtTheStopOfItsThread() throws {
        let directory = try TemporaryDirectory()
        let (bytes, pictures) = try RecordingFIFOTests.y4mBytes(count: 2)
        let path = directory.file("camera")
        #expect(mkfifo(path, 0o600) == 0)
        // The writer sends two frames and keeps the FIFO open, sending nothing more.
        let writer = Mutex<Int32>(-1)
        Thread.detachNewThread {
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            writer.withLock { $0 = fd }
            try? InterruptibleIO.writeAll(bytes, to: fd, latch: StopLatch())
        }
        defer { writer.withLock { if $0 >= 0 { close($0) } } }
        let latch = StopLatch()
        try StopLatch.$current.withValue(latch) {
            let recording = try Recording(path: path)
            #expect(try recording.nextFrame()?.buffer == pictures[0])
            #expect(try recording.nextFrame()?.buffer == pictures[1])
            Self.trip(latch)
            let start = ContinuousClock.now
            do {
                _ = try recording.nextFrame()
                Issue.record("the stalled read returned")
            } catch let error as RecordingError {
                #expect(error == .unreadable(path: path, reason: "stopped by SIGTEST while waiting for data"))
            }
            #expect(Self.seconds(since: start) < 1)
        }
    }

    @Test func aY4MWriterToAFIFOWithNoReaderSaysNothingWasWritten() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("out.y4m")
        #expect(mkfifo(path, 0o600) == 0)
        let latch = StopLatch()
        Self.trip(latch, after: .milliseconds(50))
        StopLatch.$current.withValue(latch) {
            #expect(
                throws: Y4MError.writeFailed(
                    path: path,
                    reason: "no process opened the FIFO for reading before the stop (SIGTEST); nothing was written")
            ) {
                try Y4MWriter(path: path, header: Y4MHeader(width: 64, height: 48, frameRate: .init(25, 1)))
            }
        }
    }
}
