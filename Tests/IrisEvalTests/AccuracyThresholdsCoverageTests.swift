import Foundation
import IrisDetect
@testable import IrisEval
import Testing

/// A thresholds run must check what the file names: a clip not evaluated, a detector that did not run, a
/// file naming no clip are failures, not silent passes.
@Suite(.serialized) struct AccuracyThresholdsCoverageTests {
    private func report(clip: String, kinds: [DetectorType]) -> ClipReport {
        let detectors = kinds.map {
            DetectorReport(
                kind: $0, frames: 10, truths: 10, detections: 10, ignoredDetections: 0, truePositives: 10,
                falsePositives: 0,
                falseNegatives: 0, precision: 1, recall: 1, meanIoU: 0.9, cornerError: nil, qrDecodeRate: nil,
                landmarkError: nil, tracking: nil, msPerFrame: 5)
        }
        return ClipReport(clip: "Recordings/\(clip)", width: 640, height: 480, frames: 10, detectors: detectors)
    }

    private func limits(_ clips: [String: [DetectorType]]) -> AccuracyThresholds {
        AccuracyThresholds(
            limits: clips.mapValues { kinds in
                Dictionary(
                    uniqueKeysWithValues: kinds.map {
                        ($0, [AccuracyThresholds.Limit(metric: "recall", direction: .atLeast, value: 0.9)])
                    })
            })
    }

    @Test func everyLimitTheRunLeftUncheckedIsListed() {
        let file = limits(["a.mp4": [.qrCode, .face], "b.mp4": [.qrCode]])
        #expect(
            file.failures(across: [
                report(clip: "a.mp4", kinds: [.qrCode, .face]), report(clip: "b.mp4", kinds: [.qrCode])
            ]) == [])
        #expect(
            file.failures(across: [report(clip: "a.mp4", kinds: [.qrCode])]) == [
                "a.mp4 face: has limits but the detector did not run (add it to --detect)",
                "b.mp4: named in the thresholds but not evaluated (give it to iris eval, or take it out of the file)"
            ])
        #expect(
            limits([:]).failures(across: [report(clip: "a.mp4", kinds: [.qrCode])]) == [
                "the file names no clip: nothing was checked"
            ])
    }

    @Test func theFileIsReadStrictly() throws {
        let path = NSTemporaryDirectory() + "iris-thresholds-\(UUID().uuidString).json"
        try Data("{\"clips\": {\"a.mp4\": {\"qr\": {\"recall\": \">= 0.9\",}}}}".utf8).write(
            to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try AccuracyThresholds.read(contentsOf: path)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "\(path): not valid JSON: line 1, column 47: trailing comma before '}'")
        }
        do {
            _ = try AccuracyThresholds.read(contentsOf: "/dev/zero")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "/dev/zero: is a character device, not a regular file; give a file")
        }
    }
}
