@testable import IrisCore

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.codeGeneratorFilters`, other than inputImage.
    static let codeGenerator: Group = Group(list: BuiltInFilters.codeGeneratorFilters, category: FilterCategory.generator, inputs: [
        "CIQRCodeGenerator": [("inputMessage", .data, "0 bytes"), ("inputCorrectionLevel", .string, "\"M\"")],
        "CICode128BarcodeGenerator": [("inputMessage", .data, "0 bytes"), ("inputQuietSpace", .scalar, "7"), ("inputBarcodeHeight", .scalar, "32")],
    ])
}
