import IrisCore

extension FaceFeature {
    /// Takes eyes, mouth and angle from the landmark model's points, and smile (from `landmarker`'s emotion
    /// model) and blink when asked. A mesh the model itself doubts (score under `FaceMesh.trustedScore`) is
    /// kept for inspection but changes nothing else: the detector's box stays, with geometric eyes and mouth.
    mutating func adopt(_ mesh: FaceMesh, in plane: LumaPlane, options: FeatureOptions, landmarker: FaceMeshLandmarker)
    {
        self.mesh = mesh
        guard mesh.score >= FaceMesh.trustedScore else { return }
        leftEyePosition = mesh.pictureLeftEye
        rightEyePosition = mesh.pictureRightEye
        mouthPosition = mesh.mouth
        hasLeftEyePosition = true
        hasRightEyePosition = true
        hasMouthPosition = true
        faceAngle = mesh.eyeLineAngle
        hasFaceAngle = true
        var expression = FaceExpression(mesh, in: plane)
        if options.smile {
            expression.happiness = landmarker.emotions.probabilities(of: mesh, in: plane)?[EmotionModel.happy]
        }
        self.expression = expression
        if options.smile {
            hasSmile = expression.smiles
            smileScore = expression.happiness
            smileChecked = true
        }
        if options.eyeBlink {
            leftEyeClosed = expression.pictureLeftEyeClosed
            rightEyeClosed = expression.pictureRightEyeClosed
            eyeBlinkChecked = true
        }
    }
}

extension FaceMesh {
    /// MediaPipe's own threshold on the face-presence score.
    public static let trustedScore = 0.5
}
