import Foundation
import IrisCore
import IrisDetect
import IrisEval
import Testing

/// CVAT for video 1.1 read into a ClipTruth: tracks become IDs, boxes and polygons bottom-left.
@Suite struct CVATVideoTruthTests {
    private func export(_ tracks: String, meta: Bool = true) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <annotations>
              <version>1.1</version>
            \(meta ? "<meta><task><size>3</size><original_size><width>200</width><height>100</height></original_size></task></meta>" : "")
            \(tracks)
            </annotations>
            """.utf8)
    }

    @Test func tracksBoxesAndPolygonsBecomeObjects() throws {
        let data = export(
            """
              <track id="4" label="face" source="manual">
                <box frame="0" outside="0" occluded="0" keyframe="1" xtl="10" ytl="20" xbr="40" ybr="60" z_order="0"></box>
                <box frame="1" outside="0" occluded="1" keyframe="0" xtl="12" ytl="20" xbr="42" ybr="60" z_order="0"></box>
                <box frame="2" outside="1" occluded="0" keyframe="1" xtl="12" ytl="20" xbr="42" ybr="60" z_order="0"></box>
              </track>
              <track id="5" label="qr" source="manual">
                <polygon frame="1" outside="0" occluded="0" keyframe="1" points="100,10;140,10;140,50;100,50" z_order="0">
                  <attribute name="message">hello world</attribute>
                  <attribute name="visibility">0.75</attribute>
                </polygon>
              </track>
            """)
        let truth = try CVATVideoTruth.decode(data, path: "a.xml", frameRate: 30)
        #expect(truth.width == 200 && truth.height == 100 && truth.frames.count == 3)
        // Face box x 10…40, y from the top 20…60: from the bottom 40…80.
        #expect(
            truth.frames[0].objects == [
                TruthObject(id: 4, kind: .face, bounds: Rect(x: 10, y: 40, width: 30, height: 40))
            ])
        let second = truth.frames[1].objects
        #expect(second.count == 2 && second[0].id == 4 && second[0].visibility == 0)  // occluded: don't care
        // The polygon's first point (100, 10 from the top) is the top-left, at y 90 from the bottom.
        #expect(
            second[1].corners?.topLeft == Point(x: 100, y: 90) && second[1].corners?.bottomRight == Point(x: 140, y: 50)
        )
        #expect(second[1].message == "hello world" && second[1].visibility == 0.75 && second[1].kind == .qrCode)
        #expect(truth.frames[2].objects.isEmpty)  // outside
    }

    @Test func aSizeCanBeGivenWhenTheMetaHasNone() throws {
        let data = export(
            """
              <track id="1" label="rect"><box frame="4" outside="0" occluded="0" xtl="0" ytl="0" xbr="20" ybr="10"></box></track>
            """, meta: false)
        #expect(
            throws: TruthFileError.inconsistent(
                path: "a.xml", detail: "no picture size: <meta> has no <original_size> and none was given")
        ) {
            try CVATVideoTruth.decode(data, path: "a.xml", frameRate: 30)
        }
        let truth = try CVATVideoTruth.decode(data, path: "a.xml", frameRate: 30, width: 50, height: 40)
        // No frame count anywhere: up to the last frame used, 4. The box's corners: top-left (0, 40), bottom-right (20,
        // 30).
        #expect(truth.frames.count == 5)
        #expect(truth.frames[4].objects[0].corners?.topLeft == Point(x: 0, y: 40))
        #expect(truth.frames[4].objects[0].corners?.bottomRight == Point(x: 20, y: 30))
    }

    @Test func mistakesNameTheLine() {
        func detail(_ tracks: String) -> String? {
            do {
                _ = try CVATVideoTruth.decode(export(tracks), path: "a.xml", frameRate: 30)
                return nil
            } catch {
                return error.description
            }
        }
        // The export's lines: 1 the declaration, 2 <annotations>, 3 <version>, 4 <meta>, 5 the first track line.
        #expect(
            detail(#"<track id="1" label="person"></track>"#)?.contains(
                "line 5: track 1: label \"person\" is not one of face, rect, qr") == true)
        // A label that is no plain word is described, never repeated (issue 34: errors do not echo files).
        let secret = detail(#"<track id="1" label="root:$6$salt$hash:19000"></track>"#)
        #expect(secret?.contains("label of 23 characters is not one of face, rect, qr") == true)
        #expect(secret?.contains("salt") == false)
        #expect(
            detail(
                #"<track id="2" label="qr"><box frame="0" outside="0" occluded="0" xtl="0" ytl="0" xbr="9" ybr="9"></box></track>"#
            )?
            .contains("line 5: track 2 frame 0: a qr needs <attribute name=\"message\">") == true)
        #expect(
            detail(
                #"<track id="3" label="face"><box frame="7" outside="0" occluded="0" xtl="0" ytl="0" xbr="9" ybr="9"></box></track>"#
            )?
            .contains("frame 7 is outside the clip's 3 frames") == true)
        #expect(
            detail(#"<track id="3" label="face"><box frame="0" xtl="0" ytl="zero" xbr="9" ybr="9"></box></track>"#)?
                .contains("line 5: track 3 frame 0: <box> needs numbers xtl, ytl, xbr, ybr") == true)
        // The unclosed <track> is found where </annotations> closes the document, line 6.
        #expect(detail("<track id=\"1\" label=\"face\">")?.contains("line 6: not well-formed XML") == true)
    }
}
