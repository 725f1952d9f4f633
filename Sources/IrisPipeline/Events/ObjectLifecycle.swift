import Foundation
import IrisCore
import IrisDetect

/// Turns the detector stage's per-frame results into tracked objects with a lifecycle (`ObjectEvent`): faces
/// by the face tracker's IDs, QR codes by their messages, barcodes by symbology and message, rectangles by
/// overlap (intersection over union of at least `rectangleOverlap` with where one was last seen). Used by the
/// detector stage on its own thread.
///
///     var lifecycle = ObjectLifecycle(camera: "door"); let events = lifecycle.observe(result)
public struct ObjectLifecycle: Sendable {
    public struct Settings: Sendable, Equatable {
        /// Seconds of the source's time an object may go unseen before it ends (the detector sees every Nth
        /// frame, and misses one now and then).
        public var endAfter = 1.0
        /// An update when the box's centre moved, or its size changed, by more than this fraction of its
        /// larger side since the last event.
        public var moveFraction = 0.25
        /// A rectangle is the same one when it overlaps where one was last seen by at least this much.
        public var rectangleOverlap = 0.3
        public init() {}
    }

    public let camera: String
    public let coordinates: CoordinateConvention
    public let settings: Settings
    /// Open objects by their key (`face:3`, `qr:MESSAGE`, `barcode:ean13:MESSAGE`, `rect:2`), as their last event left
    /// them (`published`)
    /// and as last seen (`current`).
    private var open: [String: (published: TrackedObject, current: TrackedObject)] = [:]
    private var order: [String] = []
    private var sequence = 0
    private var numbers: [String: Int] = [:]
    /// The keys of objects known by overlap.
    private var overlapKeys = Set<String>()

    public init(camera: String, coordinates: CoordinateConvention = .bottomLeft, settings: Settings = Settings()) {
        self.camera = camera
        self.coordinates = coordinates
        self.settings = settings
    }

    /// The labels objects carry: the detector types' names (`face`, `qr`, `rect`, `barcode`).
    public static let labels = DetectorType.allCases.map(\.rawValue)

    /// How many objects of each label are open now (every label, 0 when none), and `all`.
    public var counts: [String: Int] {
        var counts = Dictionary(uniqueKeysWithValues: Self.labels.map { ($0, 0) })
        for entry in open.values { counts[entry.current.label, default: 0] += 1 }
        counts["all"] = open.count
        return counts
    }

    /// The events one detection result causes, in order: ends of objects gone too long, then news, then updates.
    public mutating func observe(_ result: DetectionResult) -> [ObjectEvent] {
        var events: [ObjectEvent] = []
        var seenKeys = Set<String>()
        // Objects known by where they were: rectangles, and faces the tracker gave no ID.
        var placed: [(key: String, label: String, box: Rect)] = open.compactMap { key, entry in
            overlapKeys.contains(key)
                ? (
                    key, entry.current.label,
                    Self.rect(entry.current.box, coordinates: coordinates, height: result.height)
                ) : nil
        }
        var qrCount: [String: Int] = [:], barcodeCount: [String: Int] = [:]
        var observed: [(key: String, object: TrackedObject)] = []
        for feature in result.features {
            let box = Self.box(feature.bounds, coordinates: coordinates, height: result.height)
            var key: String
            switch feature {
            case .face(let face) where face.trackingID != nil:
                key = "face:\(face.trackingID!)"
            case .qrCode(let code):
                // The same message twice in one frame is two objects.
                let n = qrCount[code.messageString, default: 0]
                qrCount[code.messageString] = n + 1
                key = "qr:\(code.messageString)" + (n > 0 ? "#\(n)" : "")
            case .barcode(let code):
                // As QR codes, and the same text in two symbologies is two objects.
                let name = "\(code.symbology.rawValue):\(code.messageString)"
                let n = barcodeCount[name, default: 0]
                barcodeCount[name] = n + 1
                key = "barcode:\(name)" + (n > 0 ? "#\(n)" : "")
            case .face, .rectangle:
                // Rectangles (and faces without an ID) are matched by overlap with where one was last seen.
                let label = feature.type.rawValue
                let best = placed.filter { $0.label == label && !seenKeys.contains($0.key) }
                    .map { ($0.key, $0.box.intersectionOverUnion(feature.bounds)) }.max { $0.1 < $1.1 }
                if let best, best.1 >= settings.rectangleOverlap {
                    key = best.0
                } else {
                    key = "\(label):new\(placed.count)"
                    placed.append((key, label, feature.bounds))
                }
            }
            guard !seenKeys.contains(key) else { continue }
            seenKeys.insert(key)
            observed.append((key, object(for: feature, key: key, box: box, result: result)))
        }

        // Ends first: what has been gone longer than endAfter.
        for key in order where !seenKeys.contains(key) {
            guard let entry = open[key], result.timestamp - entry.current.lastSeen > settings.endAfter else { continue }
            events.append(make(.end, before: entry.published, after: entry.current, changes: ["gone"]))
            open[key] = nil
        }
        order.removeAll { open[$0] == nil }
        overlapKeys = overlapKeys.filter { open[$0] != nil }

        for (key, object) in observed {
            if let entry = open[key] {
                let changes = Self.changes(from: entry.published, to: object, moveFraction: settings.moveFraction)
                if changes.isEmpty {
                    open[key] = (entry.published, object)
                } else {
                    events.append(make(.update, before: entry.published, after: object, changes: changes))
                    open[key] = (object, object)
                }
            } else {
                // A new object keeps its key; a rectangle's provisional key becomes its number.
                let stable = key.contains(":new") ? "\(object.label):\(object.id)" : key
                if stable != key { overlapKeys.insert(stable) }
                events.append(make(.new, before: nil, after: object, changes: ["appeared"]))
                open[stable] = (object, object)
                order.append(stable)
            }
        }
        return events
    }

