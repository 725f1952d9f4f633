import IrisCore

extension BuiltInFilters {
    /// CIAztecCodeGenerator: the Aztec code of `inputMessage` (bytes; the CLI takes text as UTF-8), one pixel
    /// per module, dark on white, with a one-module light border as CIQRCodeGenerator draws it here. Encoded
    /// by `AztecSymbol`.
    ///
    /// Core Image's `inputLayers` and `inputCompactStyle` are unset (nil) for automatic; a descriptor needs a
    /// default, so 0 stands for that, as Apple's documentation says of both. Core Image offers no way to ask
    /// for a full-range symbol, and neither does this filter: `inputCompactStyle` 1 asks for compact, and with
    /// 0 a layer count of 1…4 gives the compact symbol when it holds the message.
    static let aztecCodeGenerator = FilterDescriptor(
        name: "CIAztecCodeGenerator", displayName: "Aztec Code Generator",
        categories: [FilterCategory.generator, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Generates an Aztec code (two-dimensional barcode) from input data.",
        inputs: [
            FilterInputDescriptor(
                "inputMessage", .data, default: .data([]), summary: "The data to be encoded as an Aztec code."),
            FilterInputDescriptor(
                "inputCorrectionLevel", .scalar, default: .number(23), range: 5...95,
                summary:
                    "Check codewords as a percentage of the data codewords (plus three, as ISO/IEC 24778 recommends)."),
            FilterInputDescriptor(
                "inputLayers", .integer, default: .number(0), range: 0...32,
                summary:
                    "Layers round the bullseye, 1 to 32 (compact: 1 to 4); 0 picks the fewest that hold the message (Core Image's nil)."
            ),
            FilterInputDescriptor(
                "inputCompactStyle", .boolean, default: .number(0), range: 0...1,
                summary:
                    "1 forces a compact symbol (up to 4 layers); 0 chooses automatically (Core Image's nil). Core "
                    + "Image cannot force a full-range symbol; nor can Iris."
            )
        ],
        build: { args throws(FilterError) in
            let name = "CIAztecCodeGenerator"
            let message = try args.data("inputMessage")
            let percent = try args.number("inputCorrectionLevel")
            let layers = Int(try args.number("inputLayers").rounded())
            let compact = try args.number("inputCompactStyle") >= 0.5
            let symbol: AztecSymbol
            do throws(AztecCodeError) {
                symbol = try AztecSymbol(
                    message: message, correctionPercent: percent, layers: layers == 0 ? nil : layers,
                    style: compact ? .compact : .automatic)
            } catch {
                // A fixed layer count is the choice at fault when the message outgrows it or compact refuses it.
                let key: String
                switch error {
                case .layersOutOfRange: key = "inputLayers"
                case .correctionOutOfRange: key = "inputCorrectionLevel"
                case .messageTooLong: key = layers == 0 ? "inputMessage" : "inputLayers"
                }
                throw .invalidValue(filter: name, key: key, reason: error.description)
            }
            return Image(buffer: symbol.rgbaBuffer(border: 1))
        })
}

extension AztecSymbol {
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
