import IrisCore
import IrisDetect
import IrisEval
import IrisVideo
import Testing

/// dlib XML read and faces scored: a two-image file on blank pictures, and hand-made detections whose
/// errors are worked out below.
@Suite struct StillFaceScoreTests {
    static let xml = """
        <?xml version='1.0' encoding='ISO-8859-1'?>
        <dataset><images>
          <image file='a.png'>
            <box top='20' left='10' width='30' height='40'><part name='36' x='15' y='30'/></box>
          </image>
          <image file='b.png'><box top='5' left='5' width='20' height='20' ignore='1'/></image>
        </images></dataset>
        """

    @Test func theReaderKeepsBoxesPartsAndIgnoredFaces() throws {
        let folder = try ScratchFolder()
        let truth = try DlibFaceTruth(contentsOf: folder.write(Self.xml, to: "faces.xml"))
        #expect(truth.images.map(\.file) == ["a.png", "b.png"])
        #expect(
            truth.images[0].boxes == [
                DlibFaceTruth.Box(x: 10, y: 20, width: 30, height: 40, parts: [36: Point(x: 15, y: 30)])
            ])
        #expect(truth.images[1].boxes.map(\.ignore) == [true])
    }

    @Test func blankPicturesMissTheFaceAndIgnoredFacesDoNotCount() throws {
        let folder = try ScratchFolder()
        for name in ["a.png", "b.png"] {
            try StillImage.write(LumaPlane(width: 100, height: 80, value: 128).rgbaBuffer, to: folder.file(name))
        }
        let file = try folder.write(Self.xml, to: "faces.xml")
        let score = try StillFaceScore(
            DlibFaceTruth(contentsOf: file), imagesIn: folder.path, detector: Detector(type: .face))
        #expect(score.images == 2 && score.faces == 1 && score.detections == 0 && score.hits == 0)
        #expect(score.recall == 0 && score.meanEyeError == nil)
        #expect(score.notes == ["a.png: missed [left 10 top 20 30×40]"])
    }

    @Test func aMatchedFaceGivesEyeAndMouthErrorAndAnUnmatchedOneIsAFalsePositive() {
        // Truth (top-left pixels): box (10, 20) 40×40; eyes 36–41 all at (20, 35) and 42–47 at (40, 35), so the
        // eye distance is 20; mouth 48–67 at (30, 50).
        var parts: [Int: Point] = [:]
        for n in 36...41 { parts[n] = Point(x: 20, y: 35) }
        for n in 42...47 { parts[n] = Point(x: 40, y: 35) }
        for n in 48...67 { parts[n] = Point(x: 30, y: 50) }
        let truth = DlibFaceTruth.Image(
            file: "x.png", boxes: [DlibFaceTruth.Box(x: 10, y: 20, width: 40, height: 40, parts: parts)])
        // In a picture 100 px tall, top-left y becomes 100 − y. The hit covers top-left (12, 22) 40×40: rows 22…62
        // are bottom-left y 38…78. IoU with the truth: 38 × 38 = 1444 over 1600 + 1600 − 1444 = 1756, 0.82.
        // Its eyes at top-left (22, 35) and (40, 38) are 2 and 3 px off: (2 + 3) / 2 / 20 = 0.125; the mouth at
        // top-left (30, 54) is 4 px off: 4 / 20 = 0.2.
        let hit = FaceFeature(
            corners: Self.corners(x: 12, bottom: 38, side: 40),
            leftEyePosition: Point(x: 22, y: 65), rightEyePosition: Point(x: 40, y: 62),
            mouthPosition: Point(x: 30, y: 46),
            hasLeftEyePosition: true, hasRightEyePosition: true, hasMouthPosition: false)
        // Top-left (60, 60) 20×20: bottom-left y 20…40, overlapping nothing.
        let stray = FaceFeature(
            corners: Self.corners(x: 60, bottom: 20, side: 20),
            leftEyePosition: Point(x: 65, y: 35), rightEyePosition: Point(x: 75, y: 35),
            mouthPosition: Point(x: 70, y: 25))
        var score = StillFaceScore()
        score.add([stray, hit], truth: truth, pictureHeight: 100)
        #expect(
            score.images == 1 && score.faces == 1 && score.detections == 2 && score.hits == 1
                && score.falsePositives == 1)
        #expect(score.recall == 1 && score.precision == 0.5)
        #expect(score.eyeErrors == [0.125] && score.mouthErrors == [0.2])
        #expect(score.eyesByModel == 1 && score.mouthsByModel == 0)
        #expect(score.notes == ["x.png: false positive [left 60 top 60 20×20]"])
    }

    /// A square face box in bottom-left coordinates, its lower-left corner at (x, bottom).
    static func corners(x: Double, bottom: Double, side: Double) -> Quadrilateral {
        Quadrilateral(
            topLeft: Point(x: x, y: bottom + side), topRight: Point(x: x + side, y: bottom + side),
            bottomLeft: Point(x: x, y: bottom), bottomRight: Point(x: x + side, y: bottom))
    }

    @Test func aFileWithoutImagesIsATypedError() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("<dataset><images></images></dataset>", to: "empty.xml")
        #expect(throws: TruthFileError.malformed(path: file, detail: "no <image> entries")) {
            try DlibFaceTruth(contentsOf: file)
        }
    }
}
