import IrisCore
@testable import IrisDetect
import Testing

/// The face detector end to end: no face where there is none, the astronaut's face with its parts, and the
/// same face whatever orientation the frame is stored in.
@Suite struct FaceDetectionTests {
    @Test func faceFreeImageGivesNoFace() throws {
        let detector = try Detector(type: .face)
        #expect(try FaceTestSupport.faces(detector, FaceTestSupport.clutter(width: 320, height: 240)).isEmpty)
        #expect(try FaceTestSupport.faces(detector, LumaPlane(width: 64, height: 48, value: 128)).isEmpty)
        #expect(try FaceTestSupport.faces(detector, LumaPlane(width: 10, height: 10, value: 128)).isEmpty)
    }

    @Test func astronautHasOneFaceWithEyesAboveTheMouth() throws {
        let plane = try FaceTestSupport.astronaut()
        let faces = try FaceTestSupport.faces(
            try Detector(type: .face), plane, FeatureOptions(smile: true, eyeBlink: true))
        try #require(faces.count == 1)
        let face = faces[0]
        // Bottom-left image coordinates: "above" is a larger y.
        #expect(face.leftEyePosition.y > face.mouthPosition.y)
        #expect(face.rightEyePosition.y > face.mouthPosition.y)
        #expect(face.leftEyePosition.x < face.rightEyePosition.x)
        #expect(face.hasLeftEyePosition || face.hasRightEyePosition)
        #expect(face.bounds.width > 50 && face.bounds.width < 110)
        for p in [face.leftEyePosition, face.rightEyePosition, face.mouthPosition] {
            #expect(
                p.x > face.bounds.minX && p.x < face.bounds.maxX && p.y > face.bounds.minY && p.y < face.bounds.maxY)
        }
    }

    @Test(arguments: Orientation.allCases)
    func rotatedFrameWithOrientationGivesTheSameFace(orientation: Orientation) throws {
        let upright = try FaceTestSupport.astronaut()
        // The stored frame whose upright picture is the astronaut.
        let stored = try #require(
            Orientation.allCases.map { upright.oriented($0) }.first { $0.oriented(orientation) == upright })
        // Orientation is the subject here, not tilt: one upright scan per frame keeps the eight cases quick.
        var options = DetectorOptions()
        options.face.tiltAngles = []
        let detector = try Detector(type: .face, options: options)
        let expected = try #require(try FaceTestSupport.faces(detector, upright).first)
        let found = try FaceTestSupport.faces(detector, stored, FeatureOptions(orientation: orientation))
        try #require(found.count == 1)
        // Features come back in the stored frame's coordinates; the orientation's transform makes them upright.
        let toUpright = orientation.transform(for: Rect(width: stored.width, height: stored.height))
        let face = found[0].applying(toUpright)
        #expect(FaceTestSupport.overlap(face.bounds, expected.bounds) > 0.99)
        #expect(abs(face.mouthPosition.y - expected.mouthPosition.y) < 1e-6)
    }

    @Test func openCVParametersAndLowAccuracyBothFindTheAstronaut() throws {
        let plane = try FaceTestSupport.astronaut()
        var options = DetectorOptions(accuracy: .low)
        #expect(try FaceTestSupport.faces(try Detector(type: .face, options: options), plane).count == 1)
        options = DetectorOptions()
        options.face.scaleFactor = 1.1
        options.face.minNeighbors = 3
        options.face.minimumPixels = 20
        options.face.landmarks = false
        let face = try #require(try FaceTestSupport.faces(try Detector(type: .face, options: options), plane).first)
        #expect(!face.hasLeftEyePosition && !face.hasMouthPosition)
        // A minimum size larger than the face hides it.
        options.face.minimumPixels = 150
        #expect(try FaceTestSupport.faces(try Detector(type: .face, options: options), plane).isEmpty)
    }
}
