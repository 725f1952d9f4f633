import IrisCore

/// The landmark model on faces the caller already has: from another detector's boxes, or from an earlier
/// frame. Both need a face detector made with `FaceOptions.landmarkModel == .mesh` (the default).
extension Detector {
    /// The face inside `box` (image coordinates of `luma`, as features come back), read by the landmark
    /// model alone, without a search: nil when the model sees no face there (or this detector runs no
    /// landmark model).
    ///
    ///     let face = detector.face(in: Rect(x: 120, y: 300, width: 170, height: 170), of: luma, options: options)
    public func face(in box: Rect, of luma: LumaPlane, options: FeatureOptions = .init()) -> FaceFeature? {
        guard let landmarker = faceModels?.mesh, luma.width > 0, luma.height > 0 else { return nil }
        let upright = luma.oriented(options.orientation)
        let toStored = Self.storedCoordinates(of: upright, storedAs: luma, orientation: options.orientation)
        guard let toUpright = toStored.inverted else { return nil }
        let uprightBox = toUpright.apply(box)
        guard
            let mesh = landmarker.mesh(
                in: upright, faceBox: uprightBox, refine: self.options.accuracy == .high,
                closeUps: options.eyeBlink), mesh.score >= FaceMesh.trustedScore
        else { return nil }
        var face = FaceLandmarks.geometric(
            WindowRect(
                x: Int(uprightBox.x.rounded()), y: Int(uprightBox.y.rounded()),
                width: Int(uprightBox.width.rounded()), height: Int(uprightBox.height.rounded())))
        face.adopt(mesh, in: upright, options: options, landmarker: landmarker)
        return face.applying(toStored)
    }

    /// Faces found on an earlier frame, followed onto `luma` by their landmarks alone, as MediaPipe follows a
    /// face between detections: each face's window is fitted to its last points, the model runs once, and
    /// box, eyes, mouth, angle, smile and blink move with it (the box shifts with the eyes' midpoint and
    /// scales with their distance). A face the model no longer sees (score under `FaceMesh.trustedScore`)
    /// is dropped; a face without a mesh is kept as it was. Tracking IDs are kept. Faces are in the image
    /// coordinates features come back in; `options.orientation` must be the one they were found with.
    ///
    ///     faces = detector.following(faces, in: nextFrameLuma, options: options)
    public func following(_ faces: [FaceFeature], in luma: LumaPlane, options: FeatureOptions = .init())
        -> [FaceFeature]
    {
        guard let landmarker = faceModels?.mesh, luma.width > 0, luma.height > 0 else { return faces }
        let upright = luma.oriented(options.orientation)
        let toStored = Self.storedCoordinates(of: upright, storedAs: luma, orientation: options.orientation)
        guard let toUpright = toStored.inverted else { return faces }
        return faces.compactMap { stored in
            guard let previousMesh = stored.mesh, previousMesh.score >= FaceMesh.trustedScore else { return stored }
            let previous = stored.applying(toUpright)
            guard let old = previous.mesh,
                let mesh = landmarker.mesh(in: upright, following: old, closeUps: options.eyeBlink),
                mesh.score >= FaceMesh.trustedScore
            else { return nil }
            var face = previous
            face.corners = Self.box(previous.corners, movedFrom: old, to: mesh)
            face.adopt(mesh, in: upright, options: options, landmarker: landmarker)
            return face.applying(toStored)
        }
    }

    /// `corners` carried along as the eyes move: shifted with their midpoint, scaled about it with their distance.
    private static func box(_ corners: Quadrilateral, movedFrom old: FaceMesh, to new: FaceMesh) -> Quadrilateral {
        let a0 = old.pictureLeftEye, b0 = old.pictureRightEye, a1 = new.pictureLeftEye, b1 = new.pictureRightEye
        let m0 = Point(x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2),
            m1 = Point(x: (a1.x + b1.x) / 2, y: (a1.y + b1.y) / 2)
        let d0 = ((b0.x - a0.x) * (b0.x - a0.x) + (b0.y - a0.y) * (b0.y - a0.y)).squareRoot()
        let d1 = ((b1.x - a1.x) * (b1.x - a1.x) + (b1.y - a1.y) * (b1.y - a1.y)).squareRoot()
        let scale = d0 > 0 ? d1 / d0 : 1
        func move(_ p: Point) -> Point { Point(x: m1.x + (p.x - m0.x) * scale, y: m1.y + (p.y - m0.y) * scale) }
        return Quadrilateral(
            topLeft: move(corners.topLeft), topRight: move(corners.topRight),
            bottomLeft: move(corners.bottomLeft), bottomRight: move(corners.bottomRight))
    }
}
