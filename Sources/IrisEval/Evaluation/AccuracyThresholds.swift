import Foundation
import IrisCore
import IrisDetect

/// The least accuracy each detector must keep on each clip: a checked-in file that CI enforces with
/// `iris eval --thresholds FILE`. Limits are written as text, `">= 0.95"` or `"<= 2"`, so the file reads
/// as what it demands.
///
///     {"clips": {"demo-640x480.mp4": {"qr": {"recall": ">= 0.95", "idSwitches": "<= 1"}}}}
public struct AccuracyThresholds: Sendable, Equatable {
    public struct Limit: Sendable, Equatable, CustomStringConvertible {
        public enum Direction: String, Sendable {
            case atLeast = ">="
            case atMost = "<="
        }
        public var metric: String
        public var direction: Direction
        public var value: Double

        public func holds(for measured: Double) -> Bool {
            direction == .atLeast ? measured >= value : measured <= value
        }

        public var description: String { "\(metric) \(direction.rawValue) \(value)" }
    }

    /// Limits by clip file name (the last path component) and detector.
    public var limits: [String: [DetectorType: [Limit]]]
    /// The detector accuracy the limits were measured at, when the file says ("high" or "low").
    public var accuracy: DetectorOptions.Accuracy?
    /// The frame sampling (`--detect-every`) the limits were measured at, when the file says.
    public var detectEvery: Int?

    public init(
        limits: [String: [DetectorType: [Limit]]], accuracy: DetectorOptions.Accuracy? = nil, detectEvery: Int? = nil
    ) {
        self.limits = limits
        self.accuracy = accuracy
        self.detectEvery = detectEvery
    }

    public static func read(contentsOf path: String) throws(EvaluationError) -> AccuracyThresholds {
        let data: Data
        do { data = try SmallFile.read(path, limit: SmallFile.configurationLimit) } catch {
            throw .thresholds(path: SmallFileError.shown(path), detail: error.reason)
        }
        let parsed: Any
        do { parsed = try StrictJSON.parse(data) } catch {
            throw .thresholds(path: path, detail: "not valid JSON: \(error)")
        }
        guard let root = parsed as? [String: Any], let clips = root["clips"] as? [String: Any] else {
            throw .thresholds(
                path: path, detail: "not a thresholds file ({\"clips\": {CLIP: {DETECTOR: {METRIC: \">= N\"}}}})")
        }
        var accuracy: DetectorOptions.Accuracy?
        if let text = root["accuracy"] {
            guard let name = text as? String, let value = DetectorOptions.Accuracy(rawValue: name) else {
                throw .thresholds(path: path, detail: "accuracy must be \"high\" or \"low\", got \(text)")
            }
            accuracy = value
        }
        var detectEvery: Int?
        if let value = root["detectEvery"] {
            guard let n = value as? Int, n >= 1 else {
                throw .thresholds(path: path, detail: "detectEvery must be a whole number ≥ 1, got \(value)")
            }
            detectEvery = n
        }
        var limits: [String: [DetectorType: [Limit]]] = [:]
        for (clip, value) in clips {
            guard let detectors = value as? [String: Any] else {
                throw .thresholds(path: path, detail: "\(clip): expected {DETECTOR: {…}}")
            }
            for (name, metrics) in detectors {
                guard let kind = DetectorType(rawValue: name) else {
                    throw .thresholds(path: path, detail: "\(clip): unknown detector \"\(name)\" (qr, face, rect)")
                }
                guard let metrics = metrics as? [String: Any] else {
                    throw .thresholds(path: path, detail: "\(clip).\(name): expected {METRIC: \">= N\"}")
                }
                for (metric, text) in metrics.sorted(by: { $0.key < $1.key }) {
                    guard DetectorReport.metricNames.contains(metric) else {
                        throw .thresholds(
                            path: path,
                            detail:
                                "\(clip).\(name): unknown metric \"\(metric)\" (one of \(DetectorReport.metricNames.sorted().joined(separator: ", ")))"
                        )
                    }
                    guard let limit = (text as? String).flatMap({ Limit(metric: metric, text: $0) }) else {
                        throw .thresholds(
                            path: path, detail: "\(clip).\(name).\(metric): expected \">= N\" or \"<= N\", got \(text)")
                    }
                    limits[clip, default: [:]][kind, default: []].append(limit)
                }
            }
        }
        return AccuracyThresholds(limits: limits, accuracy: accuracy, detectEvery: detectEvery)
    }

    /// Every limit the reports of one run break (as `failures(in:)` lists them), and every limit they left
    /// unchecked: a clip the file names that was not evaluated, a detector with limits that did not run, a
    /// file that names no clip at all. A thresholds run that checked nothing must not pass.
    public func failures(across reports: [ClipReport]) -> [String] {
        guard !limits.isEmpty else { return ["the file names no clip: nothing was checked"] }
        var lines = reports.flatMap(failures(in:))
        let evaluated = Dictionary(
            reports.map { (($0.clip as NSString).lastPathComponent, $0) }, uniquingKeysWith: { a, _ in a })
        for (clip, byDetector) in limits.sorted(by: { $0.key < $1.key }) {
            guard let report = evaluated[clip] else {
                lines.append(
                    "\(clip): named in the thresholds but not evaluated (give it to iris eval, or take it out of the file)"
                )
                continue
            }
            for kind in byDetector.keys.sorted(by: { $0.rawValue < $1.rawValue }) where report.report(for: kind) == nil
            {
                lines.append("\(clip) \(kind.rawValue): has limits but the detector did not run (add it to --detect)")
            }
        }
        return lines
    }

    /// Every limit a report breaks, as lines naming the clip, detector, metric, limit and measured value;
    /// a limit whose metric the report lacks counts as broken. Clips the file does not name pass.
    public func failures(in report: ClipReport) -> [String] {
        let name = (report.clip as NSString).lastPathComponent
        guard let byDetector = limits[name] else { return [] }
        var lines: [String] = []
        for (kind, limits) in byDetector.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let detector = report.report(for: kind) else { continue }
            for limit in limits {
                guard let measured = detector.metric(named: limit.metric) else {
                    lines.append("\(name) \(kind.rawValue): \(limit.metric) not measured (limit \(limit))")
                    continue
                }
                if !limit.holds(for: measured) {
                    lines.append(
                        "\(name) \(kind.rawValue): \(limit.metric) \(String(format: "%.3f", measured)) breaks \(limit)")
                }
            }
        }
        return lines
    }
}

extension AccuracyThresholds.Limit {
    init?(metric: String, text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let direction = Direction.allCases.first(where: { trimmed.hasPrefix($0.rawValue) }),
            let value = Double(trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces)), value.isFinite
        else { return nil }
        self.init(metric: metric, direction: direction, value: value)
    }
}

extension AccuracyThresholds.Limit.Direction: CaseIterable {}
