#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import IrisCore
@testable import IrisVideo
import Testing

/// A recording that runs out of disk stops with `diskFull` naming the file, the caller's loop goes on,
/// and the file is either cut back to its last whole fragment, cluster or frame (and moved into place) or,
/// when the disk filled before the first flush, gone — never half written. The disk is a
/// 256 KiB tmpfs mounted for the test (root); where mounting is not allowed, a link to /dev/full, whose
/// every write fails with ENOSPC.
@Suite(.serialized) struct RecorderFullDiskTests {
    /// A small file system for one test, unmounted when it ends.
    final class SmallDisk {
        let directory: TemporaryDirectory
        let mounted: Bool
        init() throws {
            directory = try TemporaryDirectory()
            mounted = mount("tmpfs", directory.path, "tmpfs", 0, "size=256k") == 0
        }
        deinit { if mounted { umount(directory.path) } }

        /// A path on the small disk, or a link to /dev/full where there is none.
        func file(_ name: String) -> String {
            let path = directory.file(name)
            if !mounted { symlink("/dev/full", path) }
            return path
        }
    }

    /// Feeds incompressible frames until the recorder fails (in `append` or in `finish`, when the muxer
    /// buffered the last bytes), as a preview loop would: the loop carries on after the failure.
    private static func recordUntilFull(_ recorder: Recorder, frames: Int = 96) -> (error: RecorderError?, loopRan: Int)
    {
        var failure: RecorderError?
        var loopRan = 0
        for index in 0..<frames {
            loopRan += 1  // the preview's work for this frame
            guard recorder.isRecording else { continue }
            let picture = RecordingTestPictures.noise(width: 128, height: 96, seed: UInt32(index))
            do { try recorder.append(picture, timestamp: Double(index) / 30) } catch { failure = error }
        }
        if failure == nil {
            do { try recorder.finish() } catch { failure = error }
        }
        return (failure, loopRan)
    }

    @Test(arguments: [("full.mkv", RecorderCodec.ffv1), ("full.mp4", .h264), ("full.y4m", .ffv1)])
    func aFullDiskStopsTheRecordingWithATypedError(name: String, codec: RecorderCodec) throws {
        let disk = try SmallDisk()
        if !disk.mounted { print("RecorderFullDiskTests: tmpfs mount not permitted; using /dev/full") }
        let path = disk.file(name)
        let recorder = try Recorder(
            path: path, width: 128, height: 96, options: .init(codec: codec, preset: "ultrafast"))
        let (failure, loopRan) = Self.recordUntilFull(recorder)

        #expect(loopRan == 96)
        guard case let .diskFull(failedPath, _)? = failure else {
            Issue.record("expected diskFull, got \(String(describing: failure))")
            return
        }
        #expect(failedPath == path)
        #expect(recorder.state == .failed(failure!))
        #expect(throws: RecorderError.notRecording(path: path)) {
            try recorder.append(RecordingTestPictures.noise(width: 128, height: 96, seed: 0), timestamp: 99)
        }

        guard disk.mounted else { return }  // /dev/full keeps nothing to read back
        if FileManager.default.fileExists(atPath: path) {
            // Kept: it must read back cleanly, every frame whole and identical to what was fed.
            let frames = try RecorderTestSupport.readBack(path)
            #expect(!frames.isEmpty)
            #expect(frames.count <= recorder.framesWritten)
            for (index, frame) in frames.enumerated() {
                #expect(frame.buffer == RecordingTestPictures.noise(width: 128, height: 96, seed: UInt32(index)))
            }
            if name.hasSuffix(".y4m") { #expect(frames.count == recorder.framesWritten) }
        } else {
            #expect(!name.hasSuffix(".y4m"), "a Y4M file can always be cut back to its last whole frame")
        }
    }
}
