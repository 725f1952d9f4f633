import IrisCore
import IrisDetect

/// The face-specific parts of `iris detect` output: the one-line summary, tracking IDs.
enum DetectFaceJSON {
    static func summary(of face: FaceFeature) -> String {
        let b = face.bounds
        func p(_ q: Point, _ found: Bool) -> String { String(format: "(%.1f, %.1f)", q.x, q.y) + (found ? "" : "~") }
        var line = String(format: "face x %.0f y %.0f w %.0f h %.0f", b.x, b.y, b.width, b.height)
            + " eyes \(p(face.leftEyePosition, face.hasLeftEyePosition)) \(p(face.rightEyePosition, face.hasRightEyePosition))"
            + " mouth \(p(face.mouthPosition, face.hasMouthPosition))"
        if face.hasSmile { line += " smiling" }
        if face.leftEyeClosed || face.rightEyeClosed { line += " eyes closed L\(face.leftEyeClosed ? 1 : 0) R\(face.rightEyeClosed ? 1 : 0)" }
        if let id = face.trackingID { line += " id \(id)" }
        return line
    }

    /// Faces get tracking IDs from `tracker` (frames of one recording share it); other features pass through.
    static func track(_ features: [any Feature], with tracker: inout FaceTracker) -> [any Feature] {
        let faces = features.compactMap { $0 as? FaceFeature }
        guard !faces.isEmpty else { _ = tracker.update([]); return features }
        var tracked = tracker.update(faces).makeIterator()
        return features.map { feature in feature is FaceFeature ? (tracked.next() ?? feature) : feature }
    }
}
