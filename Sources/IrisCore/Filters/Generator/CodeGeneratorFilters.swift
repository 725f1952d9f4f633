extension BuiltInFilters {
    /// Barcode generators (CIQRCodeGenerator, CIAztecCodeGenerator, CICode128BarcodeGenerator). One file per
    /// filter beside this one; the encoders are in Codes/.
    static let codeGeneratorFilters: [FilterDescriptor] = [
        qrCodeGenerator, aztecCodeGenerator, code128BarcodeGenerator,
    ]
}
