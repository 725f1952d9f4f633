import Foundation
import IrisCore
import IrisDetect
import IrisEval
import Testing

/// ClipScorer's detection figures on hand-made frames.
@Suite struct DetectionMetricsTests {
    typealias F = MatchingFixtures

    @Test func precisionRecallAndIoUOverThreeFrames() {
        var scorer = ClipScorer(kind: .face)
        // Frame 0: face A found exactly (IoU 1); face B's detection is 5 px off, IoU 50/150 = 1/3 < 0.5:
        // a false positive and a miss.
        scorer.add(
            truth: F.frame(0, [F.face(1, 0, 0, 10, 10), F.face(2, 50, 50, 10, 10)]),
            detections: [F.found(0, 0, 10, 10), F.found(55, 50, 10, 10)], milliseconds: 2)
        // Frame 1: A found 2 px off, IoU 80/120 = 2/3.
        scorer.add(truth: F.frame(1, [F.face(1, 0, 0, 10, 10)]), detections: [F.found(2, 0, 10, 10)], milliseconds: 4)
        // Frame 2: no face, one detection: a false positive.
        scorer.add(truth: F.frame(2, []), detections: [F.found(30, 30, 5, 5)], milliseconds: 6)
        let report = scorer.report()
        // Truths 2 + 1 = 3, detections 2 + 1 + 1 = 4; TP 2, FP 2, FN 1.
        #expect(report.frames == 3 && report.truths == 3 && report.detections == 4)
        #expect(report.truePositives == 2 && report.falsePositives == 2 && report.falseNegatives == 1)
        #expect(report.precision == 0.5)  // 2 / 4
        #expect(abs(report.recall - 2.0 / 3) < 1e-12)  // 2 / 3
        #expect(abs(report.meanIoU - 5.0 / 6) < 1e-12)  // (1 + 2/3) / 2
        #expect(report.msPerFrame == 4)  // (2 + 4 + 6) / 3
        #expect(report.cornerError == nil && report.qrDecodeRate == nil && report.landmarkError == nil)
    }

    @Test func aDetectorThatFindsNothingHasRecallZero() {
        var scorer = ClipScorer(kind: .face)
        scorer.add(
            truth: F.frame(0, [F.face(1, 0, 0, 10, 10), F.face(2, 40, 0, 10, 10)]), detections: [], milliseconds: 1)
        scorer.add(truth: F.frame(1, [F.face(1, 0, 0, 10, 10)]), detections: [], milliseconds: 1)
        let report = scorer.report()
        // 3 faces, none found. Nothing was reported, so nothing was wrong: precision is 1 by convention.
        #expect(report.recall == 0 && report.falseNegatives == 3 && report.truePositives == 0)
        #expect(report.precision == 1 && report.meanIoU == 0)
        #expect(report.tracking?.mota == 0)  // 1 − 3 misses / 3
    }

    @Test func aDetectorThatReportsEveryWindowHasLowPrecision() {
        // Every 10×10 window of a 100×100 grid: 100 detections, one of which is the face at (20, 30).
        let windows = (0..<10).flatMap { row in
            (0..<10).map { column in F.found(Double(column) * 10, Double(row) * 10, 10, 10) }
        }
        var scorer = ClipScorer(kind: .face)
        scorer.add(truth: F.frame(0, [F.face(1, 20, 30, 10, 10)]), detections: windows, milliseconds: 0)
        let report = scorer.report()
        #expect(report.recall == 1 && report.truePositives == 1 && report.falsePositives == 99)
        #expect(report.precision == 0.01)  // 1 / 100
    }

    @Test func dontCareObjectsCountNeitherWay() {
        var scorer = ClipScorer(kind: .face)
        // Required face 1 found; face 2 (visibility 0.3) found too, ignored; face 3 (0.4) not found, not missed.
        scorer.add(
            truth: F.frame(
                0,
                [
                    F.face(1, 0, 0, 10, 10), F.face(2, 50, 50, 10, 10, visibility: 0.3),
                    F.face(3, 80, 80, 10, 10, visibility: 0.4)
                ]),
            detections: [F.found(0, 0, 10, 10), F.found(50, 50, 10, 10)], milliseconds: 0)
        let report = scorer.report()
        #expect(report.truths == 1 && report.detections == 2 && report.ignoredDetections == 1)
        #expect(report.truePositives == 1 && report.falsePositives == 0 && report.falseNegatives == 0)
        #expect(report.precision == 1 && report.recall == 1)
        // Tracking sees one face and one detection: no error at all.
        #expect(report.tracking?.mota == 1 && report.tracking?.truthTracks == 1)
    }

