import Foundation
import IrisCore

/// The square, possibly turned, window of a luma plane that the landmark model reads, in the plane's
/// top-left pixel coordinates (y down). `angle` is the window's turn in radians: its x axis points along
/// (cos angle, sin angle), so a face whose eye line falls to the right is read upright.
///
///     let region = FaceMeshRegion(faceBox: box)   // first look: upright, around a detector's box
struct FaceMeshRegion: Sendable, Equatable {
    var centre: Point
    var side: Double
    var angle: Double

    /// How much larger than a detector's face box the window is: the model was trained on crops that
    /// show the whole head with some margin (MediaPipe widens its detector's boxes by 1.5; dlib's HOG
    /// boxes are tighter, eyebrows to chin, hence a little more).
    static let boxScale = 1.6
    /// MediaPipe's margin around the box of a face's own points when it follows a face.
    static let pointsScale = 1.5

    init(centre: Point, side: Double, angle: Double) {
        self.centre = centre
        self.side = side
        self.angle = angle
    }

    /// Upright around a detector's box (top-left pixel coordinates).
    init(faceBox box: Rect) {
        self.init(
            centre: Point(x: box.x + box.width / 2, y: box.y + box.height / 2),
            side: max(box.width, box.height) * Self.boxScale, angle: 0)
    }

    /// Turned so the eye corners are level, around the box of `points` (a previous look at the face),
    /// as MediaPipe follows a face from frame to frame.
    init(points: [Point], rightEyeOuter: Point, leftEyeOuter: Point) {
        let angle = atan2(leftEyeOuter.y - rightEyeOuter.y, leftEyeOuter.x - rightEyeOuter.x)
        let c = cos(angle), s = sin(angle)
        // The points' box in the turned frame, then its centre turned back.
        var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity
        for p in points {
            let u = p.x * c + p.y * s, v = -p.x * s + p.y * c
            minU = min(minU, u)
            maxU = max(maxU, u)
            minV = min(minV, v)
            maxV = max(maxV, v)
        }
        let u = (minU + maxU) / 2, v = (minV + maxV) / 2
        self.init(
            centre: Point(x: u * c - v * s, y: u * s + v * c),
            side: max(maxU - minU, maxV - minV) * Self.pointsScale, angle: angle)
    }

    /// The plane point under crop coordinates (u, v), each 0…`cropSide` across the window.
    func planePoint(u: Double, v: Double, cropSide: Double) -> Point {
        let du = (u / cropSide - 0.5) * side, dv = (v / cropSide - 0.5) * side
        let c = cos(angle), s = sin(angle)
        return Point(x: centre.x + du * c - dv * s, y: centre.y + du * s + dv * c)
    }
}
