import IrisCore
import IrisDetect
import IrisPipeline
import Testing

/// Detections become objects with a lifecycle: faces by tracker ID, QR codes by message, rectangles by
/// overlap; `new` once, `update` on what a consumer cares about, `end` after `endAfter` unseen or at the run's end.
@Suite struct ObjectLifecycleTests {
    static func quad(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Quadrilateral {
        Quadrilateral(
            topLeft: Point(x: x, y: y + h), topRight: Point(x: x + w, y: y + h),
            bottomLeft: Point(x: x, y: y), bottomRight: Point(x: x + w, y: y))
    }
    static func face(_ id: Int, _ x: Double, _ y: Double, smile: Bool = false) -> DetectedFeature {
        var face = FaceFeature(
            corners: quad(x, y, 100, 100), leftEyePosition: Point(x: x + 30, y: y + 60),
            rightEyePosition: Point(x: x + 70, y: y + 60),
            mouthPosition: Point(x: x + 50, y: y + 25), hasSmile: smile, trackingID: id)
        face.smileChecked = true
        return .face(face)
    }
    static func code(_ message: String, _ x: Double) -> DetectedFeature {
        .qrCode(QRCodeFeature(messageString: message, payload: Array(message.utf8), corners: quad(x, 300, 80, 80)))
    }
    static func rect(_ x: Double, _ y: Double) -> DetectedFeature {
        .rectangle(RectangleFeature(corners: quad(x, y, 200, 120), confidence: 1))
    }
    static func result(_ frame: Int, _ features: [DetectedFeature]) -> DetectionResult {
        DetectionResult(
            frameIndex: frame, timestamp: Double(frame) / 10, width: 640, height: 480, features: features,
            milliseconds: 1)
    }
    static func summary(_ events: [ObjectEvent]) -> [String] {
        events.map { "\($0.type.rawValue) \($0.after.id) \($0.changes.joined(separator: ","))" }
    }

    @Test func aFaceIsNewOnceUpdatedOnWhatChangesAndEndsWhenGone() {
        var lifecycle = ObjectLifecycle(camera: "door")
        #expect(Self.summary(lifecycle.observe(Self.result(0, [Self.face(7, 100, 100)]))) == ["new face-7 appeared"])
        // A few pixels of drift is not news; a smile is, and so is a move of more than a quarter of its size.
        #expect(lifecycle.observe(Self.result(1, [Self.face(7, 110, 104)])).isEmpty)
        #expect(
            Self.summary(lifecycle.observe(Self.result(2, [Self.face(7, 112, 104, smile: true)]))) == [
                "update face-7 smile"
            ])
        let moved = lifecycle.observe(Self.result(3, [Self.face(7, 150, 104, smile: true)]))
        #expect(Self.summary(moved) == ["update face-7 moved"])
        #expect(moved.first?.before?.box.x == 112 && moved.first?.after.box.x == 150)
        #expect(lifecycle.counts["face"] == 1 && lifecycle.counts["all"] == 1)
        // Unseen for up to endAfter (1 s) it stays; past it, it ends, with where it was last seen.
        #expect(lifecycle.observe(Self.result(12, [])).isEmpty)
        let ended = lifecycle.observe(Self.result(14, []))
        #expect(Self.summary(ended) == ["end face-7 gone"])
        #expect(ended.first?.after.lastSeen == 0.3 && ended.first?.after.firstSeen == 0)
        #expect(lifecycle.counts["all"] == 0)
        #expect(ended.first?.sequence == 4 && ended.first?.camera == "door")
    }

    @Test func qrCodesAreKnownByTheirMessageAndRectanglesByOverlap() {
        var lifecycle = ObjectLifecycle(camera: "desk")
        let first = lifecycle.observe(
            Self.result(0, [Self.code("parcel 1", 10), Self.code("parcel 2", 300), Self.rect(50, 40)]))
        #expect(Self.summary(first) == ["new qr-1 appeared", "new qr-2 appeared", "new rect-1 appeared"])
        #expect(first.first?.after.message == "parcel 1")
        // The same codes elsewhere are the same objects (moved); the rectangle shifted a little is the same one.
        let second = lifecycle.observe(
            Self.result(1, [Self.code("parcel 2", 20), Self.code("parcel 1", 320), Self.rect(60, 44)]))
        #expect(Self.summary(second) == ["update qr-2 moved", "update qr-1 moved"])
        // A rectangle far from the first is another, and the first ends once it has been gone for endAfter.
        #expect(Self.summary(lifecycle.observe(Self.result(2, [Self.rect(400, 300)]))) == ["new rect-2 appeared"])
        #expect(
            Self.summary(lifecycle.observe(Self.result(13, [Self.rect(402, 300)]))) == [
                "end qr-1 gone", "end qr-2 gone", "end rect-1 gone"
            ])
        #expect(lifecycle.counts == ["face": 0, "qr": 0, "rect": 1, "barcode": 0, "all": 1], "every label, 0 when none")
        // The run's end closes what is open: every new has its end.
        #expect(Self.summary(lifecycle.finish()) == ["end rect-2 run ended"])
    }

    @Test func boxesFollowTheEventsCoordinates() {
        var topLeft = ObjectLifecycle(camera: "c", coordinates: .topLeft)
        var bottomLeft = ObjectLifecycle(camera: "c", coordinates: .bottomLeft)
        let down = topLeft.observe(Self.result(0, [Self.face(1, 100, 100)])).first?.after.box
        let up = bottomLeft.observe(Self.result(0, [Self.face(1, 100, 100)])).first?.after.box
        #expect(up == TrackedObject.Box(x: 100, y: 100, width: 100, height: 100))
        #expect(down == TrackedObject.Box(x: 100, y: 480 - 200, width: 100, height: 100))
    }
}
