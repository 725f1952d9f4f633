extension BuiltInFilters {
    /// Barcode generators (CIQRCodeGenerator, CICode128BarcodeGenerator). One file per filter beside this one.
    static let codeGeneratorFilters: [FilterDescriptor] = [
        qrCodeGenerator, code128BarcodeGenerator,
    ]
}
