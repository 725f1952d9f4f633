import Foundation
import IrisCore
import IrisNeural

/// Runs the bundled face landmark models on a window of a luma plane and maps their points back onto the
/// plane. The plain model finds the mesh and says whether a face is there at all; when blink is asked,
/// the attention model looks again through the same window, and its close-ups of the lips and eyes
/// replace the plain mesh's (the plain model keeps the lids of shut eyes apart; the attention model's own
/// presence score lets clutter through, so the plain model's decides). Immutable and shareable: each call
/// works in its own buffers.
///
///     let mesh = try FaceMeshLandmarker.bundled().mesh(in: plane, region: FaceMeshRegion(faceBox: box))
struct FaceMeshLandmarker: Sendable {
    let model: TFLiteModel
    let closeUps: CloseUpReader
    /// The expression model smile is read with.
    let emotions: EmotionClassifier

    /// The attention model and where its mesh, presence logit and close-ups sit among its outputs.
    struct CloseUpReader: Sendable {
        let model: TFLiteModel
        private let meshOutput: Int, presenceOutput: Int
        private let refinements: [(output: Int, meshIndices: [Int])]

        init(model: TFLiteModel) throws(DetectorError) {
            let names = model.outputs.map(\.name)
            func position(_ name: String, values: Int) throws(DetectorError) -> Int {
                guard let i = names.firstIndex(of: name), model.outputs[i].elementCount == values else {
                    throw .landmarkModelMalformed(
                        reason:
                            "the attention model has no output \(name) of \(values) values (outputs: \(model.outputs))")
                }
                return i
            }
            self.model = model
            meshOutput = try position(FaceMeshModel.meshOutput, values: FaceMeshModel.meshPointCount * 3)
            presenceOutput = try position(FaceMeshModel.presenceOutput, values: 1)
            var refinements: [(output: Int, meshIndices: [Int])] = []
            for refinement in FaceMeshModel.refinements {
                refinements.append(
                    (try position(refinement.output, values: refinement.meshIndices.count * 2), refinement.meshIndices))
            }
            self.refinements = refinements
        }

        /// The mesh with its lips and eyes replaced by the close-ups' points (x and y; depth stays the
        /// mesh's) and the irises after it at the mean depth of their eye's contour, as MediaPipe's own
        /// graph refines them: crop pixels, with the model's own presence score.
        func read(_ input: [Float]) -> (points: [(u: Float, v: Float)], depths: [Float], logit: Float)? {
            guard let outputs = try? model.run([input]), let logit = outputs[presenceOutput].first else { return nil }
            var points = [(u: Float, v: Float)](repeating: (0, 0), count: FaceMeshModel.pointCountWithIrises)
            var depths = [Float](repeating: 0, count: FaceMeshModel.pointCountWithIrises)
            let coordinates = outputs[meshOutput]
            for i in 0..<FaceMeshModel.meshPointCount {
                points[i] = (coordinates[3 * i], coordinates[3 * i + 1])
                depths[i] = coordinates[3 * i + 2]
            }
            for (output, indices) in refinements {
                let values = outputs[output]
                for (k, i) in indices.enumerated() { points[i] = (values[2 * k], values[2 * k + 1]) }
            }
            for (iris, eye) in [
                (FaceMeshIndex.rightIris, FaceMeshIndex.rightEyeContour),
                (FaceMeshIndex.leftIris, FaceMeshIndex.leftEyeContour)
            ] {
                let depth = eye.map { depths[$0] }.reduce(0, +) / Float(eye.count)
                for i in iris..<iris + 5 { depths[i] = depth }
            }
            return (points, depths, logit)
        }
    }

    /// The models are parsed once per process (their weights are unpacked then) and shared by every detector.
    static func bundled() throws(DetectorError) -> FaceMeshLandmarker {
        let models = try bundledModels.get()
        return FaceMeshLandmarker(
            model: models.plain, closeUps: try CloseUpReader(model: models.attention),
            emotions: try EmotionClassifier.bundled())
    }

