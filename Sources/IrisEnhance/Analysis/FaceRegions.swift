import IrisCore
import IrisDetect

/// Where a face's skin and its eyes are, from a face feature's eyes and mouth: the analysis's one reading of
/// a `FaceFeature`'s geometry.
struct FaceRegions {
    let leftEye: Point, rightEye: Point, mouth: Point
    /// Distance between the eye centres, image units.
    let eyeDistance: Double

    init(_ face: FaceFeature) {
        let box = face.corners.bounds
        leftEye =
            face.hasLeftEyePosition
            ? face.leftEyePosition : Point(x: box.minX + 0.3 * box.width, y: box.minY + 0.62 * box.height)
        rightEye =
            face.hasRightEyePosition
            ? face.rightEyePosition : Point(x: box.minX + 0.7 * box.width, y: box.minY + 0.62 * box.height)
        mouth = face.hasMouthPosition ? face.mouthPosition : Point(x: box.midX, y: box.minY + 0.25 * box.height)
        let dx = rightEye.x - leftEye.x, dy = rightEye.y - leftEye.y
        eyeDistance = max(1, (dx * dx + dy * dy).squareRoot())
    }

    /// The cheeks and nose: between the eyes and the mouth, clear of both eyes.
    func contains(skin p: Point) -> Bool {
        let centre = Point(x: (leftEye.x + rightEye.x + 2 * mouth.x) / 4, y: (leftEye.y + rightEye.y + 2 * mouth.y) / 4)
        let dx = p.x - centre.x, dy = p.y - centre.y
        guard dx * dx + dy * dy < 0.36 * eyeDistance * eyeDistance else { return false }
        for eye in [leftEye, rightEye] {
            let ex = p.x - eye.x, ey = p.y - eye.y
            if ex * ex + ey * ey < 0.09 * eyeDistance * eyeDistance { return false }
        }
        return true
    }

    /// The box searched for a red pupil around an eye: the eye opening, with room for the eye position's error.
    func eyeBox(_ eye: Point) -> Rect {
        let halfWidth = 0.28 * eyeDistance, halfHeight = 0.2 * eyeDistance
        return Rect(x: eye.x - halfWidth, y: eye.y - halfHeight, width: 2 * halfWidth, height: 2 * halfHeight)
    }
}
