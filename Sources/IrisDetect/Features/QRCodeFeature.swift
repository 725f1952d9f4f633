import IrisCore

/// A decoded QR code. Core Image's `CIQRCodeFeature`: the message, the raw bytes and the corners, named
/// in the code's own frame (its finder patterns sit at top-left, top-right and bottom-left).
///
///     if let code = features.qrCodes.first { print(code.messageString) }
public struct QRCodeFeature: Feature, Hashable {
    public var type: DetectorType { .qrCode }
    /// The text, decoded by zxing-cpp (ECI or guessed character set) into UTF-8.
    public var messageString: String
    /// The content bytes before any character decoding.
    public var payload: [UInt8]
    public var corners: Quadrilateral
    /// Whether the code was printed mirrored.
    public var isMirrored: Bool
    /// The code's identity in a video: the same number for as long as `QRCodeMemory` follows it (nil on stills).
    public var trackingID: Int?

    public init(messageString: String, payload: [UInt8], corners: Quadrilateral, isMirrored: Bool = false) {
        self.messageString = messageString
        self.payload = payload
        self.corners = corners
        self.isMirrored = isMirrored
    }

    public func applying(_ transform: AffineTransform) -> QRCodeFeature {
        var moved = self
        moved.corners = corners.applying(transform)
        return moved
    }
}
