import IrisCore
import IrisDetect

/// The face-specific part of `iris detect` output: the one-line summary.
enum DetectFaceJSON {
    static func summary(of face: FaceFeature) -> String {
        let b = face.bounds
        func p(_ q: Point, _ found: Bool) -> String { String(format: "(%.1f, %.1f)", q.x, q.y) + (found ? "" : "~") }
        var line =
            String(format: "face x %.0f y %.0f w %.0f h %.0f", b.x, b.y, b.width, b.height)
            + " eyes \(p(face.leftEyePosition, face.hasLeftEyePosition)) \(p(face.rightEyePosition, face.hasRightEyePosition))"
            + " mouth \(p(face.mouthPosition, face.hasMouthPosition))"
        if face.hasFaceAngle { line += String(format: " angle %.1f", face.faceAngle) }
        if face.hasSmile { line += " smiling" }
        if face.leftEyeClosed || face.rightEyeClosed {
            line += " eyes closed L\(face.leftEyeClosed ? 1 : 0) R\(face.rightEyeClosed ? 1 : 0)"
        }
        if let id = face.trackingID { line += " id \(id)" }
        return line
    }
}
