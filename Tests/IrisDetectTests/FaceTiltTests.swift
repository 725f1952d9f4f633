import IrisCore
@testable import IrisDetect
import Testing

/// The `.high` default search: turned views of the picture pooled into one grouping, overlapping boxes
/// reduced to the strongest; and OpenCV's own search whenever its parameters are given.
@Suite struct FaceTiltTests {
    @Test func tiltedViewHoldsThePictureAndMapsWindowsBack() throws {
        // A bright square on grey: after a turn by 10° it lies where the turn puts its centre.
        var bytes = [UInt8](repeating: 60, count: 120 * 80)
        for y in 20..<30 { for x in 90..<100 { bytes[y * 120 + x] = 250 } }
        let plane = LumaPlane(width: 120, height: 80, bytes: bytes)
        let view = TiltedView(plane, degrees: 10)
        // The canvas holds the whole turned picture: w·cos + h·sin by w·sin + h·cos.
        #expect(view.plane.width == 133 && view.plane.height == 100)
        // The square's brightest pixels in the canvas, mapped back, land on the square.
        let brightest = (0..<view.plane.height).flatMap { y in (0..<view.plane.width).map { (x: $0, y: y) } }
            .filter { view.plane[$0.x, $0.y] > 240 }
        try #require(!brightest.isEmpty)
        let cx = brightest.map(\.x).reduce(0, +) / brightest.count,
            cy = brightest.map(\.y).reduce(0, +) / brightest.count
        let back = view.uprightWindow(WindowRect(x: cx - 5, y: cy - 5, width: 10, height: 10))
        #expect(abs(back.x - 90) <= 1 && abs(back.y - 20) <= 1 && back.width == 10)
        // Counter-clockwise on screen: a point right of centre moves up.
        #expect(cy < 25 + (view.plane.height - plane.height) / 2)
        // No turn leaves the picture as it is.
        #expect(TiltedView(plane, degrees: 0).plane == plane)
    }

    @Test func pooledGroupsNeedMembersFromTwoViews() {
        let cluster = (0..<8).map { WindowRect(x: 40 + $0 % 3, y: 40 + $0 % 2, width: 24, height: 24) }
        // Eight windows, all from one view: enough neighbours, but one view only.
        #expect(
            WindowGrouping.group(cluster, views: Array(repeating: 1, count: 8), minNeighbors: 6, minimumViews: 2)
                .isEmpty)
        // The same windows from two views form the face.
        let views = (0..<8).map { $0 % 2 }
        let groups = WindowGrouping.group(cluster, views: views, minNeighbors: 6, minimumViews: 2)
        #expect(groups.count == 1 && groups[0].neighbors == 8)
        #expect(WindowGrouping.group(cluster, views: views, minNeighbors: 8, minimumViews: 2).isEmpty)
    }

    @Test func overlappingBoxesKeepTheStrongest() {
        typealias G = WindowGrouping.Group
        let weak = G(rect: WindowRect(x: 15, y: 184, width: 53, height: 53), neighbors: 5)
        let strong = G(rect: WindowRect(x: 39, y: 184, width: 55, height: 55), neighbors: 26)
        let apart = G(rect: WindowRect(x: 200, y: 20, width: 40, height: 40), neighbors: 4)
        // IoU 0.36: the same face seen off-centre.
        let kept = WindowGrouping.suppressingOverlaps([weak, apart, strong])
        #expect(kept.map(\.rect) == [apart.rect, strong.rect])
        // OpenCV's grouping leaves both side by side: it drops only boxes lying inside stronger ones.
        let separate = WindowGrouping.suppressingOverlaps([weak, strong], overlap: 0.5)
        #expect(separate.count == 2)
    }

    @Test func defaultsTiltAtHighAccuracyOnlyAndNeverUnderOpenCVParameters() throws {
        #expect(FaceOptions().tilts(for: .high) == [-10, 10])
        #expect(FaceOptions().tilts(for: .low).isEmpty)
        #expect(FaceOptions(scaleFactor: 1.1).tilts(for: .high).isEmpty)
        #expect(FaceOptions(minNeighbors: 3).tilts(for: .high).isEmpty)
        #expect(FaceOptions(minimumPixels: 20).tilts(for: .high).isEmpty)
        #expect(FaceOptions(minNeighbors: 3, tiltAngles: [15, 0]).tilts(for: .low) == [15])
        #expect(FaceOptions(tiltAngles: []).tilts(for: .high).isEmpty)
        var options = DetectorOptions()
        options.face.tiltAngles = [95]
        #expect(throws: DetectorError.self) { try Detector(type: .face, options: options) }
    }

    @Test func aTurnedAstronautIsFoundOnlyWithTiltedViews() throws {
        // Turned by 25°, beyond what the upright cascade tolerates; the +10° view brings it back within reach.
        let view = TiltedView(try FaceTestSupport.astronaut(), degrees: 25), turned = view.plane
        var openCV = DetectorOptions()
        openCV.face.scaleFactor = 1.1
        openCV.face.minNeighbors = 3
        openCV.face.landmarks = false
        #expect(try FaceTestSupport.faces(try Detector(type: .face, options: openCV), turned).isEmpty)
        var defaults = DetectorOptions()
        defaults.face.landmarks = false
        defaults.face.method = .cascade
        let faces = try FaceTestSupport.faces(try Detector(type: .face, options: defaults), turned)
        try #require(faces.count == 1)
        // Mapped back onto the upright picture, the box covers the face OpenCV's scan finds there.
        let upright = try FaceTestSupport.astronaut()
        let expected = try #require(
            try FaceTestSupport.faces(try Detector(type: .face, options: openCV), upright).first)
        let back = view.uprightWindow(Self.topLeftWindow(faces[0].bounds, height: turned.height))
        #expect(back.overlap(Self.topLeftWindow(expected.bounds, height: upright.height)) > 0.5)
    }

    /// A feature's bounds (bottom-left image coordinates) as a window of the plane (top-left).
    static func topLeftWindow(_ r: Rect, height: Int) -> WindowRect {
        WindowRect(
            x: Int(r.minX.rounded()), y: height - Int(r.maxY.rounded()), width: Int(r.width.rounded()),
            height: Int(r.height.rounded()))
    }

    @Test func openCVParametersGiveOpenCVsGroupingUnchanged() throws {
        // Two overlapping groups that OpenCV reports side by side stay so when its parameters are given.
        let plane = try FaceTestSupport.astronaut()
        var options = DetectorOptions()
        options.face.scaleFactor = 1.1
        options.face.minNeighbors = 3
        options.face.minimumPixels = 20
        options.face.landmarks = false
        let detector = try Detector(type: .face, options: options)
        let search = FaceSearch(models: try #require(detector.faceModels), options: detector.options, plane: plane)
        guard case let .cascade(scanner, _, tilts, matchesOpenCV) = search.finder else {
            Issue.record("OpenCV's parameters should choose the cascade")
            return
        }
        #expect(tilts.isEmpty && matchesOpenCV)
        let raw = WindowGrouping.group(scanner.candidates(in: plane), minNeighbors: 3)
        #expect(
            search.faces(in: plane, options: .init(), landmarks: false).map(\.neighbors).sorted()
                == raw.map(\.neighbors).sorted())
    }
}
