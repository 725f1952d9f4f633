import Foundation
import IrisDetect
import IrisEval
import Testing

/// The thresholds file CI enforces: limits read back, broken ones listed, mistakes named.
@Suite struct AccuracyThresholdsTests {
    private func write(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "iris-thresholds-\(UUID().uuidString).json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func report(recall: Double, idSwitches: Int?) -> ClipReport {
        let tracking = idSwitches.map {
            TrackingReport(
                idSwitches: $0, fragmentations: 0, mota: 0.9, motp: 0.8, idf1: 0.9, idPrecision: 0.9, idRecall: 0.9,
                mostlyTracked: 1, partiallyTracked: 0, mostlyLost: 0, truthTracks: 1)
        }
        let face = DetectorReport(
            kind: .face, frames: 10, truths: 10, detections: 10, ignoredDetections: 0, truePositives: 9,
            falsePositives: 1, falseNegatives: 1, precision: 0.9, recall: recall, meanIoU: 0.7,
            cornerError: nil, qrDecodeRate: nil, landmarkError: nil, tracking: tracking, msPerFrame: 50)
        return ClipReport(clip: "Recordings/a.mp4", width: 640, height: 480, frames: 10, detectors: [face])
    }

    @Test func limitsThatHoldPassAndBrokenOnesAreListed() throws {
        let path = try write(
            #"{"accuracy": "high", "detectEvery": 3, "clips": {"a.mp4": {"face": {"recall": ">= 0.85", "idSwitches": "<= 1"}}, "#
                + #""b.mp4": {"qr": {"recall": ">= 1"}}}}"#
        )
        defer { try? FileManager.default.removeItem(atPath: path) }
        let limits = try AccuracyThresholds.read(contentsOf: path)
        #expect(limits.accuracy == .high && limits.detectEvery == 3)
        #expect(limits.failures(in: report(recall: 0.9, idSwitches: 1)).isEmpty)
        let broken = limits.failures(in: report(recall: 0.8, idSwitches: 3))
        #expect(
            broken == [
                "a.mp4 face: idSwitches 3.000 breaks idSwitches <= 1.0",
                "a.mp4 face: recall 0.800 breaks recall >= 0.85"
            ])
        // A limit on a figure the run did not measure is broken, not skipped.
        #expect(
            limits.failures(in: report(recall: 0.9, idSwitches: nil)) == [
                "a.mp4 face: idSwitches not measured (limit idSwitches <= 1.0)"
            ])
    }

    @Test(arguments: [
        (#"{"clips": {"a.mp4": {"cat": {"recall": ">= 1"}}}}"#, "unknown detector \"cat\""),
        (#"{"clips": {"a.mp4": {"qr": {"happiness": ">= 1"}}}}"#, "unknown metric \"happiness\""),
        (#"{"clips": {"a.mp4": {"qr": {"recall": "about 1"}}}}"#, "expected \">= N\" or \"<= N\""),
        (#"{"limits": {}}"#, "not a thresholds file"),
        (#"{"accuracy": "medium", "clips": {}}"#, "accuracy must be"),
        (#"{"detectEvery": 0, "clips": {}}"#, "detectEvery must be")
    ])
    func mistakesAreNamed(text: String, expected: String) throws {
        let path = try write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try AccuracyThresholds.read(contentsOf: path)
            Issue.record("accepted \(text)")
        } catch {
            #expect("\(error)".hasPrefix(path) && "\(error)".contains(expected), "\(error)")
        }
    }
}