    /// Ends every open object: the run has ended (the source, a limit, a signal).
    public mutating func finish() -> [ObjectEvent] {
        let events = order.compactMap { key in
            open[key].map { make(.end, before: $0.published, after: $0.current, changes: ["run ended"]) }
        }
        open = [:]
        order = []
        return events
    }

    private mutating func object(
        for feature: DetectedFeature, key: String, box: TrackedObject.Box, result: DetectionResult
    )
        -> TrackedObject
    {
        let label = feature.type.rawValue
        let id: String
        if let existing = open[key]?.current.id {
            id = existing
        } else if let tracking = feature.face?.trackingID {
            id = "face-\(tracking)"
        } else {
            numbers[label, default: 0] += 1
            id = "\(label)-\(numbers[label]!)"
        }
        var object = TrackedObject(
            id: id, label: label, box: box, firstSeen: open[key]?.current.firstSeen ?? result.timestamp,
            lastSeen: result.timestamp, frame: result.frameIndex)
        switch feature {
        case .qrCode(let code):
            object.message = code.messageString
        case .barcode(let code):
            object.message = code.messageString
            object.symbology = code.symbology.rawValue
        case .face(let face):
            object.smile = face.smileChecked ? face.hasSmile : nil
            object.blink = face.eyeBlinkChecked ? face.leftEyeClosed || face.rightEyeClosed : nil
            object.score = face.confidence.map { ($0 * 1000).rounded() / 1000 }
        case .rectangle:
            break
        }
        return object
    }

    private mutating func make(
        _ kind: ObjectEvent.Kind, before: TrackedObject?, after: TrackedObject, changes: [String]
    ) -> ObjectEvent {
        sequence += 1
        return ObjectEvent(
            type: kind, sequence: sequence, camera: camera, changes: changes, before: before, after: after,
            coordinates: coordinates, time: (Date().timeIntervalSince1970 * 1e6).rounded() / 1e6)
    }

    static func changes(from old: TrackedObject, to new: TrackedObject, moveFraction: Double) -> [String] {
        var changes: [String] = []
        if old.message != new.message { changes.append("message") }
        if old.smile != new.smile { changes.append("smile") }
        if old.blink != new.blink { changes.append("blink") }
        let side = max(old.box.width, old.box.height, 1)
        let (a, b) = (old.box.center, new.box.center)
        let moved =
            hypot(a.x - b.x, a.y - b.y) > moveFraction * side
            || abs(old.box.width - new.box.width) > moveFraction * side
            || abs(old.box.height - new.box.height) > moveFraction * side
        if moved { changes.append("moved") }
        return changes
    }

    /// A feature's bounds in the events' convention, rounded to a tenth of a pixel.
    static func box(_ bounds: Rect, coordinates: CoordinateConvention, height: Int) -> TrackedObject.Box {
        let y = coordinates == .topLeft ? Double(height) - bounds.maxY : bounds.minY
        func r(_ v: Double) -> Double { (v * 10).rounded() / 10 }
        return TrackedObject.Box(x: r(bounds.minX), y: r(y), width: r(bounds.width), height: r(bounds.height))
    }

    /// A box back in image coordinates (bottom-left), for overlap.
    static func rect(_ box: TrackedObject.Box, coordinates: CoordinateConvention, height: Int) -> Rect {
        let y = coordinates == .topLeft ? Double(height) - box.y - box.height : box.y
        return Rect(x: box.x, y: y, width: box.width, height: box.height)
    }
}