    private static let bundledModels: Result<(plain: TFLiteModel, attention: TFLiteModel), DetectorError> = Result {
        () throws(DetectorError) in
        (try BundledModel.faceLandmark.interpreter(), try BundledModel.faceLandmarkWithAttention.interpreter())
    }

    /// The plain model's 468 points inside `region`, in the plane's top-left pixel coordinates.
    func mesh(in plane: LumaPlane, region: FaceMeshRegion) -> FaceMesh? {
        let side = FaceMeshModel.inputSide
        guard let outputs = try? model.run([plane.faceMeshInput(region, side: side)]),
            outputs.count == 2, outputs[0].count == FaceMeshModel.meshPointCount * 3, let logit = outputs[1].first
        else { return nil }
        let coordinates = outputs[0]
        let points = (0..<FaceMeshModel.meshPointCount).map { (u: coordinates[3 * $0], v: coordinates[3 * $0 + 1]) }
        let depths = (0..<FaceMeshModel.meshPointCount).map { coordinates[3 * $0 + 2] }
        return Self.mesh(points, depths, logit: logit, region: region)
    }

    /// The attention model's 478 points inside `region`, with `presence` as its score (the plain model's).
    func closeUpMesh(in plane: LumaPlane, region: FaceMeshRegion, presence: Double) -> FaceMesh? {
        guard let read = closeUps.read(plane.faceMeshInput(region, side: FaceMeshModel.inputSide)) else { return nil }
        var mesh = Self.mesh(read.points, read.depths, logit: read.logit, region: region)
        mesh.score = presence
        return mesh
    }

    private static func mesh(_ crop: [(u: Float, v: Float)], _ depths: [Float], logit: Float, region: FaceMeshRegion)
        -> FaceMesh
    {
        let side = Double(FaceMeshModel.inputSide)
        return FaceMesh(
            points: crop.map { region.planePoint(u: Double($0.u), v: Double($0.v), cropSide: side) },
            depths: depths.map { Double($0) * region.side / side }, score: 1 / (1 + exp(-Double(logit))))
    }

    /// A first look from a detector's upright box, then a second through the window fitted to the first
    /// look's points and turned level with its eyes (what MediaPipe reads when it follows a face, and what
    /// the model reads best): always when `refine` (it halves the eye and mouth error on dlib's annotated
    /// photos) or `closeUps` (the second look is then the attention model's), else only when the face
    /// turns more than `turnToFollow` degrees in the plane.
    func mesh(in plane: LumaPlane, faceBox: Rect, refine: Bool, closeUps: Bool = false) -> FaceMesh? {
        guard let first = mesh(in: plane, region: FaceMeshRegion(faceBox: faceBox)) else { return nil }
        if closeUps {
            guard first.score >= FaceMesh.trustedScore else { return first }
            return closeUpMesh(in: plane, region: Self.region(following: first), presence: first.score) ?? first
        }
        guard refine || abs(first.eyeLineAngle) > Self.turnToFollow else { return first }
        return mesh(in: plane, following: first) ?? first
    }

    /// The face again, through the window MediaPipe follows a face with: turned level and fitted to the
    /// points of a previous look (a frame earlier, or a first look at this one). With `closeUps`, the
    /// attention model looks through the same window once the plain model has found the face there.
    func mesh(in plane: LumaPlane, following previous: FaceMesh, closeUps: Bool = false) -> FaceMesh? {
        let region = Self.region(following: previous)
        guard let plain = mesh(in: plane, region: region) else { return nil }
        guard closeUps, plain.score >= FaceMesh.trustedScore else { return plain }
        return closeUpMesh(in: plane, region: region, presence: plain.score) ?? plain
    }

    private static func region(following previous: FaceMesh) -> FaceMeshRegion {
        FaceMeshRegion(
            points: Array(previous.points.prefix(FaceMeshModel.meshPointCount)),
            rightEyeOuter: previous.points[FaceMeshIndex.rightEyeOuter],
            leftEyeOuter: previous.points[FaceMeshIndex.leftEyeOuter])
    }

    static let turnToFollow = 10.0
}
