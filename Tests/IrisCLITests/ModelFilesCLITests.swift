import Foundation
import IrisCore
import IrisVideo
import Testing

/// `iris` finds its face models as files: a damaged model named by `IRIS_MODEL_DIR` is refused with the
/// path and its digest, not used, and the run fails with a non-zero status.
@Suite struct ModelFilesCLITests {
    @Test(.enabled(if: IrisExecutable.path != nil)) func aDamagedModelIsNamedAndRefused() throws {
        let folder = try TemporaryFolder()
        let grey = [UInt8](repeating: 128, count: 64 * 48 * 4)
        try PNGCodec.write(
            try PixelBuffer(width: 64, height: 48, format: .rgba8, planes: [.init(bytes: grey, bytesPerRow: 64 * 4)]),
            to: folder.file("grey.png"))
        let models = try TemporaryFolder()
        _ = try models.write(Array("not a dlib detector".utf8), to: "dlib_frontal_face.svm")
        let refused = try IrisExecutable.run(
            ["detect", "grey.png", "--detect", "face"], in: folder.path,
            environment: ["IRIS_MODEL_DIR": models.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains(models.file("dlib_frontal_face.svm")), "\(refused.stderr)")
        #expect(refused.stderr.contains("SHA-256"), "\(refused.stderr)")

        let found = try IrisExecutable.run(
            ["detect", "grey.png", "--detect", "face"], in: folder.path,
            environment: ["IRIS_MODEL_DIR": folder.path])
        #expect(found.status == 0, "\(found.stderr)")
    }
}
