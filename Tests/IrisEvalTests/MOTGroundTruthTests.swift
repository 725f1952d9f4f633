import Foundation
import IrisCore
import IrisDetect
import IrisEval
import Testing

/// MOT Challenge gt.txt read into a ClipTruth: frames from 0, boxes bottom-left, conf 0 as don't care.
@Suite struct MOTGroundTruthTests {
    private let sample = """
        1,1,10,20,30,40,1,1,1
        1,2,50,5,10,10,0,1,1

        3,1,12,22,30,40,1,1,0.25
        3, 2, 60, 50, 8, 10
        """

    @Test func linesBecomeFramesInCoreImageCoordinates() throws {
        let truth = try MOTGroundTruth.decode(
            sample, path: "gt.txt", width: 200, height: 100, frameRate: 25, frameCount: nil)
        // frameCount nil: up to the last frame listed, 3 (frames 0, 1, 2); frame 2 (1-based) is empty.
        #expect(truth.frames.count == 3 && truth.frames.map(\.frame) == [0, 1, 2])
        #expect(truth.frames[1].objects.isEmpty)
        let first = truth.frames[0].objects
        // y = 100 − top 20 − height 40 = 40.
        #expect(
            first[0]
                == TruthObject(id: 1, kind: .face, bounds: Rect(x: 10, y: 40, width: 30, height: 40), visibility: 1))
        // conf 0: ignored by the benchmark, so don't care whatever its visibility column says. y = 100 − 5 − 10 = 85.
        #expect(first[1].visibility == 0 && first[1].bounds == Rect(x: 50, y: 85, width: 10, height: 10))
        let third = truth.frames[2].objects
        // 100 − 22 − 40
        #expect(third[0].visibility == 0.25 && third[0].bounds == Rect(x: 12, y: 38, width: 30, height: 40))
        // Six columns only: visible. y = 100 − 50 − 10 = 40.
        #expect(third[1].visibility == 1 && third[1].bounds == Rect(x: 60, y: 40, width: 8, height: 10))
        #expect(truth.width == 200 && truth.height == 100 && truth.frameRate == 25)
    }

    @Test func aFrameCountAddsEmptyFramesAtTheEnd() throws {
        let truth = try MOTGroundTruth.decode(
            sample, path: "gt.txt", width: 200, height: 100, frameRate: 25, frameCount: 5)
        #expect(truth.frames.count == 5 && truth.frames[3].objects.isEmpty && truth.frames[4].objects.isEmpty)
    }

    @Test func otherKindsGetCornersFromTheBox() throws {
        let truth = try MOTGroundTruth.decode(
            "1,4,10,20,30,40", path: "gt.txt", kind: .rectangle, width: 200, height: 100,
            frameRate: 25, frameCount: 1)
        let quad = try #require(truth.frames[0].objects.first?.corners)
        // Box x 10…40, y (bottom-left) 40…80.
        #expect(quad.topLeft == Point(x: 10, y: 80) && quad.bottomRight == Point(x: 40, y: 40))
        #expect(truth.frames[0].objects[0].box == Rect(x: 10, y: 40, width: 30, height: 40))
    }

    @Test(arguments: [
        ("1,1,10,20,30,40\n\n2,1,10,abc,30,40", "line 3: top \"abc\" is not a number"),
        ("1,1,10,20,30", "line 1: 5 columns, need frame, id, left, top, width, height[, conf, class, visibility]"),
        ("0,1,10,20,30,40", "line 1: frame 0: MOT frames count from 1"),
        ("1,1,10,20,0,40", "line 1: box 0.0×40.0 is empty"),
        ("1,1,10,20,30,40,1,1,1.5", "line 1: visibility 1.5 is outside 0…1"),
        ("1,x,10,20,30,40", "line 1: id \"x\" is not a whole number")
    ])
    func badLinesAreMalformedNamingTheLine(text: String, detail: String) {
        #expect(throws: TruthFileError.malformed(path: "seq/gt/gt.txt", detail: detail)) {
            try MOTGroundTruth.decode(
                text, path: "seq/gt/gt.txt", width: 200, height: 100, frameRate: 25, frameCount: nil)
        }
    }

    @Test func contradictionsAreInconsistentNamingTheLine() {
        #expect(
            throws: TruthFileError.inconsistent(path: "gt.txt", detail: "line 2: frame 9 is past the clip's 5 frames")
        ) {
            try MOTGroundTruth.decode(
                "1,1,10,20,30,40\n9,1,10,20,30,40", path: "gt.txt", width: 200, height: 100, frameRate: 25,
                frameCount: 5)
        }
        #expect(
            throws: TruthFileError.inconsistent(path: "gt.txt", detail: "line 2: object ID 1 appears twice in frame 1")
        ) {
            try MOTGroundTruth.decode(
                "1,1,10,20,30,40\n1,1,0,0,5,5", path: "gt.txt", width: 200, height: 100, frameRate: 25, frameCount: nil)
        }
    }

    @Test func aFileOnDiskIsReadAndAMissingOneNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mot-gt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("gt.txt").path
        // CRLF line ends read the same.
        try Data("1,1,10,20,30,40,1,1,1\r\n2,1,11,20,30,40,1,1,1\r\n".utf8).write(to: URL(fileURLWithPath: path))
        let truth = try MOTGroundTruth.read(
            contentsOf: path, width: 200, height: 100, frameRate: 30, frameCount: nil, clip: "img1")
        #expect(truth.frames.count == 2 && truth.clip == "img1")
        #expect(truth.frames[1].objects[0].bounds == Rect(x: 11, y: 40, width: 30, height: 40))
        let missing = folder.appendingPathComponent("none.txt").path
        #expect(throws: TruthFileError.unreadable(path: missing, reason: "no such file")) {
            try MOTGroundTruth.read(contentsOf: missing, width: 200, height: 100, frameRate: 30, frameCount: nil)
        }
    }
}
