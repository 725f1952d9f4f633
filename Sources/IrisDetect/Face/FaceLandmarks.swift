import IrisCore

/// Eyes and mouth inside a found face. The face is cut out and scaled to a fixed width, so the eye and
/// smile cascades see the same sizes whatever the face's size, and searched where each part can be: the
/// eyes in the upper half's left and right quarters, the mouth in the lower third. Parts the models do not
/// find keep the places they have in an average frontal face, with their has-flags off.
struct FaceLandmarks {
    let models: FaceModels

    /// Width of the face crop the part models search; eyes are then about 25 px, the eye model's window 20.
    static let cropWidth = 120

    /// Where eyes and mouth sit in the boxes OpenCV's frontal cascades return (measured on dlib's faces).
    static func geometric(_ r: WindowRect) -> FaceFeature {
        func at(_ fx: Double, _ fy: Double) -> Point {
            Point(x: Double(r.x) + fx * Double(r.width), y: Double(r.y) + fy * Double(r.height))
        }
        let x0 = Double(r.x), y0 = Double(r.y), x1 = x0 + Double(r.width), y1 = y0 + Double(r.height)
        return FaceFeature(
            corners: Quadrilateral(
                topLeft: Point(x: x0, y: y0), topRight: Point(x: x1, y: y0),
                bottomLeft: Point(x: x0, y: y1), bottomRight: Point(x: x1, y: y1)),
            leftEyePosition: at(0.32, 0.40), rightEyePosition: at(0.68, 0.40), mouthPosition: at(0.5, 0.78))
    }

    /// The box haarcascade_frontalface_alt2 gives for the face dlib's HOG model boxes as `hog`: the cascade's
    /// box is larger and reaches higher, so landmark places and search regions tuned for it apply to both.
    /// Median ratios of the two detectors' boxes on the same 18 faces (dlib's example photos, the astronaut).
    static func cascadeBox(ofHOGBox hog: WindowRect) -> WindowRect {
        let scale = hogToCascadeScale, side = Double(hog.width) * scale
        let centreX = Double(hog.x) + Double(hog.width) * 0.5,
            centreY = Double(hog.y) + Double(hog.height) * hogToCascadeCentreY
        return WindowRect(
            x: Int((centreX - side / 2).rounded()), y: Int((centreY - side / 2).rounded()),
            width: Int(side.rounded()), height: Int(side.rounded()))
    }

    /// The inverse of `cascadeBox(ofHOGBox:)`: the tight box dlib's model would give for a cascade's face.
    static func hogBox(ofCascadeBox box: WindowRect) -> WindowRect {
        let side = Double(box.width) / hogToCascadeScale
        let centreX = Double(box.x) + Double(box.width) * 0.5
        let top = Double(box.y) + Double(box.height) * 0.5 - side * hogToCascadeCentreY
        return WindowRect(
            x: Int((centreX - side / 2).rounded()), y: Int(top.rounded()),
            width: Int(side.rounded()), height: Int(side.rounded()))
    }

    static let hogToCascadeScale = 1.07
    static let hogToCascadeCentreY = 0.46

    func refine(_ face: inout FaceFeature, box r: WindowRect, in plane: LumaPlane, options: FeatureOptions) {
        guard models.eye != nil || models.smile != nil else { return }
        let crop = Self.crop(plane, r)
        let k = Double(r.width) / Double(Self.cropWidth)
        func toPlane(_ c: (Double, Double)) -> Point { Point(x: Double(r.x) + c.0 * k, y: Double(r.y) + c.1 * k) }
        let w = crop.width, h = crop.height
        if let eye = models.eye {
            let left = Self.strongest(
                eye, in: crop, region: WindowRect(x: 0, y: h / 6, width: w / 2, height: h * 2 / 5), minNeighbors: 1)
            let right = Self.strongest(
                eye, in: crop, region: WindowRect(x: w / 2, y: h / 6, width: w - w / 2, height: h * 2 / 5),
                minNeighbors: 1)
            if let left {
                face.leftEyePosition = toPlane(Self.centre(left.rect))
                face.hasLeftEyePosition = true
            }
            if let right {
                face.rightEyePosition = toPlane(Self.centre(right.rect))
                face.hasRightEyePosition = true
            }
            if options.eyeBlink {
                face.leftEyeClosed = left == nil
                face.rightEyeClosed = right == nil
                face.eyeBlinkChecked = true
            }
        }
        if let smile = models.smile {
            face.smileChecked = options.smile
            let region = WindowRect(x: w / 8, y: h * 3 / 5, width: w * 3 / 4, height: h - h * 3 / 5)
            if let mouth = Self.strongest(smile, in: crop, region: region, minNeighbors: 2) {
                // The smile box covers the lips; its centre is the mouth.
                face.mouthPosition = toPlane(Self.centre(mouth.rect))
                face.hasMouthPosition = true
                // A smile lights up many neighbouring windows; a closed mouth only a few.
                if options.smile { face.hasSmile = mouth.neighbors >= 12 }
            }
        }
    }

    private static func centre(_ r: WindowRect) -> (Double, Double) {
        (Double(r.x) + Double(r.width) / 2, Double(r.y) + Double(r.height) / 2)
    }

    /// The face box scaled to `cropWidth` pixels wide (bilinear), clipped to the plane.
    private static func crop(_ plane: LumaPlane, _ r: WindowRect) -> LumaPlane {
        let cut = plane.cropped(r)
        guard cut.width > 0 else { return LumaPlane(width: cropWidth, height: cropWidth, value: 0) }
        let scale = Double(cropWidth) / Double(r.width)
        return cut.resizedBilinear(
            width: max(Int((Double(cut.width) * scale).rounded()), 1),
            height: max(Int((Double(cut.height) * scale).rounded()), 1))
    }

    /// The group with the most neighbours that a part model finds inside `region` of `plane`.
    private static func strongest(_ model: CascadeModel, in plane: LumaPlane, region: WindowRect, minNeighbors: Int)
        -> WindowGrouping.Group?
    {
        let x0 = max(region.x, 0), y0 = max(region.y, 0)
        let x1 = min(region.x + region.width, plane.width), y1 = min(region.y + region.height, plane.height)
        guard x1 - x0 >= model.windowWidth, y1 - y0 >= model.windowHeight else { return nil }
        var bytes = [UInt8](repeating: 0, count: (x1 - x0) * (y1 - y0))
        for y in y0..<y1 {
            for x in x0..<x1 { bytes[(y - y0) * (x1 - x0) + x - x0] = plane.bytes[y * plane.bytesPerRow + x] }
        }
        var scanner = CascadeScanner(model: model)
        scanner.singleThreaded = true
        let groups = WindowGrouping.group(
            scanner.candidates(in: LumaPlane(width: x1 - x0, height: y1 - y0, bytes: bytes)),
            minNeighbors: minNeighbors)
        guard var best = groups.max(by: { $0.neighbors < $1.neighbors }) else { return nil }
        best.rect.x += x0
        best.rect.y += y0
        return best
    }
}
