import IrisCore
@testable import IrisFilters
import IrisDetect
import IrisEval
import Testing

/// QR codes through zxing-cpp, on pictures encoded by IrisCore's `QRCodeSymbol` inside the test.
@Suite struct QRCodeDetectionTests {
    let detector: Detector

    init() throws { detector = try Detector(type: .qrCode) }

    @Test func readsOneCodeWithItsCorners() throws {
        let (plane, boxes) = try QRTestPictures.plane(texts: ["Iris QR 1"])
        let codes = try detector.features(in: plane).qrCodes
        #expect(codes.map(\.messageString) == ["Iris QR 1"])
        #expect(codes.first?.payload == Array("Iris QR 1".utf8))
        guard let code = codes.first else { return }
        // Image coordinates: bottom-left origin, so the code's top edge has the larger y.
        let box = boxes[0], h = Double(plane.height)
        #expect(
            abs(code.corners.topLeft.x - Double(box.x0)) <= 3 && abs(code.corners.topLeft.y - (h - Double(box.y0))) <= 3
        )
        #expect(
            abs(code.corners.bottomRight.x - Double(box.x1)) <= 3
                && abs(code.corners.bottomRight.y - (h - Double(box.y1))) <= 3)
    }

    @Test func frameWithoutACodeFindsNothing() throws {
        var random = SeededRandom(seed: 5)
        let noise = LumaPlane(
            width: 320, height: 240, bytes: (0..<(320 * 240)).map { _ in UInt8(random.next() & 0xFF) })
        #expect(try detector.features(in: noise).isEmpty)
        #expect(try detector.features(in: LumaPlane(width: 320, height: 240, value: 200)).isEmpty)
    }

    @Test func readsTwoCodesInOneFrame() throws {
        let (plane, _) = try QRTestPictures.plane(texts: ["first code", "second code"])
        let messages = try detector.features(in: plane).qrCodes.map(\.messageString)
        #expect(Set(messages) == ["first code", "second code"])
    }

    @Test func readsInvertedAndMirroredCodes() throws {
        let (plane, _) = try QRTestPictures.plane(texts: ["light on dark"])
        let inverted = try detector.features(in: plane.inverted()).qrCodes
        #expect(inverted.map(\.messageString) == ["light on dark"])
        let mirrored = try detector.features(in: QRTestPictures.mirrored(plane)).qrCodes
        #expect(mirrored.map(\.messageString) == ["light on dark"])
        #expect(mirrored.first?.isMirrored == true)
    }

    @Test func readsFramesAndRGBABuffersAlike() throws {
        let (plane, _) = try QRTestPictures.plane(texts: ["nv12"])
        var nv12 = PixelBuffer(width: plane.width, height: plane.height, format: .nv12)
        nv12.planes[0].bytes = plane.bytes
        let fromFrame = try detector.features(in: Frame(buffer: nv12)).qrCodes
        let fromRGBA = try detector.features(in: plane.rgbaBuffer).qrCodes
        #expect(fromFrame.map(\.messageString) == ["nv12"])
        #expect(fromFrame == fromRGBA)
    }

    @Test func minimumFeatureSizeDropsSmallCodes() throws {
        let (plane, _) = try QRTestPictures.plane(texts: ["small"], moduleSize: 2)
        let strict = try Detector(type: .qrCode, options: DetectorOptions(minimumFeatureSize: 0.5))
        #expect(try strict.features(in: plane).isEmpty)
        #expect(try detector.features(in: plane).count == 1)
    }

    @Test(arguments: Orientation.allCases)
    func cornersMapBackForEveryOrientation(orientation: Orientation) throws {
        let (upright, _) = try QRTestPictures.plane(width: 300, height: 200, texts: ["turn me"], origin: (x: 30, y: 40))
        let reference = try #require(try detector.features(in: upright).qrCodes.first)
        let stored = QRTestPictures.stored(upright, for: orientation)
        #expect(stored.oriented(orientation) == upright)
        let found = try #require(
            try detector.features(in: stored, options: FeatureOptions(orientation: orientation)).qrCodes.first
        )
        // Features come back in the stored image's coordinates; the orientation's transform takes them upright.
        let back = found.applying(orientation.transform(for: Rect(width: stored.width, height: stored.height)))
        #expect(back.messageString == "turn me")
        for (a, b) in zip(back.corners.points, reference.corners.points) {
            #expect(
                abs(a.x - b.x) <= 2 && abs(a.y - b.y) <= 2, "\(orientation): \(back.corners) vs \(reference.corners)")
        }
    }
}
