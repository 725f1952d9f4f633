import IrisCore

/// The stream header of a YUV4MPEG2 file: frame size, rate, interlacing, pixel aspect, colourspace and
/// colour range (the `XCOLORRANGE` extension ffmpeg writes).
///
///     let header = Y4MHeader(width: 640, height: 480, frameRate: .init(30000, 1001))
public struct Y4MHeader: Sendable, Equatable {
    /// A ratio as Y4M spells it, "30000:1001".
    public struct Ratio: Sendable, Hashable, CustomStringConvertible {
        public var numerator: Int
        public var denominator: Int
        public init(_ numerator: Int, _ denominator: Int) {
            self.numerator = numerator
            self.denominator = denominator
        }
        public var description: String { "\(numerator):\(denominator)" }
    }

    /// The "I" field. Iris reads every frame as a whole picture whatever this says.
    public enum Interlacing: String, Sendable, CaseIterable {
        case progressive = "p"
        case topFieldFirst = "t"
        case bottomFieldFirst = "b"
        case mixed = "m"
        case unknown = "?"
    }

    public var width: Int
    public var height: Int
    /// Frames per second as a ratio; 25:1 when the file gives none (ffmpeg's default).
    public var frameRate: Ratio
    public var interlacing: Interlacing
    /// 0:0 means unknown.
    public var pixelAspectRatio: Ratio
    public var colorspace: Y4MColorspace
    /// Range from `XCOLORRANGE=FULL|LIMITED` (limited when absent); Y4M has no matrix field, so BT.601.
    public var colorimetry: Colorimetry
    /// Other "X…" extension tokens, verbatim, so that rewriting a file keeps them.
    public var extensions: [String]

    public init(
        width: Int, height: Int, frameRate: Ratio = Ratio(25, 1), interlacing: Interlacing = .progressive,
        pixelAspectRatio: Ratio = Ratio(1, 1), colorspace: Y4MColorspace = .c420jpeg,
        colorimetry: Colorimetry = .default, extensions: [String] = []
    ) {
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.interlacing = interlacing
        self.pixelAspectRatio = pixelAspectRatio
        self.colorspace = colorspace
        self.colorimetry = colorimetry
        self.extensions = extensions
    }

    /// Bytes of one frame's payload, not counting its FRAME line.
    public var frameByteCount: Int { colorspace.frameByteCount(width: width, height: height) }

    /// Presentation time of frame `index` (from 0), in seconds, from the frame rate.
    public func timestamp(ofFrame index: Int) -> Double {
        Double(index) * Double(frameRate.denominator) / Double(frameRate.numerator)
    }

    /// The header line as written to a file, newline included.
    public var line: String {
        var fields = [
            "YUV4MPEG2", "W\(width)", "H\(height)", "F\(frameRate)", "I\(interlacing.rawValue)",
            "A\(pixelAspectRatio)", "C\(colorspace.rawValue)",
            "XCOLORRANGE=\(colorimetry.range == .full ? "FULL" : "LIMITED")"
        ]
        fields += extensions
        return fields.joined(separator: " ") + "\n"
    }
}
