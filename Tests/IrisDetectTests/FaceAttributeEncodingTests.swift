import Foundation
import IrisCore
import IrisDetect
import Testing

/// A face's smile and blink appear in its JSON only where they were decided, and the smile score agrees
/// with the decision: absent means "not asked", never "no smile".
@Suite struct FaceAttributeEncodingTests {
    static func face() -> FaceFeature {
        FaceFeature(
            corners: Quadrilateral(
                topLeft: Point(x: 0, y: 100), topRight: Point(x: 100, y: 100),
                bottomLeft: Point(x: 0, y: 0), bottomRight: Point(x: 100, y: 0)),
            leftEyePosition: Point(x: 30, y: 60), rightEyePosition: Point(x: 70, y: 60),
            mouthPosition: Point(x: 50, y: 25))
    }

    static func json(_ features: [DetectedFeature]) throws -> [[String: Any]] {
        let data = try JSONEncoder().encode(FeatureList(features))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    @Test func attributesNotAskedForAreLeftOut() throws {
        let object = try #require(try Self.json([.face(Self.face())]).first)
        #expect(object["smile"] == nil && object["smileScore"] == nil)
        #expect(object["leftEyeClosed"] == nil && object["rightEyeClosed"] == nil)
    }

    @Test func aDecidedSmileCarriesItsScore() throws {
        var smiling = Self.face()
        smiling.smileChecked = true
        smiling.hasSmile = true
        smiling.smileScore = 0.8765
        var blinking = Self.face()
        blinking.eyeBlinkChecked = true
        blinking.leftEyeClosed = true
        let objects = try Self.json([.face(smiling), .face(blinking)])
        #expect(objects[0]["smile"] as? Bool == true && objects[0]["smileScore"] as? Double == 0.877)
        #expect(objects[0]["leftEyeClosed"] == nil)
        #expect(objects[1]["leftEyeClosed"] as? Bool == true && objects[1]["rightEyeClosed"] as? Bool == false)
        #expect(objects[1]["smile"] == nil)
    }

    @Test func featuresComeBackByTypeWithoutCasts() {
        let code = QRCodeFeature(messageString: "x", payload: [0x78], corners: Self.face().corners)
        let rect = RectangleFeature(corners: Self.face().corners, confidence: 1)
        let mixed: [DetectedFeature] = [.qrCode(code), .face(Self.face()), .rectangle(rect), .face(Self.face())]
        #expect(mixed.faces.count == 2 && mixed.qrCodes.map(\.messageString) == ["x"] && mixed.rectangles.count == 1)
    }
}
