import IrisCore

extension BuiltInFilters {
    /// CIQRCodeGenerator: the QR code of `inputMessage` (bytes; the CLI takes text as UTF-8) at
    /// `inputCorrectionLevel` L, M, Q or H, one pixel per module, dark on white, with a one-module light
    /// border as Core Image draws it (scale it up, and leave the standard's four-module quiet zone around
    /// it, before printing). Encoded by `QRCodeSymbol`.
    static let qrCodeGenerator = FilterDescriptor(
        name: "CIQRCodeGenerator", displayName: "QR Code Generator",
        categories: [FilterCategory.generator, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Generates a Quick Response code (two-dimensional barcode) from input data.",
        inputs: [
            FilterInputDescriptor(
                "inputMessage", .data, default: .data([]), summary: "The data to be encoded as a QR code."),
            FilterInputDescriptor(
                "inputCorrectionLevel", .string, default: .string("M"),
                summary: "Error correction: L (7 %), M (15 %), Q (25 %) or H (30 %).")
        ],
        build: { args throws(FilterError) in
            let name = "CIQRCodeGenerator"
            let levelText = try args.string("inputCorrectionLevel")
            guard let level = QRCodeSymbol.Correction(rawValue: levelText.uppercased()) else {
                throw .invalidValue(
                    filter: name, key: "inputCorrectionLevel", reason: "'\(levelText)' is not L, M, Q or H")
            }
            let message = try args.data("inputMessage")
            let symbol: QRCodeSymbol
            do throws(QRCodeError) { symbol = try QRCodeSymbol(message: message, correction: level) } catch {
                throw .invalidValue(filter: name, key: "inputMessage", reason: error.description)
            }
            return Image(buffer: symbol.rgbaBuffer(border: 1))
        })
}

extension QRCodeSymbol {
    /// The symbol as opaque RGBA8, one pixel per module, with `border` light modules around it; row 0 is
    /// the top row.
    public func rgbaBuffer(border: Int) -> PixelBuffer {
        let side = size + 2 * border
        return PixelBuffer.codePicture(width: side, height: side) { x, row in
            let mx = x - border, my = row - border
            return mx >= 0 && mx < size && my >= 0 && my < size && isDark(x: mx, y: my)
        }
    }
}
