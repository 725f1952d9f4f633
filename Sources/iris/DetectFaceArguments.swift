import ArgumentParser
import IrisCore
import IrisDetect

/// `iris detect --detect face` options: the method (dlib's HOG model or a cascade), the model files, OpenCV's
/// detectMultiScale parameters (to compare with it on equal terms), and Core Image's per-call smile and
/// blink switches.
struct DetectFaceArguments: ParsableArguments {
    @Option(
        help: """
            Faces: hog (dlib's HOG templates: more faces, tight boxes) or cascade (OpenCV cascade: fast). \
            Default hog at high accuracy unless a cascade option below is given, cascade at low.
            """) var faceMethod: FaceOptions.Method?
    @Option(
        help:
            "Faces: a dlib HOG detector (.svm from dlib's train_object_detector; default the bundled dlib face model).")
    var hogModel: String?
    @Option(
        help:
            "Face cascade: a path, or a file under /usr/share/opencv4 (default haarcascades/haarcascade_frontalface_alt2.xml)."
    )
    var cascade: String?
    @Option(help: "Faces: window growth per pyramid level (OpenCV's scaleFactor; default 1.1 high, 1.2 low).")
    var scaleFactor: Double?
    @Option(help: "Faces: overlapping windows needed beyond the first (OpenCV's minNeighbors; default 3 high, 2 low).")
    var minNeighbors: Int?
    @Option(help: "Faces: smallest face in pixels (OpenCV's minSize).") var minPixels: Int?
    @Option(
        help: """
            Faces: in-plane angles in degrees scanned besides upright, comma-separated (--tilt-angles=-10,10), or \
            none (default -10,10 at high accuracy unless an OpenCV parameter above is given).
            """) var tiltAngles: AngleList?
    @OptionGroup var landmarks: FaceLandmarkArguments

    func apply(to options: inout DetectorOptions) {
        if let cascade { options.face.cascade = cascade }
        options.face.method = faceMethod
        options.face.hogModel = hogModel
        options.face.scaleFactor = scaleFactor
        options.face.minNeighbors = minNeighbors
        options.face.minimumPixels = minPixels
        options.face.tiltAngles = tiltAngles?.degrees
        landmarks.apply(to: &options.face)
    }

    func featureOptions(orientation: Orientation) -> FeatureOptions {
        FeatureOptions(orientation: orientation, smile: landmarks.smile, eyeBlink: landmarks.blink)
    }
}

/// `--tilt-angles -10,10` or `none`.
struct AngleList: ExpressibleByArgument {
    let degrees: [Double]

    init?(argument: String) {
        if argument == "none" {
            degrees = []
            return
        }
        let parts = argument.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        degrees = parts.compactMap { $0 }
    }
}

extension FaceOptions.Method: ExpressibleByArgument {}
