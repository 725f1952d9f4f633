import IrisCore
@testable import IrisDetect
import Testing

/// Finder patterns located without decoding: where a drawn code's three corner squares are, and where a
/// blurred code that `.low` cannot read is.
@Suite struct FinderPatternTests {
    @Test(arguments: [2, 3, 5])
    func findsTheThreePatternsOfADrawnCode(module: Int) throws {
        let (plane, boxes) = try QRTestPictures.plane(
            width: 400, height: 300, texts: ["finder patterns"], moduleSize: module, origin: (x: 40, y: 30))
        let box = boxes[0], m = Double(module)
        // Each pattern's centre is 3.5 modules in from its corner of the symbol.
        let expected = [
            (Double(box.x0) + 3.5 * m, Double(box.y0) + 3.5 * m), (Double(box.x1) - 3.5 * m, Double(box.y0) + 3.5 * m),
            (Double(box.x0) + 3.5 * m, Double(box.y1) - 3.5 * m)
        ]
        let found = FinderPatterns(in: plane).patterns
        #expect(found.count == 3, "\(found)")
        for (x, y) in expected {
            #expect(
                found.contains { abs($0.x - x) < 1.5 && abs($0.y - y) < 1.5 && abs($0.module - m) < 0.5 },
                "no pattern at (\(x), \(y)) in \(found)")
        }
        let regions = FinderPatterns(in: plane).codeRegions(width: plane.width, height: plane.height)
        #expect(regions.count == 1)
        let region = try #require(regions.first)
        #expect(
            region.x <= box.x0 && region.y <= box.y0 && region.x + region.width >= box.x1
                && region.y + region.height >= box.y1)
        #expect(region.width < (box.x1 - box.x0) * 3 / 2)
    }

    @Test func clutterAndBlankPicturesHoldNoCode() {
        for plane in [FaceTestSupport.clutter(width: 320, height: 240), LumaPlane(width: 320, height: 240, value: 150)]
        {
            #expect(FinderPatterns(in: plane).codeRegions(width: plane.width, height: plane.height).isEmpty)
        }
    }

    @Test func aBlurredCodeNeverReadIsFoundByItsFinderPatterns() throws {
        let live = try Detector(type: .qrCode, options: DetectorOptions(accuracy: .low))
        let blurred = try FaceTestSupport.picture("handheld-qr-87")
        #expect(try live.features(in: blurred).isEmpty)
        let regions = FinderPatterns(in: blurred).codeRegions(width: blurred.width, height: blurred.height)
        #expect(!regions.isEmpty)
        var memory = QRCodeMemory()
        let found = try memory.codes(in: blurred, frameIndex: 0, detector: live)
        #expect(
            found.map(\.messageString) == [
                "Sean Owen\r\nsrowen@google.com\r\n917-364-2918\r\nhttp://awesome-thoughts.com"
            ])
        var without = QRCodeMemory(settings: QRCodeMemory.Settings(searchesFinderPatterns: false))
        #expect(try without.codes(in: blurred, frameIndex: 0, detector: live).isEmpty)
    }
}
