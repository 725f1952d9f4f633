import Foundation
import IrisCore

/// The 468 points MediaPipe's face landmark model puts on one face (eyes, lids, brows, nose, lips and the
/// face's outline; numbered as in MediaPipe's canonical face model), in the coordinates of the picture the
/// face was found in, with how sure the model is that it looked at a face.
///
///     if let mesh = face.mesh { print(mesh.points[1]) }   // the tip of the nose
public struct FaceMesh: Sendable, Hashable {
    /// x and y of each point; `depths` holds z (the model's relative depth, in the crop's pixel units).
    public var points: [Point]
    public var depths: [Double]
    /// The model's face-presence probability, 0…1 (MediaPipe drops faces below 0.5).
    public var score: Double

    public init(points: [Point], depths: [Double], score: Double) {
        self.points = points
        self.depths = depths
        self.score = score
    }

    /// The centre of the eye on the picture's left (the person's right eye on an unmirrored picture):
    /// the mean of its contour.
    public var pictureLeftEye: Point { mean(FaceMeshIndex.rightEyeContour) }
    public var pictureRightEye: Point { mean(FaceMeshIndex.leftEyeContour) }
    /// The centre of the lips' outer outline.
    public var mouth: Point { mean(FaceMeshIndex.outerLips) }

    /// The turn of the line through the outer eye corners, picture-left eye to picture-right eye, in
    /// degrees measured from the x axis towards the y axis of the points' coordinates. In Iris's image
    /// coordinates (y up) that is counter-clockwise, Core Image's `faceAngle`.
    public var eyeLineAngle: Double {
        let a = points[FaceMeshIndex.rightEyeOuter], b = points[FaceMeshIndex.leftEyeOuter]
        return atan2(b.y - a.y, b.x - a.x) * 180 / .pi
    }

    public func applying(_ transform: IrisCore.AffineTransform) -> FaceMesh {
        FaceMesh(points: points.map { transform.apply($0) }, depths: depths, score: score)
    }

    func mean(_ indices: [Int]) -> Point {
        var x = 0.0, y = 0.0
        for i in indices {
            x += points[i].x
            y += points[i].y
        }
        return Point(x: x / Double(indices.count), y: y / Double(indices.count))
    }

    func distance(_ i: Int, _ j: Int) -> Double {
        let dx = points[i].x - points[j].x, dy = points[i].y - points[j].y
        return (dx * dx + dy * dy).squareRoot()
    }
}
