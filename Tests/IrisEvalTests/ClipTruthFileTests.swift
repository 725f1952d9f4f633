import Foundation
import IrisCore
import IrisDetect
import IrisEval
import Testing

/// The truth file read back: conventions converted, shapes checked, mistakes named.
@Suite struct ClipTruthFileTests {
    private func file(coordinates: String = "top-left", frames: String, frameCount: Int = 1) -> Data {
        Data(
            """
            {"format": "iris-truth", "version": 1, "clip": "c.mkv", "width": 100, "height": 80, "frameRate": 25,
             "frameCount": \(frameCount), "coordinates": "\(coordinates)", "frames": \(frames)}
            """.utf8)
    }

    @Test func topLeftFilesComeBackBottomLeft() throws {
        let data = file(
            frames: """
                [{"frame": 0, "objects": [
                  {"id": 7, "type": "face", "bounds": [10, 20, 30, 40], "leftEye": [18, 30], "rightEye": [32, 30], "mouth": [25, 50]},
                  {"id": 8, "type": "qr", "message": "hi", "visibility": 0.25,
                   "corners": {"topLeft": [60, 10], "topRight": [90, 10], "bottomRight": [90, 40], "bottomLeft": [60, 40]}}]}]
                """)
        let truth = try ClipTruth.decode(data, path: "t.json")
        let face = truth.frames[0].objects[0], code = truth.frames[0].objects[1]
        // A box 20 px below the top, 40 tall, in an 80 px picture, starts 20 px above the bottom.
        #expect(face.bounds == Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(face.leftEye == Point(x: 18, y: 50))
        #expect(face.mouth == Point(x: 25, y: 30))
        #expect(code.kind == .qrCode && code.message == "hi" && code.visibility == 0.25)
        #expect(code.corners?.topLeft == Point(x: 60, y: 70))
        #expect(code.corners?.bottomRight == Point(x: 90, y: 40))
    }

    @Test func writingAndReadingBackGivesTheSameTruthInEitherConvention() throws {
        let quad = Quadrilateral(
            topLeft: Point(x: 1, y: 70), topRight: Point(x: 50.5, y: 71),
            bottomLeft: Point(x: 2, y: 10), bottomRight: Point(x: 49, y: 12.25))
        let truth = ClipTruth(
            clip: "c.mkv", width: 100, height: 80, frameRate: 30,
            frames: [
                FrameTruth(frame: 0, objects: [TruthObject(id: 1, kind: .rectangle, corners: quad)]),
                FrameTruth(frame: 1, objects: [])
            ], generator: .init(tool: "tools/make-eval-clips", seed: 3), covers: ["perspective"])
        for convention in CoordinateConvention.allCases {
            let data = try truth.encoded(in: convention)
            #expect(try ClipTruth.decode(data, path: "t.json") == truth)
            #expect(String(decoding: data, as: UTF8.self).contains("\"coordinates\":\"\(convention.rawValue)\""))
        }
    }

    @Test(arguments: [
        (#"[{"frame": 1, "objects": []}]"#, "frame 1 listed where frame 0 belongs"),
        (#"[{"frame": 0, "objects": [{"id": 1, "type": "cat", "bounds": [0, 0, 1, 1]}]}]"#, "type \"cat\""),
        (#"[{"frame": 0, "objects": [{"id": 1, "type": "face"}]}]"#, "a face needs bounds"),
        (#"[{"frame": 0, "objects": [{"id": 1, "type": "face", "bounds": [0, 0, 1]}]}]"#, "bounds must be"),
        (
            #"[{"frame": 0, "objects": [{"id": 2, "type": "face", "bounds": [0, 0, 1, 1]}, {"id": 2, "type": "face", "bounds": [5, 5, 1, 1]}]}]"#,
            "ID 2 appears twice"
        ),
        (
            #"[{"frame": 0, "objects": [{"id": 1, "type": "qr", "corners": {"topLeft": [0, 0], "topRight": [1, 0], "#
                + #""bottomRight": [1, 1], "bottomLeft": [0, 1]}}]}]"#,
            "needs its message"
        ),
        (#"[{"frame": 0}]"#, "[0].objects is missing")
    ])
    func mistakesAreTypedErrorsNamingTheFileAndPlace(frames: String, expected: String) {
        do {
            _ = try ClipTruth.decode(file(frames: frames), path: "bad.json")
            Issue.record("accepted \(frames)")
        } catch {
            #expect(error.path == "bad.json")
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }

    @Test func aFrameCountThatDisagreesAndAMissingFileAreNamed() {
        #expect(throws: TruthFileError.inconsistent(path: "n.json", detail: "frameCount is 2 but 1 frames are listed"))
        {
            try ClipTruth.decode(file(frames: #"[{"frame": 0, "objects": []}]"#, frameCount: 2), path: "n.json")
        }
        #expect(throws: TruthFileError.unreadable(path: "/nonexistent/t.json", reason: "no such file")) {
            try ClipTruth.read(contentsOf: "/nonexistent/t.json")
        }
    }
}
