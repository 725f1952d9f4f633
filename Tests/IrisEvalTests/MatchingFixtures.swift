import IrisCore
import IrisDetect
import IrisEval

/// Short constructors for hand-made frames: boxes as (x, y, width, height), bottom-left.
enum MatchingFixtures {
    static func box(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(x: x, y: y, width: width, height: height)
    }

    static func face(_ id: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double, visibility: Double = 1)
        -> TruthObject
    {
        TruthObject(id: id, kind: .face, bounds: box(x, y, width, height), visibility: visibility)
    }

    static func found(_ x: Double, _ y: Double, _ width: Double, _ height: Double, track: Int? = nil) -> Detection {
        Detection(kind: .face, bounds: box(x, y, width, height), trackingID: track)
    }

    /// The axis-aligned square quad with corners named as drawn.
    static func square(_ x: Double, _ y: Double, _ side: Double) -> Quadrilateral {
        rectangle(x, y, side, side)
    }

    static func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Quadrilateral {
        Quadrilateral(
            topLeft: Point(x: x, y: y + height), topRight: Point(x: x + width, y: y + height),
            bottomLeft: Point(x: x, y: y), bottomRight: Point(x: x + width, y: y))
    }

    static func quadDetection(_ kind: DetectorType, _ quad: Quadrilateral, message: String? = nil) -> Detection {
        Detection(kind: kind, bounds: quad.bounds, corners: quad, message: message)
    }

    static func frame(_ index: Int, _ objects: [TruthObject]) -> FrameTruth {
        FrameTruth(frame: index, objects: objects)
    }
}
