import Foundation
import IrisPipeline
import Testing

/// `iris run` with no source plays the bundled recording; where it is in none of the folders, the error
/// names the clip, every folder looked in, and what to do.
@Suite struct BundledRecordingTests {
    @Test func theCheckoutsRecordingIsFound() throws {
        let path = try BundledRecording.path()
        #expect(FileManager.default.isReadableFile(atPath: path) && path.hasSuffix(BundledRecording.names[0]))
    }

    @Test func aMissingRecordingNamesEveryFolderSearched() {
        let searched = ["/nonexistent/iris-a", "/nonexistent/iris-b"]
        #expect(throws: PipelineError.bundledRecordingMissing(name: "demo-640x480.mp4", searched: searched)) {
            try BundledRecording.path(in: searched)
        }
        let text = "\(PipelineError.bundledRecordingMissing(name: "demo-640x480.mp4", searched: searched))"
        #expect(text.contains("/nonexistent/iris-a, /nonexistent/iris-b") && text.contains("give --source"))
    }
}
