import Foundation
import IrisCore
import IrisPipeline
import IrisVideo
import Synchronization
import Testing

/// A stop ends a run whose source is blocked (a FIFO that stalls after 10 frames, a FIFO with no
/// writer), the stalled frames are in the file before the stop (flushed without a further frame), and
/// the metrics count what the file holds.
@Suite struct PipelineStopTests {
    /// A FIFO at `path` fed `bytes` by a thread that then keeps it open, sending nothing more; the
    /// returned closure closes it.
    static func stallingFIFO(at path: String, feeding bytes: [UInt8]) -> @Sendable () -> Void {
        mkfifo(path, 0o600)
        signal(SIGPIPE, SIG_IGN)
        let writer = Mutex<Int32>(-1)
        Thread.detachNewThread {
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            writer.withLock { $0 = fd }
            try? InterruptibleIO.writeAll(bytes, to: fd, latch: StopLatch())
        }
        return {
            writer.withLock {
                if $0 >= 0 {
                    close($0)
                    $0 = -1
                }
            }
        }
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// Frames that decode from `path` before its end or its first error.
    static func decodableFrames(_ path: String) -> Int {
        guard let recording = try? Recording(path: path) else { return 0 }
        var count = 0
        while (try? recording.nextFrame()) != nil { count += 1 }
        return count
    }

    @Test func aStalledSourceIsFlushedThenStoppedWithItsFrames() throws {
        let directory = try PipelineTestClips.temporaryDirectory()
        let clip = directory + "/clip.y4m"
        _ = try PipelineTestClips.movingQRCode(at: clip, frames: 10, width: 160, height: 120)
        let release = Self.stallingFIFO(
            at: directory + "/camera", feeding: try [UInt8](Data(contentsOf: URL(fileURLWithPath: clip))))
        defer { release() }
        var config = PipelineConfiguration(source: SourceRequest(path: directory + "/camera"))
        config.renderer = .cpu
        config.passthrough = true
        config.record = RecordOutput(path: directory + "/stalled.mp4")
        let stop = StopRequest()
        let partialFrames = Mutex<Int?>(nil)
        let stoppedAt = Mutex<ContinuousClock.Instant?>(nil)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 1.5)
            // The source has been silent for over a second: what the partial file holds now survives a SIGKILL.
            let partial = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.first {
                $0.hasPrefix(".stalled.partial-")
            }
            partialFrames.withLock { $0 = partial.map { Self.decodableFrames(directory + "/" + $0) } }
            stoppedAt.withLock { $0 = .now }
            stop.request("test stop")
        }
        let summary = try Pipeline(configuration: config).run(stop: stop)
        let took = try #require(stoppedAt.withLock { $0 }).duration(to: .now)
        #expect(Self.seconds(took) < 2)
        #expect(partialFrames.withLock { $0 } == 10)
        #expect(summary.stoppedBy == "test stop")
        #expect(summary.recording?.frames == 10)
        #expect(summary.metrics.framesRecorded == 10)
        #expect(Self.decodableFrames(directory + "/stalled.mp4") == 10)
    }

    @Test func aStopEndsTheWaitForAFIFOsFirstWriter() throws {
        let directory = try PipelineTestClips.temporaryDirectory()
        let fifo = directory + "/camera"
        #expect(mkfifo(fifo, 0o600) == 0)
        var config = PipelineConfiguration(source: SourceRequest(path: fifo))
        config.renderer = .cpu
        config.record = RecordOutput(path: directory + "/never.mkv")
        let stop = StopRequest()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.3)
            stop.request("test stop")
        }
        let start = ContinuousClock.now
        #expect {
            try Pipeline(configuration: config).run(stop: stop)
        } throws: { error in
            guard case let .source(path, cause) = error as? PipelineError else { return false }
            return path == fifo && cause.description.contains("stopped by test stop while waiting for data")
        }
        #expect(Self.seconds(start.duration(to: .now)) < 2)
        #expect(!FileManager.default.fileExists(atPath: directory + "/never.mkv"))
    }

    @Test func aStopRequestedBeforeTheRunEndsItBeforeAnyFrame() throws {
        let directory = try PipelineTestClips.temporaryDirectory()
        let clip = directory + "/clip.y4m"
        _ = try PipelineTestClips.movingQRCode(at: clip, frames: 3, width: 160, height: 120)
        var config = PipelineConfiguration(source: SourceRequest(path: clip, looping: true, realTime: true))
        config.renderer = .cpu
        config.record = RecordOutput(path: directory + "/early.mkv")
        let stop = StopRequest()
        stop.request("early stop")
        let summary = try Pipeline(configuration: config).run(stop: stop)
        #expect(summary.stoppedBy == "early stop")
        #expect(summary.metrics.framesRecorded == 0)
        #expect(summary.recording == nil)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("early") }
        #expect(left.isEmpty, "left \(left)")
    }
}
