/// Smile and blink read from a face's landmarks: shapes as ratios (so the face's size and turn do not
/// matter), and, for the eyes, what lies between the lids. Thresholds and how they were chosen: README,
/// "Smile, blink and angle".
///
///     let expression = FaceExpression(mesh, in: plane); print(expression.smileRatio, expression.smiles)
public struct FaceExpression: Sendable, Equatable {
    /// How open each eye is: the mean gap between three pairs of facing lid points over the eye's
    /// corner-to-corner width (the eye aspect ratio of blink detectors; about 0.3 open, under 0.1 shut).
    public let pictureLeftEyeOpenness: Double
    public let pictureRightEyeOpenness: Double
    /// How much the eye's opening varies in brightness, (p90 − p10) / (p90 + p10) of the luma sampled
    /// between the lids: an open eye shows a dark iris against the white of the eye (0.3 and more on
    /// the astronaut); a lid or anything covering the eye is skin-coloured and flat.
    public let pictureLeftEyeContrast: Double
    public let pictureRightEyeContrast: Double
    /// The mouth's corner-to-corner width over the distance between the outer eye corners: a smile pulls
    /// the corners apart.
    public let smileRatio: Double

    /// An eye reads closed when its lids nearly meet…
    public static let closedEyeOpenness = 0.15
    /// …or when nothing between them looks like an eye.
    public static let closedEyeContrast = 0.12
    /// A face reads smiling above this mouth-width ratio.
    public static let smilingRatio = 0.62

    /// `mesh` in the top-left pixel coordinates of `plane`, the picture it was found in.
    public init(_ mesh: FaceMesh, in plane: LumaPlane) {
        func openness(_ lids: [(upper: Int, lower: Int)], _ outer: Int, _ inner: Int) -> Double {
            let width = mesh.distance(outer, inner)
            guard width > 0 else { return 0 }
            return lids.map { mesh.distance($0.upper, $0.lower) }.reduce(0, +) / Double(lids.count) / width
        }
        func contrast(_ lids: [(upper: Int, lower: Int)]) -> Double {
            // Five samples down each gap between facing lid points, the lids themselves left out.
            var values: [Double] = []
            for pair in lids {
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
        // The person's right eye is on the picture's left.
        pictureLeftEyeOpenness = openness(FaceMeshIndex.rightEyeLids, FaceMeshIndex.rightEyeOuter, FaceMeshIndex.rightEyeInner)
        pictureRightEyeOpenness = openness(FaceMeshIndex.leftEyeLids, FaceMeshIndex.leftEyeOuter, FaceMeshIndex.leftEyeInner)
        pictureLeftEyeContrast = contrast(FaceMeshIndex.rightEyeLids)
        pictureRightEyeContrast = contrast(FaceMeshIndex.leftEyeLids)
        let eyes = mesh.distance(FaceMeshIndex.rightEyeOuter, FaceMeshIndex.leftEyeOuter)
        smileRatio = eyes > 0 ? mesh.distance(FaceMeshIndex.mouthRight, FaceMeshIndex.mouthLeft) / eyes : 0
    }

    public var smiles: Bool { smileRatio > Self.smilingRatio }
    public var pictureLeftEyeClosed: Bool {
        pictureLeftEyeOpenness < Self.closedEyeOpenness || pictureLeftEyeContrast < Self.closedEyeContrast
    }
    public var pictureRightEyeClosed: Bool {
        pictureRightEyeOpenness < Self.closedEyeOpenness || pictureRightEyeContrast < Self.closedEyeContrast
    }
}
