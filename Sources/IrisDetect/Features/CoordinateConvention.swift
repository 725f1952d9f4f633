import IrisCore

/// Which way a picture's y axis points in coordinates written for others: in feature JSON (`iris detect
/// --json`, the pipeline's events) and in truth files. Iris and Core Image count from the bottom-left corner,
/// y up; OpenCV, zbar, MOT and most annotation tools from the top-left, y down. x is the same in both.
///
///     let json = try JSONEncoder().encode(FeatureList(features, in: .topLeft, pictureHeight: 480))
public enum CoordinateConvention: String, Sendable, CaseIterable, Codable {
    case bottomLeft = "bottom-left"
    case topLeft = "top-left"

    /// `y` of a point in the other convention, in a picture `height` pixels tall.
    public func flippedY(_ y: Double, height: Int) -> Double { Double(height) - y }

    /// The map from Iris's bottom-left coordinates into this convention's, in a picture `height` pixels
    /// tall: the identity, or y' = height − y (which is its own inverse).
    public func transform(pictureHeight height: Int) -> AffineTransform {
        switch self {
        case .bottomLeft: .identity
        case .topLeft: AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: Double(height))
        }
    }
}
