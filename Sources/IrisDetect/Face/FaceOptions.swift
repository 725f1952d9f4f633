/// Face-detector settings beyond Core Image's options: how faces are found (dlib's HOG templates or an
/// OpenCV cascade), which model, and, for comparisons with OpenCV, `detectMultiScale`'s parameters.
/// Defaults follow `DetectorOptions.accuracy`: `.high` runs the HOG model, `.low` the cascade. A cascade
/// at `.high` also scans the picture turned by ±10° and pools the evidence (`tiltAngles`); setting any of
/// OpenCV's parameters gives exactly `detectMultiScale`'s single upright scan and grouping instead.
///
///     var options = DetectorOptions(); options.face.scaleFactor = 1.1; options.face.minNeighbors = 3
public struct FaceOptions: Sendable, Equatable {
    /// How faces are found.
    public enum Method: String, Sendable, CaseIterable {
        /// dlib's HOG templates (front, left and right looking, turned ±27°): finds more faces, with tight
        /// boxes, at several times the cascade's cost.
        case hog
        /// An OpenCV Haar or LBP cascade (`cascade`): fast; exactly `detectMultiScale` when its parameters are set.
        case cascade
    }

    /// nil: `.hog` at `.high` accuracy, unless a cascade setting is given (a cascade file other than the
    /// default, an OpenCV parameter or tilt angles); `.cascade` at `.low`.
    public var method: Method?
    /// A dlib HOG detector (`.svm`, as dlib's train_object_detector writes); nil: the bundled dlib face model.
    public var hogModel: String?
    /// A cascade file: absolute, or relative to `cascadeDirectory` (Debian's `opencv-data`).
    public var cascade: String
    public var cascadeDirectory: String
    /// OpenCV's scaleFactor; nil: 1.1 for `.high`, 1.2 for `.low`.
    public var scaleFactor: Double?
    /// OpenCV's minNeighbors; nil: 3 for `.high`, 2 for `.low`.
    public var minNeighbors: Int?
    /// The smallest face in pixels (OpenCV's minSize); nil: `minimumFeatureSize`, else the cascade's window.
    public var minimumPixels: Int?
    /// In-plane angles in degrees (counter-clockwise) scanned besides upright, for tilted heads. Windows from
    /// all views are grouped together, needing more neighbours (`minNeighbors` × (1 + angles / 2)) and members
    /// from at least two views, and overlapping boxes are reduced to the strongest. nil: [-10, 10] for `.high`
    /// unless `scaleFactor`, `minNeighbors` or `minimumPixels` is set, none otherwise; [] turns it off.
    public var tiltAngles: [Double]?
    /// Look for eyes and mouth with a model (off: geometric positions only, faster).
    public var landmarks: Bool
    /// Which model places eyes and mouth and decides smile, blink and the face's angle.
    public enum LandmarkModel: String, Sendable, CaseIterable {
        /// MediaPipe's 468-point face landmark model (bundled), on every face: a few ms a face.
        case mesh
        /// OpenCV's eye and smile cascades (Debian's opencv-data): no angle, weaker smile and blink answers.
        case cascades
    }
    public var landmarkModel: LandmarkModel
    /// Keep only faces the landmark model also sees as faces (its score at least `FaceMesh.trustedScore`),
    /// as MediaPipe does. On the bundled evaluation clips this removes all 71 false faces the detectors
    /// report (QR cards, textures) and no true one; on dlib's 18 training faces it loses one 37-px face.
    public var landmarksConfirmFaces: Bool

    public static let defaultCascade = "haarcascades/haarcascade_frontalface_alt2.xml"

    public init(
        cascade: String = FaceOptions.defaultCascade, cascadeDirectory: String = "/usr/share/opencv4",
        scaleFactor: Double? = nil, minNeighbors: Int? = nil, minimumPixels: Int? = nil, tiltAngles: [Double]? = nil,
        landmarks: Bool = true, method: Method? = nil, hogModel: String? = nil, landmarkModel: LandmarkModel = .mesh,
        landmarksConfirmFaces: Bool = true
    ) {
        self.method = method
        self.hogModel = hogModel
        self.cascade = cascade
        self.cascadeDirectory = cascadeDirectory
        self.scaleFactor = scaleFactor
        self.minNeighbors = minNeighbors
        self.minimumPixels = minimumPixels
        self.tiltAngles = tiltAngles
        self.landmarks = landmarks
        self.landmarkModel = landmarkModel
        self.landmarksConfirmFaces = landmarksConfirmFaces
    }

    /// The method used at `accuracy`: the set one, else HOG at `.high` when no cascade setting is given.
    public func method(for accuracy: DetectorOptions.Accuracy) -> Method {
        if let method { return method }
        let setsCascade = setsOpenCVParameters || tiltAngles != nil || cascade != Self.defaultCascade
        return accuracy == .high && !setsCascade ? .hog : .cascade
    }

    /// The smallest face the HOG scan looks for when neither `minimumPixels` nor `minimumFeatureSize` is
    /// set: half the dlib model's 80-pixel window, so the picture is doubled once (as dlib's examples do).
    static let defaultHOGMinimumPixels = 40

    /// The tilts scanned at `accuracy`: the set ones, else ±10° at `.high` when no OpenCV parameter is set.
    func tilts(for accuracy: DetectorOptions.Accuracy) -> [Double] {
        if let tiltAngles { return tiltAngles.filter { $0 != 0 } }
        return accuracy == .high && !setsOpenCVParameters ? Self.defaultTilts : []
    }

    /// Whether any of `detectMultiScale`'s parameters is given: the caller wants OpenCV's own search.
    var setsOpenCVParameters: Bool { scaleFactor != nil || minNeighbors != nil || minimumPixels != nil }

    static let defaultTilts: [Double] = [-10, 10]

    /// The cascade's full path.
    public var cascadePath: String { path(of: cascade) }

    func path(of file: String) -> String {
        file.hasPrefix("/")
            ? file : (cascadeDirectory.hasSuffix("/") ? cascadeDirectory : cascadeDirectory + "/") + file
    }

    func validated() throws(DetectorError) -> FaceOptions {
        if let s = scaleFactor, !(s > 1 && s < 4) {
            throw .invalidOption(
                name: "face.scaleFactor", value: "\(s)", expected: "a number above 1 (OpenCV uses 1.1)")
        }
        if let n = minNeighbors, n < 0 {
            throw .invalidOption(name: "face.minNeighbors", value: "\(n)", expected: "0 or more")
        }
        if let p = minimumPixels, p < 0 {
            throw .invalidOption(name: "face.minimumPixels", value: "\(p)", expected: "0 or more")
        }
        if let angles = tiltAngles, let bad = angles.first(where: { !(abs($0) < 90) }) {
            throw .invalidOption(
                name: "face.tiltAngles", value: "\(bad)",
                expected: "degrees between -90 and 90 (turned frames: use FeatureOptions.orientation)")
        }
        return self
    }
}
