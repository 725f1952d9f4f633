import IrisCore

extension BuiltInFilters {
    /// Barcode generators (CIQRCodeGenerator, CIAztecCodeGenerator, CIPDF417BarcodeGenerator,
    /// CICode128BarcodeGenerator). One file per filter beside this one; the encoders are in Codes/.
    static let codeGeneratorFilters: [FilterDescriptor] = [
        qrCodeGenerator, aztecCodeGenerator, pdf417BarcodeGenerator, code128BarcodeGenerator
    ]
}
