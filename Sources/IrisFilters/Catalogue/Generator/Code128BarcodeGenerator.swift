import IrisCore

extension BuiltInFilters {
    /// CICode128BarcodeGenerator: the Code 128 barcode of `inputMessage` (ASCII bytes; the CLI takes text),
    /// one pixel per module, `inputBarcodeHeight` pixels tall, dark bars on white, with `inputQuietSpace`
    /// white pixels on every side as Core Image draws it. Encoded by `Code128Symbol`.
    static let code128BarcodeGenerator = FilterDescriptor(
        name: "CICode128BarcodeGenerator", displayName: "Code 128 Barcode Generator",
        categories: [FilterCategory.generator, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Generates a Code 128 one-dimensional barcode from input data.",
        inputs: [
            FilterInputDescriptor(
                "inputMessage", .data, default: .data([]),
                summary: "The ASCII data to be encoded as a Code 128 barcode."),
            FilterInputDescriptor(
                "inputQuietSpace", .scalar, default: .number(7), range: 0...100, slider: 0...20,
                summary: "The number of empty white pixels that surround the barcode."),
            FilterInputDescriptor(
                "inputBarcodeHeight", .scalar, default: .number(32), range: 1...500,
                summary: "The height, in pixels, of the bars.")
        ],
        build: { args throws(FilterError) in
            let message = try args.data("inputMessage")
            let symbol: Code128Symbol
            do throws(Code128Error) { symbol = try Code128Symbol(message: message) } catch {
                throw .invalidValue(filter: "CICode128BarcodeGenerator", key: "inputMessage", reason: error.description)
            }
            let quiet = Int(try args.number("inputQuietSpace").rounded())
            let height = Int(try args.number("inputBarcodeHeight").rounded())
            return Image(buffer: symbol.rgbaBuffer(quietSpace: quiet, barHeight: height))
        })
}

extension Code128Symbol {
    /// The barcode as opaque RGBA8, one pixel per module and `barHeight` rows of bars, with `quietSpace`
    /// white pixels on every side.
    public func rgbaBuffer(quietSpace: Int, barHeight: Int) -> PixelBuffer {
        PixelBuffer.codePicture(width: modules.count + 2 * quietSpace, height: barHeight + 2 * quietSpace) { x, row in
            let m = x - quietSpace
            return row >= quietSpace && row < quietSpace + barHeight && m >= 0 && m < modules.count && modules[m]
        }
    }
}
