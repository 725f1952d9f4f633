import IrisCore

/// Smile and blink read from a face's landmarks: shapes as ratios (so the face's size and turn do not
/// matter), and, for the eyes, what lies between the lids. Thresholds and how they were chosen: docs/detectors.md,
/// "Smile, blink and angle".
///
///     let expression = FaceExpression(mesh, in: plane); print(expression.smileRatio, expression.smiles)
public struct FaceExpression: Sendable, Hashable {
    /// How open each eye is: the mean gap between three pairs of facing lid points over the eye's
    /// corner-to-corner width (the eye aspect ratio of blink detectors; about 0.3 open, under 0.1 shut).
    public let pictureLeftEyeOpenness: Double
    public let pictureRightEyeOpenness: Double
    /// How much the eye's opening varies in brightness, (p90 − p10) / (p90 + p10) of the luma sampled
    /// between the lids: an open eye shows a dark iris against the white of the eye (0.3 and more on
    /// the astronaut); a lid or anything covering the eye is skin-coloured and flat.
    public let pictureLeftEyeContrast: Double
    public let pictureRightEyeContrast: Double
    /// Each eye's corner-to-corner width in pixels of the picture.
    public let pictureLeftEyeWidth: Double
    public let pictureRightEyeWidth: Double
    /// The mouth's corner-to-corner width over the distance between the outer eye corners: a smile pulls
    /// the corners apart.
    public let smileRatio: Double
    /// How far the mouth corners sit above the middle of the lips, over the eye distance, measured across
    /// the eye line (so a turned head does not count): a smile lifts the corners.
    public let mouthCornerLift: Double
    /// The gap between the inner lips over the eye distance: a laugh opens the mouth.
    public let mouthOpening: Double
    /// The three together: `smileRatio + 2 · mouthCornerLift + 0.5 · mouthOpening`. A shape measure, not a
    /// probability: about 0.4–0.6 on a closed neutral mouth, over 1 on a laugh; it decides only where the
    /// emotion model does not run (above `smilingScore`).
    public var smileShape: Double { smileRatio + 2 * mouthCornerLift + 0.5 * mouthOpening }
    /// Contrast down the middle of the mouth, from the upper lip's outer edge to the lower lip's, as for
    /// the eyes: lips and the line between them against the skin; a covered mouth is flat.
    public let lipContrast: Double
    /// The emotion model's probability that the face is happy (`EmotionClassifier`), when it ran (smile
    /// asked): it decides `smiles` then.
    public var happiness: Double?

    /// An eye reads closed when its lids nearly meet: the midpoint of the best split of the tuning faces in
    /// `tools/faceattrs/labels.json` (`tools/face-attributes-eval` prints it), between a laugh's squeezed-shut
    /// eyes (0.181) and a smile's narrowed open ones (0.186)…
    public static let closedEyeOpenness = 0.183
    /// …or when nothing between them looks like an eye…
    public static let closedEyeContrast = 0.12
    /// …both judged only on eyes at least this wide in pixels: on smaller ones an open eye's lids are a
    /// pixel or two apart, the model's lids land anywhere in that blur (open eyes 4–9 px wide read 0.05–0.13
    /// in the evaluation photos) and the samples blur into the skin.
    public static let minimumEyeWidth = 10.0
    /// Without the emotion model, a face reads smiling above this `smileShape`, when its lips are visible
    /// at all…
    public static let smilingScore = 0.67
    /// …with it, from this `happiness` up (the model's own decision point: happy at least as likely as not).
    public static let smilingHappiness = 0.5
    public static let visibleLipContrast = 0.05

