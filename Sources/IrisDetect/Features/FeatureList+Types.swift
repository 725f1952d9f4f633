/// A detector's results by type, without casts: `features(in:)` returns `[any Feature]` (one detector, or
/// several, may find different kinds), and these pick each kind out.
///
///     let faces = try Detector(type: .face).features(in: frame).faces   // [FaceFeature]
extension Array where Element == any Feature {
    public var faces: [FaceFeature] { compactMap { $0 as? FaceFeature } }
    public var qrCodes: [QRCodeFeature] { compactMap { $0 as? QRCodeFeature } }
    public var rectangles: [RectangleFeature] { compactMap { $0 as? RectangleFeature } }
    public var barcodes: [BarcodeFeature] { compactMap { $0 as? BarcodeFeature } }
}
