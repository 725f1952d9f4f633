/// A detector's results by kind, as arrays: `features(in:)` returns `[DetectedFeature]` (one detector, or
/// several, may find different kinds), and these pick each kind out.
///
///     let faces = try Detector(type: .face).features(in: frame).faces   // [FaceFeature]
extension Array where Element == DetectedFeature {
    public var faces: [FaceFeature] { compactMap(\.face) }
    public var qrCodes: [QRCodeFeature] { compactMap(\.qrCode) }
    public var rectangles: [RectangleFeature] { compactMap(\.rectangle) }
    public var barcodes: [BarcodeFeature] { compactMap(\.barcode) }
}
