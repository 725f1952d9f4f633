import IrisCore

extension Detector {
    /// zxing-cpp's settings for the barcode detector: at high accuracy exactly its defaults (what its own
    /// Python binding and ZXing's blackbox tests' "slow" pass use: try harder, rotated, downscaled copies,
    /// the local-average binarizer), so Iris reads what zxing-cpp reads; at low accuracy without trying
    /// harder (1-D codes on 15 scan lines about the middle rather than every line), for live video.
    static func barcodeSettings(accuracy: DetectorOptions.Accuracy, symbologies: Set<BarcodeSymbology>)
        -> ZXingReader.Settings
    {
        var settings = ZXingReader.Settings()
        settings.tryHarder = accuracy == .high
        settings.tryRotate = true
        settings.tryDownscale = true
        settings.binarizer = .localAverage
        settings.formats = Set(symbologies.map(\.zxingFormat))
        return settings
    }

    /// Every barcode of the chosen symbologies in an upright plane, in its top-left pixel coordinates (the
    /// caller maps them into image coordinates). One zxing-cpp pass on the whole plane, no retries: unlike
    /// the QR detector, this one reads what zxing-cpp reads.
    func barcodes(in upright: LumaPlane) throws(DetectorError) -> [BarcodeFeature] {
        let settings = Self.barcodeSettings(accuracy: options.accuracy, symbologies: options.symbologies)
        // A 1-D code's quad spans only the scan lines that read it, so its size is its longer side.
        let smallest = effectiveMinimumFeatureSize * Double(min(upright.width, upright.height))
        return try Self.readBarcodes(upright, settings).compactMap { code in
            guard let symbology = BarcodeSymbology(zxing: code.format), options.symbologies.contains(symbology) else {
                return nil
            }
            let c = code.corners.map { Point(x: $0.x, y: $0.y) }
            let quad = Quadrilateral(topLeft: c[0], topRight: c[1], bottomLeft: c[3], bottomRight: c[2])
            guard max(quad.bounds.width, quad.bounds.height) >= smallest else { return nil }
            return BarcodeFeature(
                symbology: symbology, messageString: code.text, payload: code.bytes, corners: quad,
                contentType: BarcodeFeature.ContentType(zxing: code.contentType),
                errorCorrectionLevel: code.errorCorrectionLevel.isEmpty ? nil : code.errorCorrectionLevel)
        }
    }

    /// zxing-cpp's one pass, or, where zxing-cpp 1.4 trips its own assertion (two reads of one 1-D symbology
    /// with the same content: equal codes side by side, or one code found again in a downscaled copy; see
    /// CZXing/ZXingAssertions.cpp), the same symbologies read so that it cannot: 2-D codes as before (the
    /// assertion is on 1-D codes only), 1-D codes one at a time (`OneAtATimeReading`).
    static func readBarcodes(_ luma: LumaPlane, _ settings: ZXingReader.Settings) throws(DetectorError) -> [DecodedCode]
    {
        do {
            return try ZXingReader.read(luma, settings)
        } catch let error {
            guard case let .decoderFailed(reason) = error, reason.hasPrefix("zxing-cpp assertion") else { throw error }
        }
        var found: [DecodedCode] = []
        var twoD = settings
        twoD.formats = settings.formats.intersection(OneAtATimeReading.matrixFormats)
        if !twoD.formats.isEmpty { found += try ZXingReader.read(luma, twoD) }
        var oneD = settings
        oneD.formats = settings.formats.subtracting(OneAtATimeReading.matrixFormats)
        if !oneD.formats.isEmpty { found += try OneAtATimeReading(settings: oneD).codes(in: luma) }
        return found
    }
}
