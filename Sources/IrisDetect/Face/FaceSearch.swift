import IrisCore

/// The face detector's pipeline on an upright luma plane: the multi-scale cascade scan (with tilted views
/// at `.high` accuracy, `TiltedScan`), grouping, then landmarks, smile and blink inside each face. With
/// OpenCV's parameters set and no tilts it is exactly `detectMultiScale`. Results are in top-left pixel
/// coordinates of the plane.
struct FaceSearch: Sendable {
    let models: FaceModels
    let scanner: CascadeScanner
    let minNeighbors: Int
    /// In-plane angles scanned besides upright (empty: one upright scan).
    let tilts: [Double]
    /// OpenCV's grouping alone, without reducing overlapping boxes: the caller asked for `detectMultiScale`.
    let matchesOpenCV: Bool

    init(models: FaceModels, options: DetectorOptions, plane: LumaPlane) {
        self.models = models
        let face = options.face
        var scanner = CascadeScanner(model: models.face)
        scanner.scaleFactor = face.scaleFactor ?? (options.accuracy == .high ? 1.1 : 1.2)
        let fromFraction = options.minimumFeatureSize.map { Int(($0 * Double(min(plane.width, plane.height))).rounded(.up)) }
        scanner.minimumSize = face.minimumPixels ?? fromFraction
        self.scanner = scanner
        minNeighbors = face.minNeighbors ?? (options.accuracy == .high ? 3 : 2)
        tilts = face.tilts(for: options.accuracy)
        matchesOpenCV = tilts.isEmpty && face.setsOpenCVParameters
    }

    func faces(in plane: LumaPlane, options: FeatureOptions, landmarks: Bool) -> [FaceFeature] {
        let packed = plane.packed
        let groups: [WindowGrouping.Group]
        if !tilts.isEmpty {
            groups = TiltedScan(scanner: scanner, tilts: tilts, minNeighbors: minNeighbors).groups(in: packed)
        } else {
            let upright = WindowGrouping.group(scanner.candidates(in: packed), minNeighbors: minNeighbors)
            groups = matchesOpenCV ? upright : WindowGrouping.suppressingOverlaps(upright)
        }
        return groups.map { group in
            let r = group.rect
            var face = FaceLandmarks.geometric(r)
            face.neighbors = group.neighbors
            if landmarks { FaceLandmarks(models: models).refine(&face, box: r, in: packed, options: options) }
            return face
        }
    }
}
