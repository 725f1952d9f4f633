import Foundation
import IrisEval
import Testing

/// What `iris eval` makes of its arguments: clips paired with the truth beside them, still layouts, errors.
@Suite struct EvaluationInputsTests {
    @Test func aFolderGivesItsClipsWithTruthAndItsZXingLayout() throws {
        let folder = NSTemporaryDirectory() + "iris-eval-inputs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["b.mp4", "b.truth.json", "a.mkv", "a.truth.json", "untruthed.mp4", "1.png", "1.txt"] {
            FileManager.default.createFile(atPath: folder + "/" + name, contents: Data())
        }
        let inputs = try EvaluationInput.resolve([folder], truth: nil)
        #expect(
            inputs == [
                .clip(path: folder + "/a.mkv", truth: .iris(folder + "/a.truth.json")),
                .clip(path: folder + "/b.mp4", truth: .iris(folder + "/b.truth.json")),
                .zxingFolder(folder)
            ])
        #expect(
            try EvaluationInput.resolve([folder + "/a.mkv"], truth: folder + "/gt.txt") == [
                .clip(path: folder + "/a.mkv", truth: .mot(folder + "/gt.txt"))
            ])
        #expect(throws: EvaluationError.self) { try EvaluationInput.resolve([folder + "/untruthed.mp4"], truth: nil) }
        #expect(throws: EvaluationError.self) {
            try EvaluationInput.resolve([folder + "/a.mkv", folder + "/b.mp4"], truth: folder + "/gt.txt")
        }
        #expect(throws: EvaluationError.self) { try EvaluationInput.resolve([folder + "/missing.mp4"], truth: nil) }
    }
}
