import Foundation
import IrisCPU
import IrisCore
@testable import IrisFilters
import IrisDetect
@testable import IrisPipeline
import Testing

/// Barcodes in the live pipeline's pieces: CICode128BarcodeGenerator's recipe read by a detector with a
/// context, outlines and labels as QR codes have them (the label led by the symbology), objects known by
/// symbology and message, and `detect.symbologies` in pipeline files.
@Suite struct BarcodePipelineTests {
    static func quad(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Quadrilateral {
        Quadrilateral(
            topLeft: Point(x: x, y: y + h), topRight: Point(x: x + w, y: y + h),
            bottomLeft: Point(x: x, y: y), bottomRight: Point(x: x + w, y: y))
    }
    static func barcode(_ symbology: BarcodeSymbology, _ text: String, _ x: Double) -> BarcodeFeature {
        BarcodeFeature(
            symbology: symbology, messageString: text, payload: Array(text.utf8), corners: quad(x, 200, 120, 40))
    }
    static func result(_ frame: Int, _ features: [DetectedFeature]) -> DetectionResult {
        DetectionResult(
            frameIndex: frame, timestamp: Double(frame) / 10, width: 640, height: 480, features: features,
            milliseconds: 1)
    }
    static func summary(_ events: [ObjectEvent]) -> [String] {
        events.map { "\($0.type.rawValue) \($0.after.id) \($0.changes.joined(separator: ","))" }
    }

    @Test func theCode128GeneratorsRecipeReadsBackThroughAContext() throws {
        var filter = try Filter(name: "CICode128BarcodeGenerator")
        try filter.setValue(.data(Array("CI 128".utf8)), forKey: "inputMessage")
        try filter.setValue(.number(10), forKey: "inputQuietSpace")
        // One pixel a module as Core Image draws it; three, by an affine scale, for a camera-like picture.
        let bars = try filter.outputImage().transformed(by: AffineTransform(scaleX: 3, y: 3))
        let detector = try Detector(type: .barcode, context: Context(renderer: CPURenderer()))
        let codes = try detector.features(in: bars).barcodes
        #expect(codes.map(\.symbology) == [.code128] && codes.map(\.messageString) == ["CI 128"])
        #expect(codes.first?.payload == Array("CI 128".utf8))
        // The bars start after the 10-pixel quiet space (30 px scaled) and are 32 px tall (96 scaled) above it.
        let symbol = try Code128Symbol(message: Array("CI 128".utf8))
        let code = try #require(codes.first)
        #expect(
            abs(code.corners.topLeft.x - 30) <= 3
                && abs(code.corners.bottomRight.x - Double(30 + 3 * symbol.modules.count)) <= 3)
        for corner in code.corners.points { #expect(corner.y >= 29 && corner.y <= 127, "\(code.corners)") }
    }

    @Test func objectsAreKnownBySymbologyAndMessage() {
        var lifecycle = ObjectLifecycle(camera: "dock")
        let first = lifecycle.observe(
            Self.result(
                0,
                [
                    .barcode(Self.barcode(.ean13, "4006381333931", 10)),
                    .barcode(Self.barcode(.code128, "4006381333931", 300))
                ]))
        // The same digits in two symbologies are two objects, each with its symbology and message.
        #expect(Self.summary(first) == ["new barcode-1 appeared", "new barcode-2 appeared"])
        #expect(first.map { $0.after.symbology } == ["ean13", "code128"])
        #expect(first.map { $0.after.message } == ["4006381333931", "4006381333931"])
        #expect(first.allSatisfy { $0.after.label == "barcode" })
        // Seen elsewhere, each is the same object, moved; a QR code with the same text is another object.
        let second = lifecycle.observe(
            Self.result(
                1,
                [
                    .barcode(Self.barcode(.code128, "4006381333931", 20)),
                    .barcode(Self.barcode(.ean13, "4006381333931", 320)),
                    .qrCode(
                        QRCodeFeature(messageString: "4006381333931", payload: [], corners: Self.quad(100, 50, 60, 60)))
                ]))
        #expect(Self.summary(second) == ["update barcode-2 moved", "update barcode-1 moved", "new qr-1 appeared"])
        #expect(lifecycle.counts["barcode"] == 2 && lifecycle.counts["qr"] == 1)
        #expect(
            Self.summary(lifecycle.finish()) == [
                "end barcode-1 run ended", "end barcode-2 run ended", "end qr-1 run ended"
            ])
    }

