import IrisCore

extension BuiltInFilters {
    /// CIPDF417BarcodeGenerator: the PDF417 symbol of `inputMessage` (bytes; the CLI takes text as UTF-8), one
    /// pixel per module, rows three pixels tall, dark on white inside a two-pixel light border (the standard's
    /// smallest row height and quiet zone, and what Core Image's smallest width, 56, and height, 13, describe).
    /// Encoded by `PDF417Symbol`.
    ///
    /// Core Image leaves every input but the message unset for "automatic"; a descriptor needs a default, so
    /// each default says the same: the width and height bounds span Core Image's whole ranges, 0 data
    /// columns or rows lets the encoder choose, correction level −1 picks the standard's recommendation.
    /// Sliders span typical symbols rather than Core Image's whole ranges, where most row × column pairs
    /// pass the 928 codewords a symbol holds and the minimum sliders would cross the maximum ones.
    static let pdf417BarcodeGenerator = FilterDescriptor(
        name: "CIPDF417BarcodeGenerator", displayName: "PDF417 Barcode Generator",
        categories: [FilterCategory.generator, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Generates a PDF417 code (a stacked two-dimensional barcode) from input data.",
        inputs: [
            FilterInputDescriptor(
                "inputMessage", .data, default: .data([]), summary: "The data to be encoded as a PDF417 code."),
            FilterInputDescriptor(
                "inputMinWidth", .integer, default: .number(56), range: 56...583, slider: 56...150,
                summary: "The narrowest picture, in pixels, border included."),
            FilterInputDescriptor(
                "inputMaxWidth", .integer, default: .number(583), range: 56...583, slider: 150...583,
                summary: "The widest picture, in pixels, border included."),
            FilterInputDescriptor(
                "inputMinHeight", .integer, default: .number(13), range: 13...283, slider: 13...60,
                summary: "The shortest picture, in pixels, border included (rows are 3 pixels)."),
            FilterInputDescriptor(
                "inputMaxHeight", .integer, default: .number(283), range: 13...283, slider: 60...283,
                summary: "The tallest picture, in pixels, border included (90 rows make 274)."),
            FilterInputDescriptor(
                "inputDataColumns", .integer, default: .number(0), range: 0...30, slider: 0...10,
                summary: "Data columns, 1 to 30; 0 chooses (Core Image's nil)."),
            FilterInputDescriptor(
                "inputRows", .integer, default: .number(0), range: 0...90, slider: 0...30,
                summary: "Rows, 3 to 90; 0 chooses (Core Image's nil)."),
            FilterInputDescriptor(
                "inputPreferredAspectRatio", .scalar, default: .number(3), range: 0...Double.infinity, slider: 0...10,
                summary: "The width ÷ height the chosen layout comes nearest, among those within the size bounds."),
            FilterInputDescriptor(
                "inputCompactionMode", .integer, default: .number(0), range: 0...3,
                summary: "0 automatic, 1 numeric (digits only), 2 text (other bytes shifted in), 3 byte."),
            FilterInputDescriptor(
                "inputCompactStyle", .boolean, default: .number(0), range: 0...1,
                summary: "1 draws compact PDF417: no right row indicator, a one-module stop."),
            FilterInputDescriptor(
                "inputCorrectionLevel", .integer, default: .number(-1), range: -1...8,
                summary:
                    "0 to 8: 2^(level+1) check codewords; −1 picks the standard's recommendation for the message (Core Image's nil)."
            ),
            FilterInputDescriptor(
                "inputAlwaysSpecifyCompaction", .boolean, default: .number(0), range: 0...1,
                summary: "1 writes the text compaction latch even where text compaction is in force anyway.")
        ],
        build: { args throws(FilterError) in
            let name = "CIPDF417BarcodeGenerator"
            func integer(_ key: String) throws(FilterError) -> Int { Int(try args.number(key).rounded()) }
            let minWidth = try integer("inputMinWidth"), maxWidth = try integer("inputMaxWidth")
            let minHeight = try integer("inputMinHeight"), maxHeight = try integer("inputMaxHeight")
            guard minWidth <= maxWidth else {
                throw .invalidValue(
                    filter: name, key: "inputMinWidth", reason: "\(minWidth) is more than inputMaxWidth (\(maxWidth))")
            }
            guard minHeight <= maxHeight else {
                throw .invalidValue(
                    filter: name, key: "inputMinHeight",
                    reason: "\(minHeight) is more than inputMaxHeight (\(maxHeight))")
            }
            var options = PDF417Symbol.Options()
            options.width = minWidth...maxWidth
            options.height = minHeight...maxHeight
            let columns = try integer("inputDataColumns"), rows = try integer("inputRows"),
                level = try integer("inputCorrectionLevel")
            options.columns = columns == 0 ? nil : columns
            options.rows = rows == 0 ? nil : rows
            options.aspectRatio = try args.number("inputPreferredAspectRatio")
            options.compactionMode = try integer("inputCompactionMode")
            options.compact = try args.number("inputCompactStyle") >= 0.5
            options.correctionLevel = level < 0 ? nil : level
            options.alwaysSpecifyCompaction = try args.number("inputAlwaysSpecifyCompaction") >= 0.5
            let message = try args.data("inputMessage")
            let symbol: PDF417Symbol
            do throws(PDF417Error) { symbol = try PDF417Symbol(message: message, options: options) } catch {
                throw .invalidValue(filter: name, key: error.input, reason: error.description)
            }
            return Image(buffer: symbol.rgbaBuffer())
        })
}
