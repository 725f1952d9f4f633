/// Which way a truth file's y axis points. Iris and Core Image count from the bottom-left corner, y up;
/// OpenCV, zbar, MOT and most annotation tools from the top-left, y down.
public enum CoordinateConvention: String, Sendable, CaseIterable, Codable {
    case bottomLeft = "bottom-left"
    case topLeft = "top-left"

    /// `y` of a point in the other convention, in a picture `height` pixels tall.
    public func flippedY(_ y: Double, height: Int) -> Double { Double(height) - y }
}
