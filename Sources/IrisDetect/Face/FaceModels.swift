/// The cascades a face detector runs: the face model (required: a missing or broken file is an error when
/// the detector is made) and the eye and smile models for landmarks (optional: without them, eyes and mouth
/// take their geometric places).
struct FaceModels: Sendable {
    let face: CascadeModel
    let eye: CascadeModel?
    let smile: CascadeModel?

    static let eyeCascade = "haarcascades/haarcascade_eye.xml"
    static let smileCascade = "haarcascades/haarcascade_smile.xml"

    init(options: FaceOptions) throws(DetectorError) {
        face = try CascadeCache.model(at: options.cascadePath)
        eye = options.landmarks ? try? CascadeCache.model(at: options.path(of: Self.eyeCascade)) : nil
        smile = options.landmarks ? try? CascadeCache.model(at: options.path(of: Self.smileCascade)) : nil
    }
}
