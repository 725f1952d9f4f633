import IrisCore

/// The dominant quadrilateral (a document, card, sign or screen). Core Image's `CIRectangleFeature`.
///
///     if let card = features.rectangles.first { print(card.corners.topLeft) }
public struct RectangleFeature: Feature, Hashable {
    public var type: DetectorType { .rectangle }
    /// Corners as the quad appears in the upright image.
    public var corners: Quadrilateral
    /// How much of the quad's outline has edge support, 0…1.
    public var confidence: Double

    public init(corners: Quadrilateral, confidence: Double) {
        self.corners = corners
        self.confidence = confidence
    }

    public func applying(_ transform: AffineTransform) -> RectangleFeature {
        RectangleFeature(corners: corners.applying(transform), confidence: confidence)
    }
}
