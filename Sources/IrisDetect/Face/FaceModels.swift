/// The models a face detector runs: the face finder (required: a missing or broken file is an error when
/// the detector is made) and either the bundled landmark model or the eye and smile cascades (optional:
/// without them, eyes and mouth take their geometric places).
struct FaceModels: Sendable {
    enum Finder: Sendable {
        case cascade(CascadeModel)
        case hog(HOGDetectorModel)
    }

    let finder: Finder
    let eye: CascadeModel?
    let smile: CascadeModel?
    let mesh: FaceMeshLandmarker?

    static let eyeCascade = "haarcascades/haarcascade_eye.xml"
    static let smileCascade = "haarcascades/haarcascade_smile.xml"

    init(options: DetectorOptions) throws(DetectorError) {
        let face = options.face
        switch face.method(for: options.accuracy) {
        case .cascade: finder = .cascade(try ModelCache.cascade(at: face.cascadePath))
        case .hog: finder = .hog(try ModelCache.hogDetector(at: face.hogModel))
        }
        let cascades = face.landmarks && face.landmarkModel == .cascades
        eye = cascades ? try? ModelCache.cascade(at: face.path(of: Self.eyeCascade)) : nil
        smile = cascades ? try? ModelCache.cascade(at: face.path(of: Self.smileCascade)) : nil
        mesh = face.landmarks && face.landmarkModel == .mesh ? try FaceMeshLandmarker.bundled() : nil
    }
}
