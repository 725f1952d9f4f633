import Foundation
import Testing

/// `--source libcamera:N` and `--source auto` on this machine, which has no camera: a typed error naming the
/// camera asked for, and the bundled recording as auto's fallback. (Capture itself: the guest's vimc checks.)
@Suite struct CameraSourceCLITests {
    @Test(.enabled(if: IrisExecutable.path != nil)) func aMissingLibcameraCameraIsNamed() throws {
        let folder = try TemporaryFolder()
        let result = try IrisExecutable.run(
            ["run", "--source", "libcamera:0", "--frames", "1", "--preview", "none", "--quiet"], in: folder.path)
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("libcamera:0: no such camera (libcamera found no cameras)"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing written")
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func autoFallsBackToTheBundledRecording() throws {
        let folder = try TemporaryFolder()
        let result = try IrisExecutable.run(
            [
                "run", "--source", "auto", "--frames", "2", "--preview", "none", "--renderer", "cpu", "--events",
                "e.jsonl", "--detect", "qr"
            ], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("source: ") && result.stdout.contains("demo-640x480.mp4"), "\(result.stdout)")
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func devicesListsNoLibcameraCamerasHere() throws {
        let result = try IrisExecutable.run(["devices"], in: NSTemporaryDirectory())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("no libcamera cameras (libcamera v0."), "\(result.stdout)")
        let one = try IrisExecutable.run(["devices", "--device", "libcamera:3"], in: NSTemporaryDirectory())
        #expect(one.status != 0 && one.stderr.contains("libcamera:3: no such camera"), "\(one.stderr)")
    }
}