    @Test func onlyTheDominantRectangleCounts() {
        let big = F.rectangle(0, 0, 100, 50), small = F.square(200, 0, 20)
        let truth = [
            TruthObject(id: 1, kind: .rectangle, corners: big), TruthObject(id: 2, kind: .rectangle, corners: small)
        ]
        var scorer = ClipScorer(kind: .rectangle)
        // Frame 0 finds the big one: a true positive. Frame 1 finds the small one: ignored, and the big one is missed.
        scorer.add(truth: F.frame(0, truth), detections: [F.quadDetection(.rectangle, big)], milliseconds: 0)
        scorer.add(truth: F.frame(1, truth), detections: [F.quadDetection(.rectangle, small)], milliseconds: 0)
        let report = scorer.report()
        #expect(report.truths == 2 && report.truePositives == 1 && report.falseNegatives == 1)
        #expect(report.falsePositives == 0 && report.ignoredDetections == 1)
        #expect(report.recall == 0.5 && report.precision == 1 && report.tracking == nil)
    }

    @Test func cornerErrorForgivesCornerNamingButNotDistance() {
        let truth = F.square(0, 0, 10)  // TL (0,10) TR (10,10) BR (10,0) BL (0,0)
        // The same corners named from another start: TL (10,10) TR (10,0) BR (0,0) BL (0,10).
        let renamed = Quadrilateral(
            topLeft: Point(x: 10, y: 10), topRight: Point(x: 10, y: 0),
            bottomLeft: Point(x: 0, y: 10), bottomRight: Point(x: 0, y: 0))
        // And wound the other way: TL (0,0) TR (10,0) BR (10,10) BL (0,10), a vertical mirror of the names.
        let mirrored = Quadrilateral(
            topLeft: Point(x: 0, y: 0), topRight: Point(x: 10, y: 0),
            bottomLeft: Point(x: 0, y: 10), bottomRight: Point(x: 10, y: 10))
        #expect(CornerError.pixels(found: renamed, truth: truth) == 0)
        #expect(CornerError.pixels(found: mirrored, truth: truth) == 0)
        // One corner moved by (3, 4): the worst corner is 5 px off; the diagonal is √200.
        var bent = renamed
        bent.topRight = Point(x: 13, y: 4)
        #expect(CornerError.pixels(found: bent, truth: truth) == 5)
        #expect(abs(CornerError.relative(found: bent, truth: truth) - 5 / 200.0.squareRoot()) < 1e-12)

        var scorer = ClipScorer(kind: .rectangle)
        scorer.add(
            truth: F.frame(0, [TruthObject(id: 1, kind: .rectangle, corners: truth)]),
            detections: [F.quadDetection(.rectangle, renamed)], milliseconds: 0)
        // Moved by (0.6, 0.8): every corner 1 px off; IoU 9.4 × 9.2 / (200 − 86.48) = 0.76, still a match.
        scorer.add(
            truth: F.frame(1, [TruthObject(id: 1, kind: .rectangle, corners: truth)]),
            detections: [F.quadDetection(.rectangle, F.square(0.6, 0.8, 10))], milliseconds: 0)
        let summary = scorer.report().cornerError
        #expect(summary?.quads == 2)
        #expect(abs((summary?.meanPixels ?? -1) - 0.5) < 1e-12)  // (0 + 1) / 2
        #expect(abs((summary?.p95Pixels ?? -1) - 1) < 1e-12)  // rank ⌈0.95 · 2⌉ = 2: the larger
        #expect(abs((summary?.mean ?? -1) - 0.5 / 200.0.squareRoot()) < 1e-12)
    }

