import Foundation
import IrisCore
import IrisDetect
import Testing

/// Feature JSON in both coordinate conventions, on hand-made features in a picture 100 px tall: top-left
/// gives every point y' = 100 − y and keeps the corner names.
@Suite struct FeatureCoordinatesTests {
    /// The JSON array `FeatureList` writes, parsed back.
    private func encoded(_ list: FeatureList) throws -> [[String: Any]] {
        let data = try JSONEncoder().encode(list)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    private func point(_ object: [String: Any], _ key: String) -> [Double]? { object[key] as? [Double] }
    private func corner(_ object: [String: Any], _ name: String) -> [Double]? {
        (object["corners"] as? [String: Any])?[name] as? [Double]
    }

    // A QR code whose top edge is at y 90 and bottom edge at y 60 (bottom-left, y up).
    let code = QRCodeFeature(
        messageString: "hi", payload: Array("hi".utf8),
        corners: Quadrilateral(
            topLeft: Point(x: 10, y: 90), topRight: Point(x: 40, y: 90),
            bottomLeft: Point(x: 10, y: 60), bottomRight: Point(x: 40, y: 60)))
    // A face box from y 30 to 70, eyes at y 60, mouth at y 40.
    let face = FaceFeature(
        corners: Quadrilateral(
            topLeft: Point(x: 20, y: 70), topRight: Point(x: 50, y: 70),
            bottomLeft: Point(x: 20, y: 30), bottomRight: Point(x: 50, y: 30)),
        leftEyePosition: Point(x: 30, y: 60), rightEyePosition: Point(x: 40, y: 60), mouthPosition: Point(x: 35, y: 40))
    // A rectangle with a quarter-pixel y: 100 − 0.25 = 99.75.
    let rect = RectangleFeature(
        corners: Quadrilateral(
            topLeft: Point(x: 1, y: 50), topRight: Point(x: 9, y: 50),
            bottomLeft: Point(x: 1, y: 0.25), bottomRight: Point(x: 9, y: 0.25)),
        confidence: 0.5)

    @Test func bottomLeftIsTheFeaturesOwnCoordinates() throws {
        let json = try encoded(FeatureList([.qrCode(code), .face(face)]))
        #expect(corner(json[0], "topLeft") == [10, 90] && corner(json[0], "bottomRight") == [40, 60])
        #expect(point(json[1], "leftEye") == [30, 60] && point(json[1], "mouth") == [35, 40])
        // Asking for bottom-left by name changes nothing, whatever the height.
        let named = try encoded(FeatureList([.qrCode(code), .face(face)], in: .bottomLeft, pictureHeight: 100))
        #expect(corner(named[0], "topLeft") == [10, 90] && point(named[1], "mouth") == [35, 40])
    }

    @Test func topLeftFlipsEveryYAndKeepsTheCornerNames() throws {
        let json = try encoded(
            FeatureList([.qrCode(code), .face(face), .rectangle(rect)], in: .topLeft, pictureHeight: 100))
        // QR: top edge 100 − 90 = 10, bottom edge 100 − 60 = 40; the corner called top-left is still the one
        // seen at the top-left, now with the smaller y.
        #expect(corner(json[0], "topLeft") == [10, 10])
        #expect(corner(json[0], "topRight") == [40, 10])
        #expect(corner(json[0], "bottomRight") == [40, 40])
        #expect(corner(json[0], "bottomLeft") == [10, 40])
        #expect(json[0]["message"] as? String == "hi")
        // Face: box 100 − 70 = 30 to 100 − 30 = 70; eyes 100 − 60 = 40; mouth 100 − 40 = 60.
        #expect(corner(json[1], "topLeft") == [20, 30] && corner(json[1], "bottomRight") == [50, 70])
        #expect(point(json[1], "leftEye") == [30, 40] && point(json[1], "rightEye") == [40, 40])
        #expect(point(json[1], "mouth") == [35, 60])
        // Rectangle: 100 − 50 = 50 and 100 − 0.25 = 99.75.
        #expect(corner(json[2], "topLeft") == [1, 50] && corner(json[2], "bottomLeft") == [1, 99.75])
    }

    @Test func theConventionIsItsOwnInverse() {
        let flip = CoordinateConvention.topLeft.transform(pictureHeight: 480)
        // 480 − 100 = 380, and back: 480 − 380 = 100.
        #expect(flip.apply(Point(x: 7, y: 100)) == Point(x: 7, y: 380))
        #expect(flip.apply(flip.apply(Point(x: 7, y: 100))) == Point(x: 7, y: 100))
        #expect(CoordinateConvention.bottomLeft.transform(pictureHeight: 480).isIdentity)
        #expect(CoordinateConvention.topLeft.flippedY(100, height: 480) == 380)
    }
}
