import IrisCore

/// What every detector returns: a type, the bounds and the corners of what it found, in image coordinates.
/// Core Image's `CIFeature`. Detectors return `DetectedFeature`, whose cases hold each kind's own type.
///
///     for code in try detector.features(in: frame).qrCodes { print(code.messageString) }
public protocol Feature: Sendable, Encodable {
    var type: DetectorType { get }
    var corners: Quadrilateral { get }
    /// The same feature in another coordinate space (e.g. the upright image's).
    func applying(_ transform: AffineTransform) -> Self
}

extension Feature {
    public var bounds: Rect { corners.bounds }
}
