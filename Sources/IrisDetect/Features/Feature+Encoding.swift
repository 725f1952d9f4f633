import IrisCore

/// The one JSON shape of a detected feature, shared by `iris detect --json`, the pipeline's events and
/// evaluation: `type`, `corners` (each `[x, y]` in image coordinates: origin bottom-left, y up, unless a
/// `FeatureList` is asked for top-left), and the type's own fields. Coordinates and scores are rounded to
/// 0.01 and 0.001, enough for pixels.
///
///     let data = try JSONEncoder().encode(FeatureList(features))
enum FeatureCodingKey: String, CodingKey {
    case type, corners, message, payload, mirrored, confidence, neighbors, trackingID
    case leftEye, rightEye, mouth, hasLeftEye, hasRightEye, hasMouth, smile, leftEyeClosed, rightEyeClosed, angle,
        landmarkScore
    case expression, smileScore, smileShape, lipContrast, eyeOpenness, eyeContrast, happiness
    case topLeft, topRight, bottomRight, bottomLeft
    case symbology, contentType, errorCorrectionLevel
}

extension Quadrilateral: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: FeatureCodingKey.self)
        try c.encode(topLeft.rounded, forKey: .topLeft)
        try c.encode(topRight.rounded, forKey: .topRight)
        try c.encode(bottomRight.rounded, forKey: .bottomRight)
        try c.encode(bottomLeft.rounded, forKey: .bottomLeft)
    }
}

extension Point {
    /// `[x, y]` rounded to hundredths of a pixel.
    var rounded: [Double] { [(x * 100).rounded() / 100, (y * 100).rounded() / 100] }
}

extension QRCodeFeature: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: FeatureCodingKey.self)
        try c.encode(type.rawValue, forKey: .type)
        try c.encode(corners, forKey: .corners)
        try c.encode(messageString, forKey: .message)
        try c.encode(payload.hexadecimal, forKey: .payload)
        try c.encode(isMirrored, forKey: .mirrored)
        try c.encodeIfPresent(trackingID, forKey: .trackingID)
    }
}

extension BarcodeFeature: Encodable {
    /// QR codes' shape plus the symbology (Vision's name), the content type and, where zxing-cpp reports
    /// one, the error-correction level; the payload is always there, as hex, for binary codes too.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: FeatureCodingKey.self)
        try c.encode(type.rawValue, forKey: .type)
        try c.encode(corners, forKey: .corners)
        try c.encode(symbology.rawValue, forKey: .symbology)
        try c.encode(messageString, forKey: .message)
        try c.encode(payload.hexadecimal, forKey: .payload)
        try c.encode(contentType.rawValue, forKey: .contentType)
        try c.encodeIfPresent(errorCorrectionLevel, forKey: .errorCorrectionLevel)
    }
}

extension RectangleFeature: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: FeatureCodingKey.self)
        try c.encode(type.rawValue, forKey: .type)
        try c.encode(corners, forKey: .corners)
        try c.encode((confidence * 1000).rounded() / 1000, forKey: .confidence)
    }
}

extension FaceFeature: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: FeatureCodingKey.self)
        try c.encode(type.rawValue, forKey: .type)
        try c.encode(corners, forKey: .corners)
        try c.encode(leftEyePosition.rounded, forKey: .leftEye)
        try c.encode(rightEyePosition.rounded, forKey: .rightEye)
        try c.encode(mouthPosition.rounded, forKey: .mouth)
        try c.encode(hasLeftEyePosition, forKey: .hasLeftEye)
        try c.encode(hasRightEyePosition, forKey: .hasRightEye)
        try c.encode(hasMouthPosition, forKey: .hasMouth)
        // Attributes appear only where they were decided: an absent `smile` is "not asked", never "no smile".
        if smileChecked {
            try c.encode(hasSmile, forKey: .smile)
            try c.encodeIfPresent(smileScore.map { ($0 * 1000).rounded() / 1000 }, forKey: .smileScore)
        }
        if eyeBlinkChecked {
            try c.encode(leftEyeClosed, forKey: .leftEyeClosed)
            try c.encode(rightEyeClosed, forKey: .rightEyeClosed)
        }
        if hasFaceAngle { try c.encode((faceAngle * 10).rounded() / 10, forKey: .angle) }
        if let mesh { try c.encode((mesh.score * 1000).rounded() / 1000, forKey: .landmarkScore) }
        if let expression {
            func r(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
            var e = c.nestedContainer(keyedBy: FeatureCodingKey.self, forKey: .expression)
            try e.encode(r(expression.smileShape), forKey: .smileShape)
            try e.encode(r(expression.lipContrast), forKey: .lipContrast)
            try e.encode(
                [r(expression.pictureLeftEyeOpenness), r(expression.pictureRightEyeOpenness)], forKey: .eyeOpenness)
            try e.encode(
                [r(expression.pictureLeftEyeContrast), r(expression.pictureRightEyeContrast)], forKey: .eyeContrast)
            if let happiness = expression.happiness { try e.encode(r(happiness), forKey: .happiness) }
        }
        if let confidence {
            try c.encode((confidence * 1000).rounded() / 1000, forKey: .confidence)
        } else {
            try c.encode(neighbors, forKey: .neighbors)
        }
        try c.encodeIfPresent(trackingID, forKey: .trackingID)
    }
}

/// A list of features of any type, encodable as one JSON array in the features' shared shape, in either
/// coordinate convention. Top-left gives every point y' = height − y (eyes and mouth too); corners keep
/// their names, which say where a corner is seen, so `topLeft` has the smaller y there. Face boxes are
/// written as their corners, by the same rule.
///
///     let json = try JSONEncoder().encode(FeatureList(try detector.features(in: frame)))
///     let forOpenCV = try JSONEncoder().encode(FeatureList(features, in: .topLeft, pictureHeight: frame.buffer.height))
public struct FeatureList: Encodable, Sendable {
    /// In Iris's bottom-left coordinates, as detectors return them.
    public let features: [DetectedFeature]
    public let convention: CoordinateConvention
    /// The height of the picture the features were found in, which top-left coordinates count down from.
    public let pictureHeight: Int

    /// Bottom-left coordinates, as the features are.
    public init(_ features: [DetectedFeature]) {
        self.init(features, in: .bottomLeft, pictureHeight: 0)
    }

    public init(_ features: [DetectedFeature], in convention: CoordinateConvention, pictureHeight: Int) {
        self.features = features
        self.convention = convention
        self.pictureHeight = pictureHeight
    }

    public func encode(to encoder: any Encoder) throws {
        let transform = convention.transform(pictureHeight: pictureHeight)
        var list = encoder.unkeyedContainer()
        for feature in features {
            let placed = transform.isIdentity ? feature : feature.applying(transform)
            try list.encode(placed.feature)
        }
    }
}
