import Foundation
import IrisCore
import IrisVideo
import Testing

@Suite struct ImageLoadTests {
    @Test func loadGivesTheStillsExtentAndNamesAMissingFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("iris-load-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("wide.png").path
        try StillImage.write(PixelBuffer(width: 6, height: 2, format: .rgba8), to: path)
        #expect(try Image.load(contentsOf: path).extent == Rect(width: 6, height: 2))
        let missing = dir.appendingPathComponent("missing.png").path
        #expect(throws: StillImageError.self) { try Image.load(contentsOf: missing) }
    }
}
