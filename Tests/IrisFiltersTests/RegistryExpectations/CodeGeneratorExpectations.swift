@testable import IrisCore
@testable import IrisFilters

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.codeGeneratorFilters`, other than inputImage.
    /// Where Core Image leaves an input unset for "automatic", Iris's default says the same (see each summary).
    static let codeGenerator: Group = Group(
        list: BuiltInFilters.codeGeneratorFilters, category: FilterCategory.generator,
        inputs: [
            "CIQRCodeGenerator": [("inputMessage", .data, "0 bytes"), ("inputCorrectionLevel", .string, "\"M\"")],
            "CIAztecCodeGenerator": [
                ("inputMessage", .data, "0 bytes"), ("inputCorrectionLevel", .scalar, "23"),
                ("inputLayers", .integer, "0"), ("inputCompactStyle", .boolean, "0")
            ],
            "CIPDF417BarcodeGenerator": [
                ("inputMessage", .data, "0 bytes"), ("inputMinWidth", .integer, "56"),
                ("inputMaxWidth", .integer, "583"),
                ("inputMinHeight", .integer, "13"), ("inputMaxHeight", .integer, "283"),
                ("inputDataColumns", .integer, "0"),
                ("inputRows", .integer, "0"), ("inputPreferredAspectRatio", .scalar, "3"),
                ("inputCompactionMode", .integer, "0"),
                ("inputCompactStyle", .boolean, "0"), ("inputCorrectionLevel", .integer, "-1"),
                ("inputAlwaysSpecifyCompaction", .boolean, "0")
            ],
            "CICode128BarcodeGenerator": [
                ("inputMessage", .data, "0 bytes"), ("inputQuietSpace", .scalar, "7"),
                ("inputBarcodeHeight", .scalar, "32")
            ]
        ])
}
