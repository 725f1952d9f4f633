import IrisCore

/// A decoded barcode of any symbology but QR: Vision's `VNBarcodeObservation` (symbology, payload string
/// and data, corners) with what Core Image's `CIBarcodeDescriptor` adds that zxing-cpp 1.4 reports, the
/// error-correction level. zxing-cpp 1.4 does not report a symbol's version (rows, columns, layers), so
/// there is none here.
///
///     for code in try Detector(type: .barcode).features(in: frame).barcodes { print(code.symbology, code.messageString) }
public struct BarcodeFeature: Feature, Hashable {
    /// What the payload holds, as zxing-cpp tells it (its ContentType).
    public enum ContentType: String, Sendable, Hashable, Codable {
        case text, binary, mixed, gs1, iso15434, unknownECI

        init(zxing value: Int) {
            self =
                switch value {
                case 1: .binary
                case 2: .mixed
                case 3: .gs1
                case 4: .iso15434
                case 5: .unknownECI
                default: .text
                }
        }
    }

    public var type: DetectorType { .barcode }
    public var symbology: BarcodeSymbology
    /// The text, decoded by zxing-cpp into UTF-8 (for GS1 codes with its AI brackets; for binary codes each
    /// byte as the character set the code names, ISO 8859-1 unless an ECI says otherwise).
    public var messageString: String
    /// The content bytes before any character decoding: what a binary code holds.
    public var payload: [UInt8]
    /// For 2-D codes, the corners in the code's own frame, as QR codes; for 1-D codes the start and end of
    /// the bars on the highest and lowest scan lines that read them (not the bars' full height).
    public var corners: Quadrilateral
    public var contentType: ContentType
    /// The error-correction level as zxing-cpp words it (PDF417 "0"…"8", Micro QR "L", "M", "Q"), nil for
    /// codes that have none (1-D codes) or whose level zxing-cpp 1.4 does not report (Aztec, DataMatrix).
    public var errorCorrectionLevel: String?

    public init(
        symbology: BarcodeSymbology, messageString: String, payload: [UInt8], corners: Quadrilateral,
        contentType: ContentType = .text, errorCorrectionLevel: String? = nil
    ) {
        self.symbology = symbology
        self.messageString = messageString
        self.payload = payload
        self.corners = corners
        self.contentType = contentType
        self.errorCorrectionLevel = errorCorrectionLevel
    }

    /// Whether the payload is bytes rather than text (binary, mixed or an unknown ECI).
    public var isBinary: Bool { [.binary, .mixed, .unknownECI].contains(contentType) }

    public func applying(_ transform: AffineTransform) -> BarcodeFeature {
        var moved = self
        moved.corners = corners.applying(transform)
        return moved
    }
}
