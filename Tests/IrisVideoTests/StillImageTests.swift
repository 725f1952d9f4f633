import Foundation
import IrisCore
@testable import IrisVideo
import Testing

@Suite struct StillImageTests {
    @Test func writesByExtensionAndReadsByContent() throws {
        let directory = try TemporaryDirectory()
        let image = TestImages.rgbaPattern()
        try StillImage.write(image, to: directory.file("a.png"))
        try StillImage.write(TestImages.smoothGradient(), to: directory.file("b.JPEG"), quality: 80)
        // Swap the names: reading must follow the bytes, not the extension.
        try FileManager.default.moveItem(atPath: directory.file("a.png"), toPath: directory.file("a.jpg"))
        let png = try StillImage.read(contentsOf: directory.file("a.jpg"))
        #expect(png.format == .png && png.orientation == .up && png.buffer == image)
        #expect(try StillImage.read(contentsOf: directory.file("b.JPEG")).format == .jpeg)
    }

    @Test func randomBytesAreAnUnsupportedFormat() throws {
        let directory = try TemporaryDirectory()
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[0] = 0x00  // never a PNG or JPEG signature by chance
        let path = try directory.write(bytes, to: "noise.png")
        #expect(throws: StillImageError.unsupportedFormat(path: path)) { try StillImage.read(contentsOf: path) }
    }

    @Test func emptyFileIsAnUnsupportedFormat() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write([], to: "empty.jpg")
        #expect(throws: StillImageError.unsupportedFormat(path: path)) { try StillImage.read(contentsOf: path) }
    }

    @Test func missingFileAndDirectoryAreNamed() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("nope.png")
        #expect(throws: StillImageError.fileNotFound(path: missing)) { try StillImage.read(contentsOf: missing) }
        #expect {
            try StillImage.read(contentsOf: directory.path)
        } throws: { error in
            guard case let .unreadable(path, _) = error as? StillImageError else { return false }
            return path == directory.path
        }
    }

    @Test func unknownExtensionOnWriteIsRefusedAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("out.bmp")
        #expect(throws: StillImageError.unsupportedFormat(path: path)) {
            try StillImage.write(TestImages.rgbaPattern(), to: path)
        }
        #expect(throws: StillImageError.unsupportedFormat(path: directory.file("noextension"))) {
            try StillImage.write(TestImages.rgbaPattern(), to: directory.file("noextension"))
        }
        #expect(try directory.contents().isEmpty)
    }

    @Test func writingIntoAMissingDirectoryFailsAndLeavesNoFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("missing/out.png")
        #expect {
            try StillImage.write(TestImages.rgbaPattern(), to: path)
        } throws: { error in
            guard case let .writeFailed(failedPath, reason) = error as? StillImageError else { return false }
            return failedPath == path && reason.contains("does not exist")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try directory.contents().isEmpty)
    }

    @Test func aFailedWriteKeepsTheOldFileAndLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("keep.png")
        try StillImage.write(TestImages.rgbaPattern(), to: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StillImageError.self) {
            try StillImage.write(PixelBuffer(width: 2, height: 2, format: .i420), to: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try directory.contents() == ["keep.png"])
    }

    @Test func overwritingReplacesTheWholeFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("x.png")
        try StillImage.write(TestImages.noise(), to: path)
        let small = TestImages.rgbaPattern(width: 2, height: 2)
        try StillImage.write(small, to: path)
        #expect(try StillImage.read(contentsOf: path).buffer == small)
        #expect(try directory.contents() == ["x.png"])
    }

    @Test func descriptionsNameTheFile() {
        let errors: [StillImageError] = [
            .fileNotFound(path: "a.png"), .unreadable(path: "a.png", reason: "r"), .unsupportedFormat(path: "a.png"),
            .truncated(path: "a.png"), .corrupt(path: "a.png", reason: "r"), .writeFailed(path: "a.png", reason: "r")
        ]
        for error in errors { #expect(error.description.hasPrefix("a.png: ")) }
    }

    @Test func formatDetection() {
        #expect(StillImageFormat(extensionOf: "dir.png/photo.Jpg") == .jpeg)
        #expect(StillImageFormat(extensionOf: "dir.png/photo") == nil)
        #expect(StillImageFormat(extensionOf: ".png") == nil)
        #expect(StillImageFormat(magicBytes: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(StillImageFormat(magicBytes: [0x89, 0x50]) == nil)
    }
}
