import IrisCore
import IrisDetect
import Testing

/// QR codes on a video: a code read once is looked for again where its motion puts it, with the motion
/// retries on that region. Two frames of a hand-held clip (Resources/CREDITS.md) hold a code that `.low`
/// reads in the first and, blurred by the motion, misses in the second; drawn codes test identity and motion.
@Suite struct QRCodeMemoryTests {
    let live = try! Detector(type: .qrCode, options: DetectorOptions(accuracy: .low))
    /// The memory alone: finder patterns would find the blurred code without it (FinderPatternTests).
    let rememberOnly = QRCodeMemory.Settings(searchesFinderPatterns: false)
    /// ZXing's expected text for the photo (qrcode-1/16.txt); the code itself holds CRLF line ends.
    let handheldText = "Sean Owen\r\nsrowen@google.com\r\n917-364-2918\r\nhttp://awesome-thoughts.com"

    func frame(_ text: String = "moving code", x: Int) throws -> LumaPlane {
        try QRTestPictures.plane(texts: [text], origin: (x: x, y: 40)).plane
    }

    @Test func readsARememberedCodeAgainWhereItMoved() throws {
        let before = try FaceTestSupport.picture("handheld-qr-84"),
            blurred = try FaceTestSupport.picture("handheld-qr-87")
        #expect(try live.features(in: blurred).isEmpty, "the live detector alone should miss the blurred code")
        var memory = QRCodeMemory(settings: rememberOnly)
        let first = try memory.codes(in: before, frameIndex: 84, detector: live)
        #expect(first.map(\.messageString) == [handheldText])
        let again = try memory.codes(in: blurred, frameIndex: 87, detector: live)
        #expect(again.map(\.messageString) == [handheldText])
        #expect(again.first?.trackingID == first.first?.trackingID)
        // Where the high detector, with every retry, finds it in that frame on its own.
        let reference = try #require(try Detector(type: .qrCode).features(in: blurred).qrCodes.first)
        #expect(distance(try #require(again.first).corners.centroid, reference.corners.centroid) < 2)
    }

    @Test func turnedOffItReadsOnlyWhatTheDetectorReads() throws {
        var memory = QRCodeMemory(settings: QRCodeMemory.Settings(isEnabled: false))
        #expect(
            try memory.codes(in: FaceTestSupport.picture("handheld-qr-84"), frameIndex: 84, detector: live).count == 1)
        #expect(try memory.codes(in: FaceTestSupport.picture("handheld-qr-87"), frameIndex: 87, detector: live).isEmpty)
    }

    @Test func anUnreadCodeIsForgottenAfterPatienceDetections() throws {
        let before = try FaceTestSupport.picture("handheld-qr-84"),
            blurred = try FaceTestSupport.picture("handheld-qr-87")
        let blank = LumaPlane(width: before.width, height: before.height, value: 150)
        for (blanks, remembered) in [(3, true), (4, false)] {
            var memory = QRCodeMemory(settings: QRCodeMemory.Settings(patience: 3, searchesFinderPatterns: false))
            _ = try memory.codes(in: before, frameIndex: 0, detector: live)
            for i in 1...blanks { #expect(try memory.codes(in: blank, frameIndex: i, detector: live).isEmpty) }
            let found = try memory.codes(in: blurred, frameIndex: blanks + 1, detector: live)
            #expect(found.isEmpty != remembered, "\(blanks) unread detections")
        }
    }

    @Test func aCodeWhoseRegionShowsNoFinderPatternIsForgottenAtOnce() throws {
        let before = try FaceTestSupport.picture("handheld-qr-84"),
            blurred = try FaceTestSupport.picture("handheld-qr-87")
        let blank = LumaPlane(width: before.width, height: before.height, value: 150)
        var memory = QRCodeMemory()
        let first = try memory.codes(in: before, frameIndex: 0, detector: live)
        #expect(try memory.codes(in: blank, frameIndex: 3, detector: live).isEmpty)
        // Gone from its region, so forgotten: read again (by its finder patterns), it is a new code.
        let again = try memory.codes(in: blurred, frameIndex: 6, detector: live)
        #expect(again.map(\.messageString) == first.map(\.messageString))
        #expect(again.first?.trackingID != nil && again.first?.trackingID != first.first?.trackingID)
        // Without finder patterns only patience forgets: the same code, the same ID.
        var patient = QRCodeMemory(settings: rememberOnly)
        let kept = try patient.codes(in: before, frameIndex: 0, detector: live)
        _ = try patient.codes(in: blank, frameIndex: 3, detector: live)
        #expect(
            try patient.codes(in: blurred, frameIndex: 6, detector: live).first?.trackingID == kept.first?.trackingID)
    }

    @Test func codesKeepTheirIdentityAndMoveBetweenDetections() throws {
        var memory = QRCodeMemory()
        let a0 = try memory.codes(in: frame(x: 20), frameIndex: 0, detector: live)
        let b0 = try memory.codes(in: frame("another code", x: 20), frameIndex: 1, detector: live)
        let a1 = try memory.codes(in: frame(x: 50), frameIndex: 3, detector: live)
        #expect(a0.first?.trackingID != nil)
        #expect(a1.first?.trackingID == a0.first?.trackingID)
        #expect(b0.first?.trackingID != a0.first?.trackingID)
        // 30 px in 3 frames: 10 px a frame, so 30 px further by frame 6.
        let predicted = try #require(memory.predicted(at: 6).first { $0.trackingID == a1.first?.trackingID })
        #expect(abs(predicted.corners.topLeft.x - (try #require(a1.first)).corners.topLeft.x - 30) < 2)
    }

    @Test(arguments: [Orientation.left, .downMirrored])
    func regionsMapThroughTheFramesOrientation(orientation: Orientation) throws {
        var memory = QRCodeMemory(settings: rememberOnly)
        let options = FeatureOptions(orientation: orientation)
        let first = try memory.codes(
            in: QRTestPictures.stored(FaceTestSupport.picture("handheld-qr-84"), for: orientation),
            frameIndex: 0, detector: live, options: options)
        let hard = QRTestPictures.stored(try FaceTestSupport.picture("handheld-qr-87"), for: orientation)
        let again = try memory.codes(in: hard, frameIndex: 3, detector: live, options: options)
        #expect(first.count == 1)
        #expect(again.map(\.trackingID) == first.map(\.trackingID))
        // Where the high detector reads the same picture on its own.
        let reference = try Detector(type: .qrCode).features(in: hard, options: options).qrCodes.first
        #expect(distance(try #require(again.first).corners.centroid, try #require(reference).corners.centroid) < 2)
    }

    @Test func videoDetectorsCarryCodesOntoFramesBetweenDetections() throws {
        var video = VideoDetectors(detectors: [live])
        _ = try video.features(in: frame(x: 20), frameIndex: 0)
        let latest = try video.features(in: frame(x: 50), frameIndex: 3)
        let carried = video.follow(latest, in: try frame(x: 60), frameIndex: 4)
        let before = try #require(latest.qrCodes.first), after = try #require(carried.qrCodes.first)
        #expect(after.trackingID == before.trackingID)
        #expect(abs(after.corners.topLeft.x - before.corners.topLeft.x - 10) < 1)
    }

    func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
