import CZXing

/// One code as zxing-cpp reports it: corners in the luma plane's pixel indices (top-left origin).
struct DecodedCode: Sendable, Equatable {
    var text: String
    var bytes: [UInt8]
    /// Top-left, top-right, bottom-right, bottom-left, in the code's own frame.
    var corners: [(x: Double, y: Double)]
    var isMirrored: Bool
    /// zxing-cpp's BarcodeFormat flag of the symbology read (`ZXingReader.Format`).
    var format: ZXingReader.Format = .qrCode
    /// The error-correction level as zxing-cpp words it ("M" for QR, "25%" for Aztec…); empty when none.
    var errorCorrectionLevel = ""
    /// zxing-cpp's ContentType: 0 text, 1 binary, 2 mixed, 3 GS1, 4 ISO 15434, 5 unknown ECI.
    var contentType = 0

    static func == (a: DecodedCode, b: DecodedCode) -> Bool {
        a.text == b.text && a.bytes == b.bytes && a.isMirrored == b.isMirrored
            && a.corners.map(\.x) == b.corners.map(\.x) && a.corners.map(\.y) == b.corners.map(\.y)
    }

    func scaled(by factor: Double) -> DecodedCode {
        var copy = self
        copy.corners = corners.map { (x: $0.x * factor, y: $0.y * factor) }
        return copy
    }
}

/// The Swift side of the CZXing shim: one call to zxing-cpp's ReadBarcodes for the symbologies asked (the
/// QR detector reads QR codes; tests also read the other generators' codes back).
enum ZXingReader {
    enum Binarizer: Int32 { case localAverage = 0, globalHistogram = 1 }
    /// zxing-cpp 1.4's BarcodeFormat flags (ZXing/BarcodeFormat.h).
    enum Format: Int32, CaseIterable, Sendable {
        case aztec = 0x1, codabar = 0x2, code39 = 0x4, code93 = 0x8, code128 = 0x10, dataBar = 0x20, dataBarExpanded =
            0x40
        case dataMatrix = 0x80, ean8 = 0x100, ean13 = 0x200, itf = 0x400, maxiCode = 0x800, pdf417 = 0x1000
        case qrCode = 0x2000, upcA = 0x4000, upcE = 0x8000, microQRCode = 0x10000
    }

    struct Settings {
        var tryHarder = true
        var tryRotate = true
        var tryDownscale = true
        var binarizer: Binarizer = .localAverage
        var formats: Set<Format> = [.qrCode]
        /// Stop after this many codes (0: no limit).
        var maxSymbols = 0
    }

    static func read(_ luma: LumaPlane, _ settings: Settings = .init()) throws(DetectorError) -> [DecodedCode] {
        guard luma.width > 0, luma.height > 0, luma.bytes.count >= luma.bytesPerRow * (luma.height - 1) + luma.width
        else { return [] }
        var options = czx_read_options(
            try_harder: settings.tryHarder ? 1 : 0, try_rotate: settings.tryRotate ? 1 : 0,
            try_downscale: settings.tryDownscale ? 1 : 0,
            binarizer: settings.binarizer.rawValue, max_symbols: Int32(settings.maxSymbols),
            formats: settings.formats.reduce(0) { $0 | $1.rawValue })
        var results: UnsafeMutablePointer<czx_result>? = nil
        var message = [CChar](repeating: 0, count: 256)
        let count = luma.bytes.withUnsafeBufferPointer { pixels in
            czx_read(
                pixels.baseAddress, Int32(luma.width), Int32(luma.height), Int32(luma.bytesPerRow),
                &options, &results, &message, Int32(message.count))
        }
        defer { czx_free_results(results, max(count, 0)) }
        guard count >= 0 else {
            throw .decoderFailed(
                reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        guard let results else { return [] }
        return (0..<Int(count)).map { i in
            let r = results[i]
            let text = r.text.map { String(cString: $0) } ?? ""
            let bytes = r.bytes.map { Array(UnsafeBufferPointer(start: $0, count: Int(r.byte_count))) } ?? []
            let c = r.corners
            let corners = [
                (Double(c.0), Double(c.1)), (Double(c.2), Double(c.3)),
                (Double(c.4), Double(c.5)), (Double(c.6), Double(c.7))
            ].map { (x: $0.0, y: $0.1) }
            return DecodedCode(
                text: text, bytes: bytes, corners: corners, isMirrored: r.is_mirrored != 0,
                format: Format(rawValue: r.format) ?? .qrCode,
                errorCorrectionLevel: r.ec_level.map { String(cString: $0) } ?? "", contentType: Int(r.content_type))
        }
    }
}
