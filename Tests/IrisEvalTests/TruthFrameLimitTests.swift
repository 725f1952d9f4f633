import Foundation
import IrisEval
import Testing

/// Frame numbers in MOT and CVAT truth are checked against `ClipTruth.maximumFrameCount` before any per-frame
/// storage is made: a few bytes naming frame 10^9 or 10^12 are refused by line, not allocated for.
@Suite struct TruthFrameLimitTests {
    private func cvat(_ body: String, meta: String = "") -> Data {
        Data(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <annotations>
              <meta><task>\(meta)<original_size><width>64</width><height>48</height></original_size></task></meta>
              \(body)
            </annotations>
            """.utf8)
    }

    @Test func aMOTFramePastTheLimitIsRefusedByLine() {
        // The issue's 36-byte file: frame 1,000,000,000 asked for 16 GB before the fix.
        let text = "1,1,1,1,1,1\n1000000000,1,1,1,1,1,1,1,1\n"
        #expect(
            throws: TruthFileError.frameOutOfRange(
                path: "gt.txt", line: 2, frame: 1_000_000_000, limit: ClipTruth.maximumFrameCount)
        ) {
            try MOTGroundTruth.decode(text, path: "gt.txt", width: 64, height: 48, frameRate: 30, frameCount: nil)
        }
        do {
            _ = try MOTGroundTruth.decode(text, path: "gt.txt", width: 64, height: 48, frameRate: 30, frameCount: nil)
        } catch {
            #expect(
                "\(error)"
                    == "gt.txt: line 2: frame 1000000000 is past the 10000000 frames a truth file may describe (check the frame column; split a longer clip)"
            )
        }
    }

    @Test func theLimitIsInclusiveForMOT() throws {
        // MOT counts from 1: frame N needs N frames, so the limit itself is allowed and one past it is not.
        let truth = try MOTGroundTruth.decode(
            "4,1,1,1,1,1", path: "gt.txt", width: 64, height: 48, frameRate: 30, frameCount: nil, maximumFrames: 4)
        #expect(truth.frames.count == 4)
        #expect(throws: TruthFileError.frameOutOfRange(path: "gt.txt", line: 1, frame: 5, limit: 4)) {
            try MOTGroundTruth.decode(
                "5,1,1,1,1,1", path: "gt.txt", width: 64, height: 48, frameRate: 30, frameCount: nil, maximumFrames: 4)
        }
        #expect(throws: TruthFileError.frameOutOfRange(path: "gt.txt", line: nil, frame: 5, limit: 4)) {
            try MOTGroundTruth.decode(
                "1,1,1,1,1,1", path: "gt.txt", width: 64, height: 48, frameRate: 30, frameCount: 5, maximumFrames: 4)
        }
    }

    @Test func aCVATFramePastTheLimitIsRefusedByLine() {
        let data = cvat(
            #"<track id="1" label="face"><box frame="1000000000000" outside="0" occluded="0" xtl="0" ytl="0" xbr="9" ybr="9"></box></track>"#
        )
        #expect(
            throws: TruthFileError.frameOutOfRange(
                path: "a.xml", line: 4, frame: 1_000_000_000_000, limit: ClipTruth.maximumFrameCount)
        ) {
            try CVATVideoTruth.decode(data, path: "a.xml", frameRate: 30)
        }
    }

    @Test func aCVATMetaSizePastTheLimitIsRefusedByLine() {
        let data = cvat("", meta: "<size>1000000000000</size>")
        #expect(
            throws: TruthFileError.frameOutOfRange(
                path: "a.xml", line: 3, frame: 1_000_000_000_000, limit: ClipTruth.maximumFrameCount)
        ) {
            try CVATVideoTruth.decode(data, path: "a.xml", frameRate: 30)
        }
        // A count given by the caller is held to the same limit.
        #expect(throws: TruthFileError.frameOutOfRange(path: "a.xml", line: nil, frame: 11, limit: 10)) {
            try CVATVideoTruth.decode(cvat(""), path: "a.xml", frameRate: 30, frameCount: 11, maximumFrames: 10)
        }
    }

    @Test func theLimitIsInclusiveForCVAT() throws {
        // CVAT counts from 0: frame 3 needs 4 frames.
        let box =
            #"<track id="1" label="face"><box frame="3" outside="0" occluded="0" xtl="0" ytl="0" xbr="9" ybr="9"></box></track>"#
        #expect(try CVATVideoTruth.decode(cvat(box), path: "a.xml", frameRate: 30, maximumFrames: 4).frames.count == 4)
        #expect(throws: TruthFileError.frameOutOfRange(path: "a.xml", line: 4, frame: 3, limit: 3)) {
            try CVATVideoTruth.decode(cvat(box), path: "a.xml", frameRate: 30, maximumFrames: 3)
        }
    }

    @Test func aSmallMetaSizeStillNamesTheFrameOutsideTheClip() {
        // A huge frame in a clip whose length is known is outside that clip: the existing, closer message.
        let data = cvat(
            #"<track id="1" label="face"><box frame="1000000000000" outside="0" occluded="0" xtl="0" ytl="0" xbr="9" ybr="9"></box></track>"#,
            meta: "<size>3</size>")
        do {
            _ = try CVATVideoTruth.decode(data, path: "a.xml", frameRate: 30)
            Issue.record("decoded a frame outside the clip")
        } catch {
            #expect("\(error)".contains("frame 1000000000000 is outside the clip's 3 frames"))
        }
    }
}
