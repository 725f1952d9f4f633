import IrisCore
@testable import IrisDetect
import Testing

/// Core Image's per-call smile and blink switches on the smiling, open-eyed astronaut, and on copies whose
/// eyes or mouth are painted over with the skin beside them.
@Suite struct FaceExpressionTests {
    let options = FeatureOptions(smile: true, eyeBlink: true)

    /// Expressions are decided inside the face box, whatever found it: one upright scan is enough here.
    func detector() throws -> Detector {
        var options = DetectorOptions()
        options.face.tiltAngles = []
        return try Detector(type: .face, options: options)
    }

    /// The plane with a box around `centre` (image coordinates, bottom-left origin) filled with `value`.
    func painted(_ plane: LumaPlane, around centre: Point, halfWidth: Int, halfHeight: Int, value: UInt8) -> LumaPlane {
        var bytes = plane.packed.bytes
        let cx = Int(centre.x), cy = plane.height - Int(centre.y)
        for y in max(cy - halfHeight, 0)..<min(cy + halfHeight, plane.height) {
            for x in max(cx - halfWidth, 0)..<min(cx + halfWidth, plane.width) { bytes[y * plane.width + x] = value }
        }
        return LumaPlane(width: plane.width, height: plane.height, bytes: bytes)
    }

    func skin(_ plane: LumaPlane, _ face: FaceFeature) -> UInt8 {
        // Between the eyes and the mouth, on the cheek line: skin.
        let x = Int((face.leftEyePosition.x + face.mouthPosition.x) / 2),
            y = plane.height - Int((face.leftEyePosition.y + face.mouthPosition.y) / 2)
        return plane[x, y]
    }

    @Test func smilingOpenEyedAstronaut() throws {
        let face = try #require(
            try FaceTestSupport.faces(try detector(), try FaceTestSupport.astronaut(), options).first)
        #expect(face.hasSmile)
        // The emotion model decided it, and is sure.
        #expect((face.expression?.happiness ?? 0) > 0.9)
        #expect(!face.leftEyeClosed && !face.rightEyeClosed)
    }

    @Test func paintedOverEyesReadAsClosed() throws {
        let detector = try detector(), plane = try FaceTestSupport.astronaut()
        let face = try #require(try FaceTestSupport.faces(detector, plane, options).first)
        // An eye of a frontal face is about a quarter of the face wide.
        var covered = plane
        for eye in [face.leftEyePosition, face.rightEyePosition] {
            covered = painted(
                covered, around: eye, halfWidth: Int(face.bounds.width / 7), halfHeight: Int(face.bounds.width / 11),
                value: skin(plane, face))
        }
        let after = try #require(try FaceTestSupport.faces(detector, covered, options).first)
        #expect(after.leftEyeClosed && after.rightEyeClosed)
    }

    @Test func paintedOverMouthIsNoSmile() throws {
        let detector = try detector(), plane = try FaceTestSupport.astronaut()
        let face = try #require(try FaceTestSupport.faces(detector, plane, options).first)
        let covered = painted(
            plane, around: face.mouthPosition, halfWidth: Int(face.bounds.width / 4),
            halfHeight: Int(face.bounds.width / 9), value: skin(plane, face))
        let after = try #require(try FaceTestSupport.faces(detector, covered, options).first)
        #expect(!after.hasSmile && (after.expression?.happiness ?? 1) < 0.5)
    }

    /// Two real faces either side of the closed-eye threshold, cut from tuning pictures of
    /// `tools/face-attributes-eval`: a woman squeezing her eyes shut (openness about 0.16, as a laugh's or a
    /// wince's shut eyes read) and a young man with narrowed, open eyes (about 0.22). The first reads
    /// open if the threshold falls back to 0.15; the second reads closed if it rises past 0.22.
    @Test func squeezedShutEyesReadClosedNarrowedOpenOnesDoNot() throws {
        let detector = try detector()
        let shut = try #require(
            try FaceTestSupport.faces(detector, try FaceTestSupport.picture("squeezed-shut-eyes"), options).first)
        #expect(
            shut.leftEyeClosed && shut.rightEyeClosed,
            "openness \(shut.expression.map { [$0.pictureLeftEyeOpenness, $0.pictureRightEyeOpenness] } ?? [])")
        let open = try #require(
            try FaceTestSupport.faces(detector, try FaceTestSupport.picture("narrowed-open-eyes"), options).first)
        #expect(
            !open.leftEyeClosed && !open.rightEyeClosed,
            "openness \(open.expression.map { [$0.pictureLeftEyeOpenness, $0.pictureRightEyeOpenness] } ?? [])")
    }

    /// Blink asked: the attention model's mesh, whose irises sit inside the eyes it outlines; not asked
    /// (smile alone needs no lids): the plain model's 468 points.
    @Test func blinkBringsTheCloseUpMesh() throws {
        let detector = try detector(), plane = try FaceTestSupport.astronaut()
        let plain = try #require(try FaceTestSupport.faces(detector, plane, FeatureOptions(smile: true)).first?.mesh)
        #expect(plain.points.count == FaceMeshModel.meshPointCount)
        let mesh = try #require(try FaceTestSupport.faces(detector, plane, options).first?.mesh)
        #expect(mesh.points.count == FaceMeshModel.pointCountWithIrises && mesh.score >= FaceMesh.trustedScore)
        for (iris, eye, outer, inner) in [
            (FaceMeshIndex.rightIris, mesh.pictureLeftEye, FaceMeshIndex.rightEyeOuter, FaceMeshIndex.rightEyeInner),
            (FaceMeshIndex.leftIris, mesh.pictureRightEye, FaceMeshIndex.leftEyeOuter, FaceMeshIndex.leftEyeInner)
        ] {
            let width = mesh.distance(outer, inner), centre = mesh.points[iris]
            #expect(
                abs(centre.x - eye.x) < width / 4 && abs(centre.y - eye.y) < width / 4,
                "iris \(centre) far from eye \(eye)")
        }
    }
}
