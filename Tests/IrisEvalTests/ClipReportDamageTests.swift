import Foundation
import IrisDetect
import IrisEval
import Testing

/// A clip's report says whether it decoded cleanly (issue 34): `iris eval` names a damaged clip and its
/// decode error count, and reports written before the field existed still read as clean.
@Suite struct ClipReportDamageTests {
    @Test func aCleanClipIsNotDamaged() throws {
        let positions = [(40, 40), (46, 42)]
        let clip = try ClipEvaluatorTests.writeClip(positions)
        defer { try? FileManager.default.removeItem(atPath: clip) }
        let truth = ClipTruth(
            clip: clip, width: 320, height: 240, frameRate: 25,
            frames: try positions.enumerated().map { i, p in
                FrameTruth(frame: i, objects: [try ClipEvaluatorTests.truthObject(left: p.0, top: p.1)])
            })
        let report = try ClipEvaluator(detectors: [try Detector(type: .qrCode)]).evaluate(clip: clip, truth: truth)
        #expect(report.decodeErrors == 0 && !report.isDamaged && report.damage == nil)
    }

    @Test func aDamagedReportNamesTheClipAndItsCount() {
        let report = ClipReport(clip: "c.mp4", width: 320, height: 240, frames: 30, detectors: [], decodeErrors: 47)
        #expect(report.isDamaged)
        #expect(report.damage?.hasPrefix("c.mp4: did not decode cleanly (47 decode errors") == true)
    }

    @Test func decodeErrorsRoundTripAndOldReportsReadAsClean() throws {
        let report = ClipReport(clip: "c.mp4", width: 320, height: 240, frames: 30, detectors: [], decodeErrors: 3)
        let encoded = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(ClipReport.self, from: encoded) == report)
        let old = Data(#"{"clip": "c.mp4", "width": 320, "height": 240, "frames": 30, "detectors": []}"#.utf8)
        #expect(try JSONDecoder().decode(ClipReport.self, from: old).decodeErrors == 0)
    }
}