    /// `mesh` in the top-left pixel coordinates of `plane`, the picture it was found in.
    public init(_ mesh: FaceMesh, in plane: LumaPlane) {
        func openness(_ lids: [(upper: Int, lower: Int)], _ outer: Int, _ inner: Int) -> Double {
            let width = mesh.distance(outer, inner)
            guard width > 0 else { return 0 }
            return lids.map { mesh.distance($0.upper, $0.lower) }.reduce(0, +) / Double(lids.count) / width
        }
        func width(_ outer: Int, _ inner: Int) -> Double { mesh.distance(outer, inner) }
        func spread(_ pairs: [(upper: Int, lower: Int)]) -> Double {
            // Five samples down each gap between facing points, the points themselves left out.
            var values: [Double] = []
            for pair in pairs {
                let a = mesh.points[pair.upper], b = mesh.points[pair.lower]
                for step in 1...5 {
                    let t = Double(step) / 6
                    values.append(plane.bilinear(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
                }
            }
            values.sort()
            let low = values[values.count / 10], high = values[values.count * 9 / 10]
            return high + low > 0 ? (high - low) / (high + low) : 0
        }
        func contrast(_ lids: [(upper: Int, lower: Int)], _ outer: Int, _ inner: Int) -> Double {
            // Too small to judge: read as an open eye's contrast, leaving the decision to the lids.
            guard mesh.distance(outer, inner) >= Self.minimumEyeWidth else { return 1 }
            return spread(lids)
        }
        lipContrast = spread([(FaceMeshIndex.upperLipOuter, FaceMeshIndex.lowerLipOuter)])
        // The person's right eye is on the picture's left.
        pictureLeftEyeOpenness = openness(
            FaceMeshIndex.rightEyeLids, FaceMeshIndex.rightEyeOuter, FaceMeshIndex.rightEyeInner)
        pictureRightEyeOpenness = openness(
            FaceMeshIndex.leftEyeLids, FaceMeshIndex.leftEyeOuter, FaceMeshIndex.leftEyeInner)
        pictureLeftEyeWidth = width(FaceMeshIndex.rightEyeOuter, FaceMeshIndex.rightEyeInner)
        pictureRightEyeWidth = width(FaceMeshIndex.leftEyeOuter, FaceMeshIndex.leftEyeInner)
        pictureLeftEyeContrast = contrast(
            FaceMeshIndex.rightEyeLids, FaceMeshIndex.rightEyeOuter, FaceMeshIndex.rightEyeInner)
        pictureRightEyeContrast = contrast(
            FaceMeshIndex.leftEyeLids, FaceMeshIndex.leftEyeOuter, FaceMeshIndex.leftEyeInner)
        let a = mesh.points[FaceMeshIndex.rightEyeOuter], b = mesh.points[FaceMeshIndex.leftEyeOuter]
        let eyes = mesh.distance(FaceMeshIndex.rightEyeOuter, FaceMeshIndex.leftEyeOuter)
        guard eyes > 0 else {
            smileRatio = 0
            mouthCornerLift = 0
            mouthOpening = 0
            return
        }
        smileRatio = mesh.distance(FaceMeshIndex.mouthRight, FaceMeshIndex.mouthLeft) / eyes
        // Distance below the eye line (towards the chin), in eye distances.
        func down(_ p: Point) -> Double {
            let across: Double = (p.y - a.y) * (b.x - a.x)
            let along: Double = (p.x - a.x) * (b.y - a.y)
            return (across - along) / (eyes * eyes)
        }
        let upper: Double = down(mesh.points[FaceMeshIndex.upperLipInner]),
            lower: Double = down(mesh.points[FaceMeshIndex.lowerLipInner])
        let right: Double = down(mesh.points[FaceMeshIndex.mouthRight]),
            left: Double = down(mesh.points[FaceMeshIndex.mouthLeft])
        let lipsMiddle = (upper + lower) / 2, corners = (right + left) / 2
        mouthCornerLift = lipsMiddle - corners
        mouthOpening = mesh.distance(FaceMeshIndex.upperLipInner, FaceMeshIndex.lowerLipInner) / eyes
    }

    public var smiles: Bool {
        if let happiness { return happiness >= Self.smilingHappiness }
        return smileShape > Self.smilingScore && lipContrast >= Self.visibleLipContrast
    }
    public var pictureLeftEyeClosed: Bool {
        Self.closed(openness: pictureLeftEyeOpenness, contrast: pictureLeftEyeContrast, width: pictureLeftEyeWidth)
    }
    public var pictureRightEyeClosed: Bool {
        Self.closed(openness: pictureRightEyeOpenness, contrast: pictureRightEyeContrast, width: pictureRightEyeWidth)
    }

    private static func closed(openness: Double, contrast: Double, width: Double) -> Bool {
        width >= minimumEyeWidth && (openness < closedEyeOpenness || contrast < closedEyeContrast)
    }
}
