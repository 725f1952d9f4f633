import ArgumentParser
import IrisDetect
import IrisPipeline

/// What is read inside each face, the same options for `iris detect`, `iris eval` and `iris run`: which
/// landmark model, and Core Image's per-call smile and blink switches.
struct FaceLandmarkArguments: ParsableArguments {
    @Flag(help: "Faces: skip the landmark models (geometric eye and mouth positions only; no smile, blink or angle).")
    var noLandmarks = false
    @Option(
        help: """
            Faces: what places eyes and mouth and decides smile, blink and angle: mesh (MediaPipe's 468-point \
            landmark model, bundled; default) or cascades (OpenCV's eye and smile cascades).
            """) var landmarkModel: FaceOptions.LandmarkModel?
    @Flag(help: "Faces: keep faces the landmark model does not see as faces (by default they are dropped).")
    var keepUnconfirmedFaces = false
    @Flag(help: "Faces: decide whether each face smiles (smile and smileScore in the output; needs face in --detect).")
    var smile = false
    @Flag(help: "Faces: decide whether each eye is closed (leftEyeClosed, rightEyeClosed; needs face in --detect).")
    var blink = false

    /// Smile and blink are read from faces: asked for with no face detector, they would silently do nothing.
    func check(detecting types: [DetectorType]) throws {
        guard !types.contains(.face) else { return }
        for (flag, asked) in [("--smile", smile), ("--blink", blink)] where asked {
            throw CLIError.message("\(flag) is decided on faces, and no face detector runs: add face to --detect")
        }
    }

    func apply(to face: inout FaceOptions) {
        if noLandmarks { face.landmarks = false }
        if let landmarkModel { face.landmarkModel = landmarkModel }
        if keepUnconfirmedFaces { face.landmarksConfirmFaces = false }
    }
}

extension FaceOptions.LandmarkModel: ExpressibleByArgument {}

extension FaceLandmarkArguments {
    /// The same switches on a pipeline's detection settings; what is not given keeps the configuration's value.
    func apply(to detection: inout DetectionSettings) {
        if noLandmarks { detection.landmarks = false }
        if let landmarkModel { detection.landmarkModel = landmarkModel }
        if smile { detection.smile = true }
        if blink { detection.blink = true }
    }
}
