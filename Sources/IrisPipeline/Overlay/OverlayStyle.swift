/// How detector results look when drawn: colours per feature type, line width and label size (both
/// sized to the frame unless set), and whether labels are drawn at all.
///
///     var style = OverlayStyle(); style.labels = false
public struct OverlayStyle: Sendable, Equatable {
    public var qrCodeColor = OverlayColor(0, 230, 60)
    public var rectangleColor = OverlayColor(255, 40, 200)
    public var faceColor = OverlayColor(255, 150, 0)
    public var eyeColor = OverlayColor(0, 200, 255)
    public var mouthColor = OverlayColor(255, 40, 60)
    /// The mark on each quad's top-left corner, which shows how the feature is turned.
    public var cornerColor = OverlayColor(255, 220, 0)
    /// Draw QR messages and face IDs/expressions.
    public var labels = true
    /// Outline width in pixels; nil: 1/240 of the frame's shorter side, at least 2.
    public var lineWidth: Double?
    /// Label text height in pixels; nil: 1/28 of the frame's shorter side, at least 11.
    public var fontPixelSize: Int?

    public init() {}

    func lineWidth(frameWidth: Int, frameHeight: Int) -> Double {
        lineWidth ?? max(2, Double(min(frameWidth, frameHeight)) / 240)
    }

    func fontPixelSize(frameWidth: Int, frameHeight: Int) -> Int {
        fontPixelSize ?? max(11, min(frameWidth, frameHeight) / 28)
    }
}
