import IrisCore

/// One feature a detector found, by kind: what `Detector` and `VideoDetectors` return. A `switch` over it is
/// exhaustive, so code that treats faces, codes, rectangles and barcodes differently needs no casts, and a
/// new kind is a compile error wherever it is not handled; `feature` gives what all kinds share.
///
///     for found in try Detector(type: .face).features(in: frame) { if case .face(let face) = found { print(face.bounds) } }
public enum DetectedFeature: Sendable {
    case face(FaceFeature)
    case qrCode(QRCodeFeature)
    case rectangle(RectangleFeature)
    case barcode(BarcodeFeature)

    /// The feature as its common protocol: type, corners, bounds, JSON.
    public var feature: any Feature {
        switch self {
        case .face(let face): face
        case .qrCode(let code): code
        case .rectangle(let rectangle): rectangle
        case .barcode(let barcode): barcode
        }
    }

    public var type: DetectorType { feature.type }
    public var corners: Quadrilateral { feature.corners }
    public var bounds: Rect { feature.bounds }

    /// The same feature in another coordinate space.
    public func applying(_ transform: AffineTransform) -> DetectedFeature {
        switch self {
        case .face(let face): .face(face.applying(transform))
        case .qrCode(let code): .qrCode(code.applying(transform))
        case .rectangle(let rectangle): .rectangle(rectangle.applying(transform))
        case .barcode(let barcode): .barcode(barcode.applying(transform))
        }
    }

    public var face: FaceFeature? { if case .face(let face) = self { face } else { nil } }
    public var qrCode: QRCodeFeature? { if case .qrCode(let code) = self { code } else { nil } }
    public var rectangle: RectangleFeature? { if case .rectangle(let rectangle) = self { rectangle } else { nil } }
    public var barcode: BarcodeFeature? { if case .barcode(let barcode) = self { barcode } else { nil } }
}
