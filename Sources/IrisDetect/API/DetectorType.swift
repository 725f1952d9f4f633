/// What a `Detector` looks for. Core Image's `CIDetectorTypeQRCode`, `…Rectangle`, `…Face`; `.barcode` is
/// Vision's `VNDetectBarcodesRequest`: the other symbologies (`DetectorOptions.symbologies`), through zxing-cpp.
///
///     let detector = try Detector(type: .qrCode)
public enum DetectorType: String, Sendable, CaseIterable, Codable {
    case qrCode = "qr"
    case rectangle = "rect"
    case face
    case barcode
}