    @Test func qrDecodeRateCountsOnlyRightMessagesOfRequiredCodes() {
        let quad = F.square(10, 10, 40)
        func code(visibility: Double = 1) -> TruthObject {
            TruthObject(id: 1, kind: .qrCode, corners: quad, message: "hello", visibility: visibility)
        }
        var scorer = ClipScorer(kind: .qrCode)
        scorer.add(
            truth: F.frame(0, [code()]), detections: [F.quadDetection(.qrCode, quad, message: "hello")], milliseconds: 0
        )
        scorer.add(
            truth: F.frame(1, [code()]), detections: [F.quadDetection(.qrCode, quad, message: "hellO")], milliseconds: 0
        )
        // Don't care: read right, but neither counted nor required.
        scorer.add(
            truth: F.frame(2, [code(visibility: 0.2)]), detections: [F.quadDetection(.qrCode, quad, message: "hello")],
            milliseconds: 0)
        let report = scorer.report()
        // Both required codes were found where they are, one read right: 1 / 2.
        #expect(report.truePositives == 2 && report.truths == 2 && report.ignoredDetections == 1)
        #expect(report.qrDecodeRate == 0.5)
        #expect(report.cornerError?.meanPixels == 0)
        // The one read right, by frame and truth ID; the don't-care one is not listed.
        #expect(report.codeReads == [[0, 1]])
    }

    @Test func barcodesAreReadAsQRCodesAre() {
        let quad = F.square(10, 10, 40)
        let ean = TruthObject(id: 7, kind: .barcode, corners: quad, message: "4006381333931")
        var scorer = ClipScorer(kind: .barcode)
        scorer.add(
            truth: F.frame(0, [ean]), detections: [F.quadDetection(.barcode, quad, message: "4006381333931")],
            milliseconds: 0)
        scorer.add(
            truth: F.frame(1, [ean]), detections: [F.quadDetection(.barcode, quad, message: "4006381333932")],
            milliseconds: 0)
        scorer.add(truth: F.frame(2, [ean]), detections: [], milliseconds: 0)
        let report = scorer.report()
        #expect(report.truePositives == 2 && report.truths == 3)
        #expect(abs((report.barcodeDecodeRate ?? -1) - 1.0 / 3) < 1e-12)
        #expect(report.qrDecodeRate == nil)
        #expect(report.codeReads == [[0, 7]])
        #expect(report.metric(named: "barcodeDecodeRate") == report.barcodeDecodeRate)
        // A detector's barcode carries its text into scoring.
        let feature = BarcodeFeature(
            symbology: .ean13, messageString: "4006381333931", payload: Array("4006381333931".utf8), corners: quad)
        #expect(Detection(.barcode(feature)).message == "4006381333931")
    }

    @Test func landmarkErrorIsInUnitsOfTheTrueEyeDistance() {
        // True eyes (30, 60) and (70, 60): 40 apart. Found left eye off by (4, 3) = 5 px, right eye exact:
        // (5 + 0) / 2 / 40 = 0.0625. Mouth off by 4 px: 4 / 40 = 0.1.
        let truth = TruthObject(
            id: 1, kind: .face, bounds: F.box(0, 0, 100, 100), leftEye: Point(x: 30, y: 60),
            rightEye: Point(x: 70, y: 60), mouth: Point(x: 50, y: 30))
        let found = Detection(
            kind: .face, bounds: F.box(0, 0, 100, 100), leftEye: Point(x: 34, y: 63),
            rightEye: Point(x: 70, y: 60), mouth: Point(x: 50, y: 26))
        // A second face whose truth has no eyes is matched but not measured.
        var scorer = ClipScorer(kind: .face)
        scorer.add(
            truth: F.frame(0, [truth, F.face(2, 200, 0, 100, 100)]),
            detections: [
                found,
                Detection(
                    kind: .face, bounds: F.box(200, 0, 100, 100), leftEye: Point(x: 0, y: 0),
                    rightEye: Point(x: 0, y: 0), mouth: Point(x: 0, y: 0))
            ], milliseconds: 0)
        let landmarks = scorer.report().landmarkError
        #expect(landmarks?.faces == 1 && landmarks?.mouths == 1)
        #expect(abs((landmarks?.meanEyeError ?? -1) - 0.0625) < 1e-12)
        #expect(abs((landmarks?.meanMouthError ?? -1) - 0.1) < 1e-12)
    }

    @Test func reportsEncodeAsJSON() throws {
        var scorer = ClipScorer(kind: .qrCode)
        scorer.add(truth: F.frame(0, []), detections: [], milliseconds: 3)
        let report = scorer.report()
        let data = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(DetectorReport.self, from: data) == report)
    }
}
