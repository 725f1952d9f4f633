import IrisCore
import IrisDetect

/// Something the detectors follow from frame to frame, as a lifecycle event carries it: a face (known by
/// its tracker's ID), a QR code (known by its message) or a rectangle (known by its overlap with the last
/// place it was seen).
public struct TrackedObject: Sendable, Encodable, Equatable {
    /// Unique in the run: `face-3` (the tracker's ID), `qr-1`, `rect-2` (numbered as they appear).
    public let id: String
    /// `face`, `qr`, `rect` or `barcode`: the detector's name, as `--detect` takes it.
    public let label: String
    /// Where it is, in pixels of the frame, in the events' coordinate convention.
    public var box: Box
    /// A QR code's or barcode's message.
    public var message: String?
    /// A barcode's symbology (`ean13`, `code128`, `dataMatrix`…, as `--symbologies` names them).
    public var symbology: String?
    /// A face's smile and blink (present when the run decides them, `--smile`, `--blink`).
    public var smile: Bool?
    public var blink: Bool?
    /// A face's detector confidence, when its detector gives one.
    public var score: Double?
    /// When it was first and last seen, in seconds of the source's time, and the last frame that saw it.
    public var firstSeen: Double
    public var lastSeen: Double
    public var frame: Int

    public struct Box: Sendable, Encodable, Equatable {
        public var x: Double, y: Double, width: Double, height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        var center: (x: Double, y: Double) { (x + width / 2, y + height / 2) }
    }
}

/// A change in a tracked object's life: `new` when it appears, `update` when something a consumer cares
/// about changed (a smile or blink, the box moved by more than `ObjectLifecycle.Settings.moveFraction`),
/// `end` when it has been gone for `endAfter` seconds or the run ended. Every `new` has its `end`. The shape
/// follows Frigate's `{type, before, after}`, so its consumers read it.
///
///     {"type": "update", "sequence": 7, "camera": "door", "changes": ["smile"], "before": {…}, "after": {…}}
public struct ObjectEvent: Sendable, Encodable {
    public enum Kind: String, Sendable, Encodable { case new, update, end }

    public let type: Kind
    /// Counts every event of the run from 1, so a consumer sees at once whether one went missing.
    public let sequence: Int
    public let camera: String
    /// What changed: `appeared`; `smile`, `blink`, `moved`; `gone` or `run ended`.
    public let changes: [String]
    /// The object as the previous event of its life left it (nil for `new`).
    public let before: TrackedObject?
    public let after: TrackedObject
    public let coordinates: CoordinateConvention
    /// When the event was made, in seconds since 1970 (what a subscriber's delivery latency is measured from).
    public let time: Double
}
