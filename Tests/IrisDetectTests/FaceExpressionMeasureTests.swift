import IrisCore
@testable import IrisDetect
import Testing

/// `FaceExpression`'s measures on a hand-placed mesh, worked out by hand.
@Suite struct FaceExpressionMeasureTests {
    /// Eyes level, outer corners 100 px apart; each eye 20 px wide with its lid pairs 6 px apart; mouth
    /// corners 70 px apart, 4 px above the middle of the lips, which are 10 px open.
    func mesh() -> FaceMesh {
        var points = [Point](repeating: Point(x: 0, y: 0), count: 468)
        func put(_ i: Int, _ x: Double, _ y: Double) { points[i] = Point(x: x, y: y) }
        put(FaceMeshIndex.rightEyeOuter, 100, 100)
        put(FaceMeshIndex.rightEyeInner, 120, 100)
        put(FaceMeshIndex.leftEyeInner, 180, 100)
        put(FaceMeshIndex.leftEyeOuter, 200, 100)
        for (k, pair) in FaceMeshIndex.rightEyeLids.enumerated() {
            put(pair.upper, 105 + 5 * Double(k), 97)
            put(pair.lower, 105 + 5 * Double(k), 103)
        }
        for (k, pair) in FaceMeshIndex.leftEyeLids.enumerated() {
            put(pair.upper, 195 - 5 * Double(k), 97)
            put(pair.lower, 195 - 5 * Double(k), 103)
        }
        put(FaceMeshIndex.mouthRight, 115, 176)
        put(FaceMeshIndex.mouthLeft, 185, 176)
        put(FaceMeshIndex.upperLipInner, 150, 175)
        put(FaceMeshIndex.lowerLipInner, 150, 185)
        put(FaceMeshIndex.upperLipOuter, 150, 170)
        put(FaceMeshIndex.lowerLipOuter, 150, 190)
        return FaceMesh(points: points, depths: Array(repeating: 0, count: 468), score: 1)
    }

    @Test func ratiosOfAHandPlacedFace() {
        // A uniform grey plane: no contrast anywhere.
        let e = FaceExpression(mesh(), in: LumaPlane(width: 300, height: 300, value: 128))
        // Openness: lid gaps 6 over eye width 20 = 0.3.
        #expect(abs(e.pictureLeftEyeOpenness - 0.3) < 1e-9 && abs(e.pictureRightEyeOpenness - 0.3) < 1e-9)
        // Width 70 / 100; lips' middle 180 below y 100, corners 176: lift 4 / 100; opening 10 / 100.
        #expect(
            abs(e.smileRatio - 0.7) < 1e-9 && abs(e.mouthCornerLift - 0.04) < 1e-9 && abs(e.mouthOpening - 0.1) < 1e-9)
        // 0.7 + 2 · 0.04 + 0.5 · 0.1 = 0.83 > 0.67, but a flat grey mouth has no lips to see: no smile.
        #expect(abs(e.smileShape - 0.83) < 1e-9)
        #expect(e.lipContrast == 0 && !e.smiles)
        // Eyes 20 px wide are judged by what lies between the lids: flat grey is no eye.
        #expect(e.pictureLeftEyeContrast == 0 && e.pictureLeftEyeClosed && e.pictureRightEyeClosed)
    }

    @Test func lipsAndIrisesMakeAnOpenSmilingFace() {
        // Dark rows through the middle of the eye gaps (y 99…101) and of the mouth (y 178…182) on light skin.
        var bytes = [UInt8](repeating: 200, count: 300 * 300)
        for y in 99...101 { for x in 100...200 { bytes[y * 300 + x] = 40 } }
        for y in 178...182 { for x in 110...190 { bytes[y * 300 + x] = 60 } }
        let e = FaceExpression(mesh(), in: LumaPlane(width: 300, height: 300, bytes: bytes))
        #expect(e.pictureLeftEyeContrast > 0.5 && !e.pictureLeftEyeClosed && !e.pictureRightEyeClosed)
        #expect(e.lipContrast > 0.5 && e.smiles)
    }

    /// The same face with its lids 1 px apart (openness 0.05, shut), at full size and shrunk to a tenth:
    /// 20 px eyes are called closed, 2 px eyes (under `minimumEyeWidth`) never are.
    @Test func tinyEyesAreNeverCalledClosed() {
        var shut = mesh()
        for pairs in [FaceMeshIndex.rightEyeLids, FaceMeshIndex.leftEyeLids] {
            for pair in pairs {
                shut.points[pair.upper].y = 99.5
                shut.points[pair.lower].y = 100.5
            }
        }
        var bytes = [UInt8](repeating: 200, count: 300 * 300)
        for y in 99...101 { for x in 100...200 { bytes[y * 300 + x] = 40 } }
        let plane = LumaPlane(width: 300, height: 300, bytes: bytes)
        let full = FaceExpression(shut, in: plane)
        #expect(
            abs(full.pictureLeftEyeOpenness - 0.05) < 1e-9 && full.pictureLeftEyeClosed && full.pictureRightEyeClosed)
        let small = FaceExpression(shut.applying(AffineTransform(scaleX: 0.1, y: 0.1)), in: plane)
        #expect(abs(small.pictureLeftEyeWidth - 2) < 1e-9 && abs(small.pictureLeftEyeOpenness - 0.05) < 1e-9)
        #expect(!small.pictureLeftEyeClosed && !small.pictureRightEyeClosed)
    }

    /// The emotion model's happiness, when present, decides smile over the geometric score either way.
    @Test func happinessDecidesSmile() {
        var bytes = [UInt8](repeating: 200, count: 300 * 300)
        for y in 178...182 { for x in 110...190 { bytes[y * 300 + x] = 60 } }
        var e = FaceExpression(mesh(), in: LumaPlane(width: 300, height: 300, bytes: bytes))
        #expect(e.smiles)
        e.happiness = 0.2
        #expect(!e.smiles)
        e = FaceExpression(mesh(), in: LumaPlane(width: 300, height: 300, value: 128))
        e.happiness = 0.9
        #expect(e.smiles)
    }
}
