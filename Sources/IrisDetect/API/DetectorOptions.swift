import IrisCore

/// How hard a detector looks, set once when it is made. Core Image's detector creation options.
///
///     let options = DetectorOptions(accuracy: .low, minimumFeatureSize: 0.1)
public struct DetectorOptions: Sendable, Equatable {
    /// Core Image's `CIDetectorAccuracyLow` (live video) and `…High` (single photos).
    public enum Accuracy: String, Sendable, CaseIterable, Codable {
        case low, high
    }

    public var accuracy: Accuracy
    /// The smallest feature to report, as a fraction (0…1) of the image's shorter side. `nil` takes the
    /// detector's default: 0 for QR codes, 0.2 for rectangles (Core Image looks for the dominant quad).
    public var minimumFeatureSize: Double?
    /// For rectangles: the preferred ratio of the longer side to the shorter (Core Image's default 1.6).
    public var aspectRatio: Double
    /// For faces: the cascade and OpenCV-style search parameters.
    public var face = FaceOptions()
    /// For barcodes: the symbologies to read (Vision's `symbologies`); every one unless narrowed, which
    /// saves the time the others' searches take.
    public var symbologies: Set<BarcodeSymbology> = BarcodeSymbology.standard

    public init(accuracy: Accuracy = .high, minimumFeatureSize: Double? = nil, aspectRatio: Double = 1.6) {
        self.accuracy = accuracy
        self.minimumFeatureSize = minimumFeatureSize
        self.aspectRatio = aspectRatio
    }

    func validated() throws(DetectorError) -> DetectorOptions {
        if let size = minimumFeatureSize, !(size >= 0 && size <= 1) {
            throw .invalidOption(name: "minimumFeatureSize", value: "\(size)", expected: "a fraction between 0 and 1")
        }
        guard aspectRatio.isFinite, aspectRatio > 0 else {
            throw .invalidOption(name: "aspectRatio", value: "\(aspectRatio)", expected: "a positive number")
        }
        guard !symbologies.isEmpty else {
            throw .invalidOption(
                name: "symbologies", value: "[]", expected: "at least one of \(BarcodeSymbologyError.expected)")
        }
        return self
    }
}

/// Per-call options. Core Image's `featuresInImage:options:` dictionary.
///
///     let features = try detector.features(in: frame, options: FeatureOptions(orientation: .right))
public struct FeatureOptions: Sendable, Equatable {
    /// How the image is stored (EXIF 1–8). The detector looks at the upright picture, and reports features
    /// in the coordinates of the image it was given, as Core Image does.
    public var orientation: Orientation
    /// For faces: decide `hasSmile` (Core Image's `CIDetectorSmile`).
    public var smile: Bool
    /// For faces: decide `leftEyeClosed`/`rightEyeClosed` (Core Image's `CIDetectorEyeBlink`).
    public var eyeBlink: Bool

    public init(orientation: Orientation = .up, smile: Bool = false, eyeBlink: Bool = false) {
        self.orientation = orientation
        self.smile = smile
        self.eyeBlink = eyeBlink
    }
}
