/// The models a face detector runs: the face finder (required: a missing or broken file is an error when
/// the detector is made) and the eye and smile cascades for landmarks (optional: without them, eyes and
/// mouth take their geometric places).
struct FaceModels: Sendable {
    enum Finder: Sendable {
        case cascade(CascadeModel)
        case hog(HOGDetectorModel)
    }

    let finder: Finder
    let eye: CascadeModel?
    let smile: CascadeModel?

    static let eyeCascade = "haarcascades/haarcascade_eye.xml"
    static let smileCascade = "haarcascades/haarcascade_smile.xml"

    init(options: DetectorOptions) throws(DetectorError) {
        let face = options.face
        switch face.method(for: options.accuracy) {
        case .cascade: finder = .cascade(try ModelCache.cascade(at: face.cascadePath))
        case .hog: finder = .hog(try ModelCache.hogDetector(at: face.hogModel))
        }
        eye = face.landmarks ? try? ModelCache.cascade(at: face.path(of: Self.eyeCascade)) : nil
        smile = face.landmarks ? try? ModelCache.cascade(at: face.path(of: Self.smileCascade)) : nil
    }
}
