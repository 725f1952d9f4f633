import Foundation
import IrisCore
@testable import IrisFilters
import IrisDetect
import IrisEval
import Testing

/// Barcodes through zxing-cpp, on pictures made here by IrisCore's encoders: the bars CICode128BarcodeGenerator
/// draws (`Code128Symbol.rgbaBuffer`, the buffer its recipe is made of), CIPDF417BarcodeGenerator's and
/// CIAztecCodeGenerator's symbols the same way, and QR codes from `QRCodeSymbol`.
@Suite struct BarcodeDetectionTests {
    /// A Code 128 barcode, `module` pixels a module, on a mid-grey plane, with where its bars are in top-left
    /// pixel coordinates: x from the first bar's left edge to the last bar's right edge, y over the bars' rows.
    struct Picture {
        var plane: LumaPlane
        var bars: (x0: Int, x1: Int, y0: Int, y1: Int)
    }

    static func code128(
        _ text: String, module: Int = 3, width: Int = 800, height: Int = 200, at origin: (x: Int, y: Int) = (20, 40),
        barHeight: Int = 30
    ) throws -> Picture {
        let symbol = try Code128Symbol(message: Array(text.utf8))
        let quiet = 10
        let drawn = LumaPlane(buffer: symbol.rgbaBuffer(quietSpace: quiet, barHeight: barHeight))
        var plane = LumaPlane(width: width, height: height, value: 128)
        // Each of the generator's pixels as module × module pixels (its modules are a pixel wide, rows too).
        for row in 0..<(drawn.height * module) {
            for x in 0..<(drawn.width * module) where origin.x + x < width && origin.y + row < height {
                plane.bytes[(origin.y + row) * width + origin.x + x] = drawn[x / module, row / module]
            }
        }
        let x0 = origin.x + quiet * module, y0 = origin.y + quiet * module
        return Picture(plane: plane, bars: (x0, x0 + symbol.modules.count * module, y0, y0 + barHeight * module))
    }

    /// A generator's RGBA picture (one pixel a module) on a plane (mid-grey unless told), `module` pixels a module, its
    /// top-left corner at `origin` (top-left pixel coordinates).
    static func placed(
        _ buffer: PixelBuffer, module: Int, width: Int, height: Int, at origin: (x: Int, y: Int),
        background: UInt8 = 128
    ) -> LumaPlane {
        let drawn = LumaPlane(buffer: buffer)
        var plane = LumaPlane(width: width, height: height, value: background)
        for row in 0..<(drawn.height * module) where origin.y + row < height {
            for x in 0..<(drawn.width * module) where origin.x + x < width {
                plane.bytes[(origin.y + row) * width + origin.x + x] = drawn[x / module, row / module]
            }
        }
        return plane
    }

