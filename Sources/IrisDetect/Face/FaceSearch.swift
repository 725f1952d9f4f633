import IrisCore

/// The face detector's pipeline on an upright luma plane: find face boxes (dlib's HOG templates, or the
/// multi-scale cascade scan with tilted views at `.high` accuracy, `TiltedScan`, and grouping), then
/// landmarks, smile and blink inside each face. With OpenCV's parameters set and no tilts the cascade path
/// is exactly `detectMultiScale`. Results are in top-left pixel coordinates of the plane.
struct FaceSearch: Sendable {
    enum Finder: Sendable {
        /// `tilts`: in-plane angles scanned besides upright (empty: one upright scan). `matchesOpenCV`:
        /// OpenCV's grouping alone, without reducing overlapping boxes (the caller asked for detectMultiScale).
        case cascade(CascadeScanner, minNeighbors: Int, tilts: [Double], matchesOpenCV: Bool)
        /// `upsampling`: how many times the picture is doubled so the smallest wanted face fills a window.
        case hog(HOGScanner, upsampling: Int)
    }

    let models: FaceModels
    let finder: Finder
    /// Two looks with the landmark model at `.high` accuracy, one at `.low` (live video) unless the face is turned.
    let refinesLandmarks: Bool

    init(models: FaceModels, options: DetectorOptions, plane: LumaPlane) {
        self.models = models
        refinesLandmarks = options.accuracy == .high
        let face = options.face
        let fromFraction = options.minimumFeatureSize.map {
            Int(($0 * Double(min(plane.width, plane.height))).rounded(.up))
        }
        switch models.finder {
        case .cascade(let model):
            var scanner = CascadeScanner(model: model)
            scanner.scaleFactor = face.scaleFactor ?? (options.accuracy == .high ? 1.1 : 1.2)
            scanner.minimumSize = face.minimumPixels ?? fromFraction
            let tilts = face.tilts(for: options.accuracy)
            finder = .cascade(
                scanner, minNeighbors: face.minNeighbors ?? (options.accuracy == .high ? 3 : 2), tilts: tilts,
                matchesOpenCV: tilts.isEmpty && face.setsOpenCVParameters)
        case .hog(let model):
            let smallest = face.minimumPixels ?? fromFraction ?? FaceOptions.defaultHOGMinimumPixels
            finder = .hog(
                HOGScanner(model: model),
                upsampling: Self.doublings(
                    window: min(model.windowWidth, model.windowHeight),
                    smallest: smallest))
        }
    }

    /// How often a picture must be doubled for a `window`-pixel template to find `smallest`-pixel faces
    /// (at most twice: 16 times the pixels already).
    static func doublings(window: Int, smallest: Int) -> Int {
        var reach = window, count = 0
        while reach > max(smallest, 1), count < 2 {
            reach = (reach + 1) / 2
            count += 1
        }
        return count
    }

    func faces(in plane: LumaPlane, options: FeatureOptions, landmarks: Bool) -> [FaceFeature] {
        let packed = plane.packed
        switch finder {
        case let .cascade(scanner, minNeighbors, tilts, matchesOpenCV):
            let groups: [WindowGrouping.Group]
            if !tilts.isEmpty {
                groups = TiltedScan(scanner: scanner, tilts: tilts, minNeighbors: minNeighbors).groups(in: packed)
            } else {
                let upright = WindowGrouping.group(scanner.candidates(in: packed), minNeighbors: minNeighbors)
                groups = matchesOpenCV ? upright : WindowGrouping.suppressingOverlaps(upright)
            }
            return groups.map { group in
                var face = FaceLandmarks.geometric(group.rect)
                face.neighbors = group.neighbors
                if landmarks {
                    refine(
                        &face, hogBox: FaceLandmarks.hogBox(ofCascadeBox: group.rect), cascadeBox: group.rect,
                        in: packed, options: options)
                }
                return face
            }
        case let .hog(scanner, upsampling):
            return scanner.detections(in: packed, upsampling: upsampling).map { found in
                let box = WindowRect(
                    x: found.rect.left, y: found.rect.top, width: found.rect.width, height: found.rect.height)
                // Eyes and mouth are placed and searched for in the box a frontal cascade would give.
                let cascadeBox = FaceLandmarks.cascadeBox(ofHOGBox: box)
                var face = FaceLandmarks.geometric(cascadeBox)
                face.corners = FaceLandmarks.geometric(box).corners
                face.confidence = found.confidence
                if landmarks { refine(&face, hogBox: box, cascadeBox: cascadeBox, in: packed, options: options) }
                return face
            }
        }
    }

    /// Eyes, mouth, angle, smile and blink from the landmark model, or from the eye and smile cascades.
    private func refine(
        _ face: inout FaceFeature, hogBox: WindowRect, cascadeBox: WindowRect, in plane: LumaPlane,
        options: FeatureOptions
    ) {
        if let landmarker = models.mesh {
            let box = Rect(
                x: Double(hogBox.x), y: Double(hogBox.y), width: Double(hogBox.width), height: Double(hogBox.height))
            if let mesh = landmarker.mesh(
                in: plane, faceBox: box, refine: refinesLandmarks,
                closeUps: options.eyeBlink)
            {
                face.adopt(mesh, in: plane, options: options, landmarker: landmarker)
            }
        } else {
            FaceLandmarks(models: models).refine(&face, box: cascadeBox, in: plane, options: options)
        }
    }
}
