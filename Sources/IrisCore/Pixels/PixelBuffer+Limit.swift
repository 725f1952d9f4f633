import Foundation

/// The most pixels one picture may have where a command analyses whole pictures (`iris detect
/// --max-pixels`, `iris bench --max-pixels`): the same number, default and meaning as a render's output
/// limit (`RenderLimits.maximumOutputPixels`, `iris render --max-pixels`). Checked from a file's header
/// or a frame's size before anything is allocated in proportion to it.
///
///     try PixelLimit(megapixels: nil).check(width: 16_000, height: 16_000, source: "big.png")   // throws: 256 Mpx > 64 Mpx
public struct PixelLimit: Sendable, Hashable {
    public var maximumPixels: Int

    public init(maximumPixels: Int = RenderLimits.defaultMaximumOutputPixels) { self.maximumPixels = maximumPixels }

    /// The default (64 Mpx), or `megapixels` million pixels: how `--max-pixels` reads in every command.
    public init(megapixels: Double?) {
        maximumPixels = RenderLimits(megapixels: megapixels, mebibytes: nil).maximumOutputPixels
    }

    public func allows(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= maximumPixels && height <= maximumPixels / width
    }

    /// Throws `PixelLimitError` naming `source` when a `width`×`height` picture is over the limit.
    public func check(width: Int, height: Int, source: String) throws(PixelLimitError) {
        guard allows(width: width, height: height) else {
            throw PixelLimitError(source: source, width: width, height: height, limit: maximumPixels)
        }
    }
}

/// A picture over the stated `PixelLimit`, refused before its pixels are decoded or analysed.
public struct PixelLimitError: Error, Equatable, CustomStringConvertible {
    /// The file, or "file#frame" for a recording's frame.
    public var source: String
    public var width: Int
    public var height: Int
    /// The limit, in pixels.
    public var limit: Int

    public init(source: String, width: Int, height: Int, limit: Int) {
        self.source = source
        self.width = width
        self.height = height
        self.limit = limit
    }

    public var description: String {
        "\(source): \(width)×\(height) is \(Self.megapixels(Double(width) * Double(height))) Mpx, over the limit of "
            + "\(Self.megapixels(Double(limit))) Mpx (raise it with --max-pixels)"
    }

    /// As `PlanError` writes megapixels (whole above 10, one decimal below, exponent past a million), with
    /// two significant digits below 0.1 so that a small limit does not read as 0.
    private static func megapixels(_ pixels: Double) -> String {
        let m = pixels / 1e6
        if m >= 1e6 { return String(format: "%.1e", m) }
        if m < 0.1 { return String(format: "%.2g", m) }
        return m >= 10 ? String(Int(m.rounded())) : String(Double((m * 10).rounded()) / 10)
    }
}