    /// A 2-D code: the error-correction level the encoder was told is the one zxing-cpp reports back.
    @Test func readsAPDF417WithItsErrorCorrectionLevel() throws {
        var options = PDF417Symbol.Options()
        options.correctionLevel = 3
        let symbol = try PDF417Symbol(message: Array("Ticket 0042, seat 17C".utf8), options: options)
        let buffer = symbol.rgbaBuffer()
        let plane = Self.placed(
            buffer, module: 2, width: buffer.width * 2 + 60, height: buffer.height * 2 + 60, at: (30, 30))
        let codes = try Detector(type: .barcode).features(in: plane).barcodes
        #expect(codes.map(\.symbology) == [.pdf417] && codes.map(\.messageString) == ["Ticket 0042, seat 17C"])
        #expect(codes.first?.errorCorrectionLevel == "3")
        // Inside the picture the generator drew (the symbol, quiet zone included), in bottom-left coordinates.
        for corner in try #require(codes.first).corners.points {
            #expect(corner.x >= 30 && corner.x <= Double(30 + buffer.width * 2), "\(corner)")
            #expect(
                corner.y >= Double(plane.height - 30 - buffer.height * 2) && corner.y <= Double(plane.height - 30),
                "\(corner)")
        }
    }

    /// A binary code: its bytes come back as they were, and it says it is binary. zxing-cpp 1.4 looks for an
    /// Aztec code's bullseye from the middle of the picture outwards, so the code is drawn there.
    @Test func readsAnAztecCodesBytes() throws {
        let bytes: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xC3, 0xFE, 0xFF, 0x41, 0x42, 0x00]
        let symbol = try AztecSymbol(message: bytes)
        let buffer = symbol.rgbaBuffer(border: 2)
        let origin = (x: (300 - buffer.width * 4) / 2, y: (300 - buffer.height * 4) / 2)
        let plane = Self.placed(buffer, module: 4, width: 300, height: 300, at: origin, background: 255)
        let codes = try Detector(type: .barcode).features(in: plane).barcodes
        #expect(codes.map(\.symbology) == [.aztec])
        #expect(codes.first?.payload == bytes)
        #expect(codes.first?.isBinary == true, "\(String(describing: codes.first?.contentType))")
        // zxing-cpp 1.4 reports no error-correction level for Aztec codes.
        #expect(codes.first?.errorCorrectionLevel == nil)
        // The symbol's corners: modules 2…size+2 of the drawing, 4 px each, y flipped; upright, so the
        // top-left corner is the drawing's.
        let code = try #require(codes.first)
        let x0 = Double(origin.x + 2 * 4), x1 = Double(origin.x + (2 + symbol.size) * 4)
        let top = Double(300 - origin.y - 2 * 4), bottom = Double(300 - origin.y - (2 + symbol.size) * 4)
        for corner in code.corners.points {
            #expect(
                min(abs(corner.x - x0), abs(corner.x - x1)) <= 4
                    && min(abs(corner.y - top), abs(corner.y - bottom)) <= 4, "\(code.corners)")
        }
        #expect(
            abs(code.corners.topLeft.x - x0) <= 4 && abs(code.corners.topLeft.y - top) <= 4, "upright: \(code.corners)")
    }

    /// What zxing-cpp 1.4 cannot do, and so neither can Iris: an Aztec code well away from the picture's middle
    /// is not found (docs/detectors.md). If this starts failing, a newer zxing-cpp finds them: say so there.
    @Test func anAztecCodeFarFromTheMiddleIsNotFound() throws {
        let buffer = try AztecSymbol(message: Array("corner".utf8)).rgbaBuffer(border: 2)
        let plane = Self.placed(buffer, module: 4, width: 300, height: 300, at: (20, 20), background: 255)
        #expect(try Detector(type: .barcode).features(in: plane).isEmpty)
        let middle = Self.placed(
            buffer, module: 4, width: 300, height: 300,
            at: ((300 - buffer.width * 4) / 2, (300 - buffer.height * 4) / 2), background: 255)
        #expect(try Detector(type: .barcode).features(in: middle).barcodes.map(\.messageString) == ["corner"])
    }

    @Test func readsACode128WithItsSymbologyTextBytesAndCorners() throws {
        let text = "IRIS-0042 parcel"
        let picture = try Self.code128(text)
        let codes = try Detector(type: .barcode).features(in: picture.plane).barcodes
        #expect(codes.map(\.symbology) == [.code128])
        #expect(codes.map(\.messageString) == [text])
        #expect(codes.first?.payload == Array(text.utf8))
        #expect(codes.first?.contentType == .text && codes.first?.isBinary == false)
        #expect(codes.first?.errorCorrectionLevel == nil, "1-D codes have no error-correction level")
        let code = try #require(codes.first)
        #expect(code.type == .barcode)
        // Image coordinates: bottom-left origin. The left corners sit on the first bar, the right ones on the
        // last (within a module); both lie on scan lines through the bars.
        let h = Double(picture.plane.height), bars = picture.bars
        for corner in [code.corners.topLeft, code.corners.bottomLeft] {
            #expect(abs(corner.x - Double(bars.x0)) <= 3, "\(code.corners)")
        }
        for corner in [code.corners.topRight, code.corners.bottomRight] {
            #expect(abs(corner.x - Double(bars.x1)) <= 3, "\(code.corners)")
        }
        for corner in code.corners.points {
            #expect(
                corner.y <= h - Double(bars.y0) + 1 && corner.y >= h - Double(bars.y1) - 1,
                "\(corner) outside the bars' rows")
        }
        #expect(code.corners.topLeft.y >= code.corners.bottomLeft.y)
    }

    /// zxing-cpp 1.4 (Debian's build keeps its asserts) aborts the process when it merges two reads of one 1-D
    /// symbology with the same content; Iris turns that into an error and reads such codes one at a time.
    @Test func twoEqualCodesAreBothReadAndDoNotAbort() throws {
        var picture = try Self.code128("SAME 42", width: 700, height: 320, at: (20, 10))
        let second = try Self.code128("SAME 42", width: 700, height: 320, at: (330, 170))
        for i in picture.plane.bytes.indices where second.plane.bytes[i] != 128 {
            picture.plane.bytes[i] = second.plane.bytes[i]
        }
        for accuracy in DetectorOptions.Accuracy.allCases {
            let codes = try Detector(type: .barcode, options: DetectorOptions(accuracy: accuracy)).features(
                in: picture.plane
            ).barcodes
            #expect(codes.map(\.messageString) == ["SAME 42", "SAME 42"], "\(accuracy)")
            // One on each drawing: left corners near each code's first bar (top-left pixel x 50 and 360).
            #expect(
                Set(codes.map { Int(($0.corners.topLeft.x / 10).rounded()) }) == [5, 36],
                "\(accuracy): \(codes.map(\.corners))")
        }
    }

    @Test func qrCodesAreTheQRDetectorsNotTheBarcodeDetectors() throws {
        let (plane, _) = try QRTestPictures.plane(texts: ["only for qr"])
        #expect(try Detector(type: .barcode).features(in: plane).isEmpty)
        #expect(try Detector(type: .qrCode).features(in: plane).qrCodes.map(\.messageString) == ["only for qr"])
        #expect(!BarcodeSymbology.standard.contains { $0.rawValue.lowercased() == "qr" })
    }

    @Test func readsOnlyTheSymbologiesAsked() throws {
        let picture = try Self.code128("1234567890")
        var options = DetectorOptions()
        options.symbologies = [.ean13, .dataMatrix]
        #expect(try Detector(type: .barcode, options: options).features(in: picture.plane).isEmpty)
        options.symbologies = [.code128]
        #expect(
            try Detector(type: .barcode, options: options).features(in: picture.plane).barcodes.map(\.messageString)
                == ["1234567890"])
    }

    @Test func lowAccuracyReadsAPlainCodeToo() throws {
        let picture = try Self.code128("live video")
        let low = try Detector(type: .barcode, options: DetectorOptions(accuracy: .low))
        #expect(try low.features(in: picture.plane).barcodes.map(\.messageString) == ["live video"])
    }

    @Test func nothingIsReadInNoiseOrAnEmptyFrame() throws {
        var random = SeededRandom(seed: 9)
        let noise = LumaPlane(
            width: 320, height: 240, bytes: (0..<(320 * 240)).map { _ in UInt8(random.next() & 0xFF) })
        #expect(try Detector(type: .barcode).features(in: noise).isEmpty)
        #expect(try Detector(type: .barcode).features(in: LumaPlane(width: 320, height: 240, value: 90)).isEmpty)
    }

    @Test(arguments: [Orientation.right, .down, .leftMirrored])
    func cornersMapBackThroughTheOrientation(orientation: Orientation) throws {
        let picture = try Self.code128("turned", width: 400, height: 240)
        let stored = QRTestPictures.stored(picture.plane, for: orientation)
        let found = try #require(
            try Detector(type: .barcode).features(in: stored, options: FeatureOptions(orientation: orientation))
                .barcodes.first)
        // In the stored image's coordinates; the orientation's transform takes them to the upright picture's.
        let back = found.applying(orientation.transform(for: Rect(width: stored.width, height: stored.height)))
        #expect(back.messageString == "turned")
        let h = Double(picture.plane.height), bars = picture.bars
        for corner in back.corners.points {
            #expect(
                corner.x >= Double(bars.x0) - 3 && corner.x <= Double(bars.x1) + 3, "\(orientation): \(back.corners)")
            #expect(
                corner.y <= h - Double(bars.y0) + 1 && corner.y >= h - Double(bars.y1) - 1,
                "\(orientation): \(back.corners)")
        }
    }

    @Test func minimumFeatureSizeMeasuresTheLongerSide() throws {
        // "AB" is 57 modules, 171 px at 3 px a module: about 0.43 of the 400-px shorter side. A 1-D code's quad
        // spans only the scan lines that read it, so its longer side is what the minimum size is held to.
        let picture = try Self.code128("AB", width: 400, height: 400)
        let barsWidth = Double(picture.bars.x1 - picture.bars.x0) / 400
        let under = try Detector(type: .barcode, options: DetectorOptions(minimumFeatureSize: barsWidth * 0.8))
        let over = try Detector(type: .barcode, options: DetectorOptions(minimumFeatureSize: min(1, barsWidth * 1.2)))
        #expect(try under.features(in: picture.plane).count == 1)
        #expect(try over.features(in: picture.plane).isEmpty)
    }

    @Test func noSymbologyIsATypedError() {
        var options = DetectorOptions()
        options.symbologies = []
        #expect(throws: DetectorError.self) { try Detector(type: .barcode, options: options) }
        do { _ = try Detector(type: .barcode, options: options) } catch {
            guard case let .invalidOption(name, _, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(name == "symbologies")
        }
    }

    @Test func theJSONShapeNamesTheSymbologyAndCarriesTheBytes() throws {
        let picture = try Self.code128("json 7")
        let features = try Detector(type: .barcode).features(in: picture.plane)
        let data = try JSONEncoder().encode(FeatureList(features))
        let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let object = try #require(list.first)
        #expect(Set(object.keys) == ["type", "corners", "symbology", "message", "payload", "contentType"])
        #expect(object["type"] as? String == "barcode")
        #expect(object["symbology"] as? String == "code128")
        #expect(object["message"] as? String == "json 7")
        #expect(object["payload"] as? String == Array("json 7".utf8).map { String(format: "%02x", $0) }.joined())
        #expect(object["contentType"] as? String == "text")
        #expect(
            (object["corners"] as? [String: [Double]])?.keys.sorted() == [
                "bottomLeft", "bottomRight", "topLeft", "topRight"
            ])
        // Where zxing-cpp reports an error-correction level, it is there too.
        let pdf417 = BarcodeFeature(
            symbology: .pdf417, messageString: "x", payload: [0x78], corners: features[0].corners,
            errorCorrectionLevel: "2")
        let encoded = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(FeatureList([.barcode(pdf417)])))
                as? [[String: Any]])
        #expect(
            encoded.first?["errorCorrectionLevel"] as? String == "2"
                && encoded.first?["symbology"] as? String == "pdf417")
    }
}