    @Test func eventsCarryTheSymbologyInTheirJSON() throws {
        var lifecycle = ObjectLifecycle(camera: "dock")
        let event = try #require(
            lifecycle.observe(Self.result(0, [.barcode(Self.barcode(.dataMatrix, "LOT 7", 10))])).first)
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(event.after)) as? [String: Any])
        #expect(
            object["label"] as? String == "barcode" && object["symbology"] as? String == "dataMatrix"
                && object["message"] as? String == "LOT 7")
    }

    @Test func barcodesAreOutlinedAsQRCodesAndLabelledWithTheirSymbology() throws {
        let width = 240, height = 180
        var style = OverlayStyle()
        style.lineWidth = 3
        style.fontPixelSize = 14
        let code = BarcodeFeature(
            symbology: .ean13, messageString: "4006381333931", payload: [], corners: Self.quad(40, 100, 160, 40))
        let grey = Image(color: SIMD4(0.5, 0.5, 0.5, 1)).cropped(to: Rect(width: width, height: height))
        let out = try Context(renderer: CPURenderer()).render(
            try grey.overlaying([.barcode(code)], style: style), rect: Rect(width: width, height: height))
        // On the top and bottom edges, away from the corner mark: the QR colour (0, 230, 60).
        for (x, y) in [(120, 140), (120, 100), (200, 120)] {
            let p = out.rgba(x: x, row: height - 1 - y)
            #expect(p.x < 40 && p.y > 200 && p.z < 100, "edge pixel (\(x), \(y)) is \(p)")
        }
        // The label is the symbology's name, then the text.
        let plan = try OverlayPlan(features: [.barcode(code)], style: style, frame: Rect(width: width, height: height))
        let atlas = try GlyphAtlas.shared(pixelSize: 14)
        let box = try #require(plan.sheet?.boxes.first)
        #expect(box.width == LabelSheet.size(of: "EAN-13 4006381333931", atlas: atlas).width)
    }

    @Test func pipelineFilesNameTheSymbologies() throws {
        let config = try PipelineConfiguration(
            json: Data(
                #"""
                {"source": {"path": "a.mkv"}, "detect": {"types": ["barcode", "qr"], "symbologies": ["ean13", "Code-128", "dataMatrix"]}}
                """#.utf8)
        ).validated()
        #expect(config.detection.types == [.barcode, .qrCode])
        #expect(config.detection.symbologies == [.ean13, .code128, .dataMatrix])
        #expect(config.detection.detectorOptions.symbologies == [.ean13, .code128, .dataMatrix])
        let plain = try PipelineConfiguration(
            json: Data(#"{"source": {"path": "a.mkv"}, "detect": {"types": ["barcodes"]}}"#.utf8))
        #expect(
            plain.detection.types == [.barcode]
                && plain.detection.detectorOptions.symbologies == BarcodeSymbology.standard)
    }

    @Test func aWrongSymbologyIsRefusedNamingItsEntry() throws {
        func refusal(_ json: String) -> (field: String, reason: String)? {
            do {
                _ = try PipelineConfiguration(json: Data(json.utf8)).validated()
                return nil
            } catch {
                if case let .configuration(field, reason) = error { return (field, reason) }
                return nil
            }
        }
        let typo = try #require(
            refusal(
                #"{"source": {"path": "a.mkv"}, "detect": {"types": ["barcode"], "symbologies": ["ean13", "pdf471"]}}"#)
        )
        #expect(typo.field == "detect.symbologies[1]" && typo.reason.contains("did you mean 'pdf417'?"))
        let qr = try #require(
            refusal(#"{"source": {"path": "a.mkv"}, "detect": {"types": ["barcode"], "symbologies": ["qr"]}}"#))
        #expect(qr.field == "detect.symbologies[0]" && qr.reason.contains("qr detector"))
        #expect(
            refusal(#"{"source": {"path": "a.mkv"}, "detect": {"types": ["barcode"], "symbologies": []}}"#)?.field
                == "detect.symbologies")
        // Symbologies with no barcode detector to read them: asked for, and nothing would do it.
        let unused = try #require(
            refusal(#"{"source": {"path": "a.mkv"}, "detect": {"types": ["qr"], "symbologies": ["ean13"]}}"#))
        #expect(unused.field == "detect.symbologies" && unused.reason.contains("--detect barcode"))
        let type = try #require(refusal(#"{"source": {"path": "a.mkv"}, "detect": {"types": ["barcod"]}}"#))
        #expect(type.field == "detect.types[0]" && type.reason.contains("barcode"))
    }

    @Test func detectorNamesTakeBarcodeAndAllHasIt() throws {
        #expect(try DetectorNames.types(in: "qr,barcode").get() == [.qrCode, .barcode])
        #expect(try DetectorNames.types(in: "barcodes").get() == [.barcode])
        #expect(Set(try DetectorNames.types(in: "all").get()) == Set(DetectorType.allCases))
        #expect(DetectorNameError(name: "barcdoe").description.contains("did you mean 'barcode'?"))
    }
}
