import Foundation
import IrisCore
import IrisNeural

/// Runs the bundled face landmark model on a window of a luma plane and maps its points back onto the
/// plane. Immutable and shareable: each call works in its own buffers.
///
///     let mesh = try FaceMeshLandmarker.bundled().mesh(in: plane, region: FaceMeshRegion(faceBox: box))
struct FaceMeshLandmarker: Sendable {
    let model: TFLiteModel

    /// The model is parsed once per process (its weights are unpacked then) and shared by every detector.
    static func bundled() throws(DetectorError) -> FaceMeshLandmarker {
        switch bundledModel {
        case .success(let model): FaceMeshLandmarker(model: model)
        case .failure(let error): throw .landmarkModelMalformed(reason: "\(error)")
        }
    }

    private static let bundledModel: Result<TFLiteModel, TFLiteError> = Result { () throws(TFLiteError) in
        try TFLiteModel(bytes: FaceMeshModel.tfliteBytes)
    }

    /// The points inside `region`, in the plane's top-left pixel coordinates.
    func mesh(in plane: LumaPlane, region: FaceMeshRegion) -> FaceMesh? {
        let side = FaceMeshModel.inputSide
        guard let outputs = try? model.run([plane.faceMeshInput(region, side: side)]),
              outputs.count == 2, outputs[0].count == FaceMeshModel.pointCount * 3, let logit = outputs[1].first else { return nil }
        let coordinates = outputs[0]
        var points: [Point] = [], depths: [Double] = []
        points.reserveCapacity(FaceMeshModel.pointCount); depths.reserveCapacity(FaceMeshModel.pointCount)
        for i in 0..<FaceMeshModel.pointCount {
            points.append(region.planePoint(u: Double(coordinates[3 * i]), v: Double(coordinates[3 * i + 1]), cropSide: Double(side)))
            depths.append(Double(coordinates[3 * i + 2]) * region.side / Double(side))
        }
        return FaceMesh(points: points, depths: depths, score: 1 / (1 + exp(-Double(logit))))
    }

    /// A first look from a detector's upright box, then a second through the window fitted to the first
    /// look's points and turned level with its eyes (what MediaPipe reads when it follows a face, and what
    /// the model reads best): always when `refine` (it halves the eye and mouth error on dlib's annotated
    /// photos), else only when the face turns more than `turnToFollow` degrees in the plane.
    func mesh(in plane: LumaPlane, faceBox: Rect, refine: Bool) -> FaceMesh? {
        guard let first = mesh(in: plane, region: FaceMeshRegion(faceBox: faceBox)) else { return nil }
        guard refine || abs(first.eyeLineAngle) > Self.turnToFollow else { return first }
        return mesh(in: plane, following: first) ?? first
    }

    /// The face again, through the window MediaPipe follows a face with: turned level and fitted to the
    /// points of a previous look (a frame earlier, or a first look at this one).
    func mesh(in plane: LumaPlane, following previous: FaceMesh) -> FaceMesh? {
        let region = FaceMeshRegion(points: previous.points, rightEyeOuter: previous.points[FaceMeshIndex.rightEyeOuter],
                                    leftEyeOuter: previous.points[FaceMeshIndex.leftEyeOuter])
        return mesh(in: plane, region: region)
    }

    static let turnToFollow = 10.0
}
