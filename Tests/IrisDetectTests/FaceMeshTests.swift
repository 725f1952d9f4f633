import Foundation
import IrisCore
@testable import IrisDetect
import IrisVideo
import Testing

/// The bundled landmark model inside found faces: where it puts eyes and mouth, the face's angle, faces
/// given by another detector, faces followed to the next frame, and the cascade fallback.
@Suite struct FaceMeshTests {
    /// The default search (dlib's HOG model at `.high`), with the landmark model asked for.
    func detector(_ model: FaceOptions.LandmarkModel = .mesh) throws -> Detector {
        var options = DetectorOptions()
        options.face.landmarkModel = model
        return try Detector(type: .face, options: options)
    }

    @Test func meshPlacesEyesAndMouthInsideTheFace() throws {
        let face = try #require(try FaceTestSupport.faces(try detector(), try FaceTestSupport.astronaut()).first)
        let mesh = try #require(face.mesh)
        #expect(mesh.points.count == 468 && mesh.depths.count == 468)
        #expect(mesh.score > 0.9)
        #expect(face.hasLeftEyePosition && face.hasRightEyePosition && face.hasMouthPosition && face.hasFaceAngle)
        let b = face.bounds
        // Image coordinates, y up: eyes in the box's upper half, left of the picture first, mouth below them.
        for eye in [face.leftEyePosition, face.rightEyePosition] {
            #expect(eye.x > b.minX && eye.x < b.maxX && eye.y > b.minY + b.height / 2 && eye.y < b.maxY)
        }
        #expect(face.leftEyePosition.x < face.rightEyePosition.x)
        #expect(face.mouthPosition.y < min(face.leftEyePosition.y, face.rightEyePosition.y) - b.height / 5)
        #expect(abs(face.mouthPosition.x - (face.leftEyePosition.x + face.rightEyePosition.x) / 2) < b.width / 8)
        // The astronaut holds her head nearly level.
        #expect(abs(face.faceAngle) < 10)
    }

    /// The picture turned counter-clockwise on screen by `degrees` (TiltedView turns that way).
    @Test(arguments: [20.0, -20.0])
    func turnedFaceReportsItsRoll(degrees: Double) throws {
        let upright = try #require(try FaceTestSupport.faces(try detector(), try FaceTestSupport.astronaut()).first)
        let turned = TiltedView(try FaceTestSupport.astronaut(), degrees: degrees).plane
        let face = try #require(try FaceTestSupport.faces(try detector(), turned).first)
        // Core Image's faceAngle counts counter-clockwise: the head's own small tilt plus the picture's turn.
        #expect(face.hasFaceAngle)
        #expect(
            abs(face.faceAngle - (upright.faceAngle + degrees)) <= 5,
            "faceAngle \(face.faceAngle), upright \(upright.faceAngle)")
    }

    @Test func angleTurnsWithThePicture() {
        let face = FaceFeature(
            corners: Quadrilateral(
                topLeft: Point(x: 0, y: 10), topRight: Point(x: 10, y: 10), bottomLeft: Point(x: 0, y: 0),
                bottomRight: Point(x: 10, y: 0)), leftEyePosition: Point(x: 3, y: 6),
            rightEyePosition: Point(x: 7, y: 6), mouthPosition: Point(x: 5, y: 2), faceAngle: 10, hasFaceAngle: true)
        // A quarter turn counter-clockwise adds 90°; flipping y (top-left coordinates) negates the angle.
        #expect(abs(face.applying(AffineTransform(rotationAngle: .pi / 2)).faceAngle - 100) < 1e-9)
        #expect(abs(face.applying(AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 10)).faceAngle + 10) < 1e-9)
    }

    @Test func faceInAGivenBoxMatchesTheSearch() throws {
        let detector = try detector(), plane = try FaceTestSupport.astronaut()
        let found = try #require(try FaceTestSupport.faces(detector, plane).first)
        let given = try #require(detector.face(in: found.bounds, of: plane))
        // The same box gives the same window and the same points.
        #expect(
            abs(given.leftEyePosition.x - found.leftEyePosition.x) < 0.5
                && abs(given.leftEyePosition.y - found.leftEyePosition.y) < 0.5)
        #expect(
            abs(given.mouthPosition.x - found.mouthPosition.x) < 0.5
                && abs(given.mouthPosition.y - found.mouthPosition.y) < 0.5)
        // Clutter holds no face: the model says so.
        let clutter = FaceTestSupport.clutter(width: plane.width, height: plane.height)
        #expect(detector.face(in: found.bounds, of: clutter) == nil)
    }

    @Test func followingCarriesTheFaceToTheNextFrame() throws {
        let detector = try detector(), plane = try FaceTestSupport.astronaut()
        var face = try #require(try FaceTestSupport.faces(detector, plane).first)
        face.trackingID = 7
        // The next frame: the picture moved 12 px right and 8 px down (top-left pixels), black coming in.
        let dx = 12, dy = 8
        var bytes = [UInt8](repeating: 0, count: plane.width * plane.height)
        for y in dy..<plane.height { for x in dx..<plane.width { bytes[y * plane.width + x] = plane[x - dx, y - dy] } }
        let moved = LumaPlane(width: plane.width, height: plane.height, bytes: bytes)
        let followed = try #require(detector.following([face], in: moved).first)
        #expect(followed.trackingID == 7)
        // Image coordinates, y up: right by 12, down by 8; eyes and box within 2 px of that.
        #expect(
            abs(followed.leftEyePosition.x - face.leftEyePosition.x - 12) < 2
                && abs(followed.leftEyePosition.y - face.leftEyePosition.y + 8) < 2)
        #expect(
            abs(followed.bounds.midX - face.bounds.midX - 12) < 2
                && abs(followed.bounds.midY - face.bounds.midY + 8) < 2)
        // A frame without the face loses it.
        #expect(
            detector.following([face], in: FaceTestSupport.clutter(width: plane.width, height: plane.height)).isEmpty)
    }

    @Test func cascadesRemainAsTheFallback() throws {
        let face = try #require(
            try FaceTestSupport.faces(try detector(.cascades), try FaceTestSupport.astronaut()).first)
        #expect(face.mesh == nil && !face.hasFaceAngle)
        #expect(try detector(.cascades).face(in: face.bounds, of: try FaceTestSupport.astronaut()) == nil)
    }

    @Test func theLandmarkModelConfirmsFaces() throws {
        // The first frame of the bundled qr-multi clip: QR cards on a wall, no face. dlib's HOG model alone
        // reports a face in the QR patterns there; the landmark model sees none in it.
        let clip = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Recordings/qr-multi-640x480.mkv").standardizedFileURL.path
        let frame = try #require(try Recording(path: clip).nextFrame())
        var options = DetectorOptions()
        options.face.landmarksConfirmFaces = false
        let unconfirmed = try Detector(type: .face, options: options).features(in: frame).faces
        try #require(!unconfirmed.isEmpty, "the HOG model's false face on the QR cards")
        #expect(unconfirmed.allSatisfy { ($0.mesh?.score ?? 1) < FaceMesh.trustedScore && !$0.hasFaceAngle })
        options.face.landmarksConfirmFaces = true
        #expect(try Detector(type: .face, options: options).features(in: frame).isEmpty)
    }
}
