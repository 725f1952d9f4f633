import IrisCore
import IrisDetect
import Testing

/// Tracking IDs: a moving face keeps its ID, a new face gets a new one, a lost face's ID is not reused.
@Suite struct FaceTrackerTests {
    func face(_ x: Double, _ y: Double, _ size: Double = 40) -> FaceFeature {
        let q = Quadrilateral(
            topLeft: Point(x: x, y: y + size), topRight: Point(x: x + size, y: y + size),
            bottomLeft: Point(x: x, y: y), bottomRight: Point(x: x + size, y: y))
        return FaceFeature(
            corners: q, leftEyePosition: Point(x: x, y: y), rightEyePosition: Point(x: x, y: y),
            mouthPosition: Point(x: x, y: y))
    }

    @Test func movingFaceKeepsItsIDAndNewFacesGetNewOnes() {
        var tracker = FaceTracker()
        let first = tracker.update([face(10, 10)])
        let id = first[0].trackingID
        #expect(id != nil)
        var x = 10.0
        for _ in 0..<10 {
            x += 6
            #expect(tracker.update([face(x, 12)])[0].trackingID == id)
        }
        let two = tracker.update([face(x + 3, 12), face(200, 100)])
        #expect(two[0].trackingID == id)
        #expect(two[1].trackingID != nil && two[1].trackingID != id)
        // Gone for longer than the tracker's patience: coming back is a new face.
        for _ in 0...6 { _ = tracker.update([]) }
        let back = tracker.update([face(x, 12)])
        #expect(back[0].trackingID != id && back[0].trackingID != two[1].trackingID)
    }

    @Test func astronautPanKeepsOneID() throws {
        // Frames shifted a few pixels at a time, as a pan: the detector's faces keep one ID.
        let plane = try FaceTestSupport.astronaut()
        let detector = try Detector(type: .face, options: DetectorOptions(accuracy: .low))
        var tracker = FaceTracker(), ids = Set<Int>()
        for shift in stride(from: 0, to: 24, by: 4) {
            var bytes = [UInt8](repeating: 0, count: (plane.width - 24) * plane.height)
            for y in 0..<plane.height {
                for x in 0..<(plane.width - 24) { bytes[y * (plane.width - 24) + x] = plane[x + shift, y] }
            }
            let frame = LumaPlane(width: plane.width - 24, height: plane.height, bytes: bytes)
            let faces = tracker.update(try FaceTestSupport.faces(detector, frame))
            for f in faces { if let id = f.trackingID { ids.insert(id) } }
        }
        #expect(ids.count == 1)
    }
}