/// `--symbologies` and `detect.symbologies` words: Vision's names, other spellings, did-you-mean.
@Suite struct BarcodeSymbologyNameTests {
    @Test func listsReadVisionsNamesInAnyCase() throws {
        #expect(try BarcodeSymbology.list("ean13,code128,datamatrix") == [.ean13, .code128, .dataMatrix])
        #expect(try BarcodeSymbology.list(" EAN-13 , Code_128 , microQR ") == [.ean13, .code128, .microQR])
        #expect(try BarcodeSymbology.list("itf,i2of5,upc-a,UPCE") == [.i2of5, .upca, .upce])
        #expect(try BarcodeSymbology.list("all") == BarcodeSymbology.allCases)
        #expect(Set(try BarcodeSymbology.list("all")) == BarcodeSymbology.standard)
        #expect(BarcodeSymbology.allCases.count == 13)
        for symbology in BarcodeSymbology.allCases { #expect(BarcodeSymbology(name: symbology.rawValue) == symbology) }
    }

    @Test func unknownNamesSuggestTheClosest() {
        #expect(throws: BarcodeSymbologyError.unknown(name: "ean31", suggestion: "ean13")) {
            try BarcodeSymbology.list("ean31")
        }
        #expect(throws: BarcodeSymbologyError.unknown(name: "code182", suggestion: "code128")) {
            try BarcodeSymbology.list("code39,code182")
        }
        #expect(throws: BarcodeSymbologyError.unknown(name: "datamatrx", suggestion: "dataMatrix")) {
            try BarcodeSymbology.list("datamatrx")
        }
        #expect(throws: BarcodeSymbologyError.unknown(name: "postnet", suggestion: nil)) {
            try BarcodeSymbology.list("postnet")
        }
        #expect(throws: BarcodeSymbologyError.qrCode(name: "qr")) { try BarcodeSymbology.list("ean13,qr") }
        #expect(throws: BarcodeSymbologyError.empty) { try BarcodeSymbology.list("") }
        #expect(throws: BarcodeSymbologyError.empty) { try BarcodeSymbology.list("ean13,,code128") }
        let message = BarcodeSymbologyError.unknown(name: "ean31", suggestion: "ean13").description
        #expect(message.contains("did you mean 'ean13'?") && message.contains("dataMatrix"))
        #expect(BarcodeSymbologyError.qrCode(name: "qr").description.contains("qr detector"))
    }
}
