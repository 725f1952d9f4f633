import Foundation
import IrisCore
@testable import IrisFilters
import IrisDetect
import IrisVideo
import Testing

/// `iris detect --detect barcode [--symbologies …]` end to end: the JSON line, the plain summary, QR codes and
/// barcodes side by side, `--truth zxing` on a folder of barcodes, and refusals that name the fix.
@Suite(.enabled(if: IrisExecutable.path != nil, "the iris executable is not built"))
struct DetectBarcodeCLITests {
    /// A white picture with the Code 128 barcode CICode128BarcodeGenerator draws for `text` (IrisCore's
    /// `Code128Symbol`), 3 px a module, its bars from x0 to x1 and y0 to y1 (top-left pixel coordinates); at
    /// least `width` wide, wider where the bars and 30 px of white on each side need it.
    static func code128(_ text: String, width: Int = 400, height: Int = 160) throws -> (
        plane: LumaPlane, x0: Int, x1: Int, y0: Int, y1: Int
    ) {
        let symbol = try Code128Symbol(message: Array(text.utf8))
        let x0 = 30, y0 = 40, module = 3, barHeight = 60
        let width = max(width, symbol.modules.count * module + 2 * x0)
        var plane = LumaPlane(width: width, height: height, value: 255)
        for (m, dark) in symbol.modules.enumerated() where dark {
            for row in y0..<(y0 + barHeight) {
                for x in (x0 + m * module)..<(x0 + (m + 1) * module) { plane.bytes[row * width + x] = 0 }
            }
        }
        return (plane, x0, x0 + symbol.modules.count * module, y0, y0 + barHeight)
    }

    static func png(_ plane: LumaPlane) throws -> [UInt8] { try StillImage.encode(plane.rgbaBuffer, as: .png) }

    static func features(_ result: IrisExecutable.Result) throws -> [[String: Any]] {
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdoutLines.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try #require(object["features"] as? [[String: Any]])
    }

    @Test func jsonNamesTheSymbologyTextBytesAndCorners() throws {
        let folder = try TemporaryFolder()
        let picture = try Self.code128("PARCEL-0042")
        try folder.write(try Self.png(picture.plane), to: "x.png")
        let features = try Self.features(
            try IrisExecutable.run(["detect", "x.png", "--detect", "barcode", "--json"], in: folder.path))
        #expect(features.count == 1)
        let code = try #require(features.first)
        #expect(code["type"] as? String == "barcode" && code["symbology"] as? String == "code128")
        #expect(code["message"] as? String == "PARCEL-0042" && code["contentType"] as? String == "text")
        #expect(code["payload"] as? String == Array("PARCEL-0042".utf8).map { String(format: "%02x", $0) }.joined())
        // Bottom-left coordinates: the bars span x0…x1, and rows height − y1 … height − y0.
        let corners = try #require(code["corners"] as? [String: [Double]])
        let h = Double(picture.plane.height)
        #expect(abs(try #require(corners["topLeft"])[0] - Double(picture.x0)) <= 3)
        #expect(abs(try #require(corners["bottomRight"])[0] - Double(picture.x1)) <= 3)
        for (name, point) in corners {
            #expect(
                point[1] >= h - Double(picture.y1) - 1 && point[1] <= h - Double(picture.y0) + 1, "\(name): \(point)")
        }
    }

    @Test func plainOutputSummarisesIt() throws {
        let folder = try TemporaryFolder()
        try folder.write(try Self.png(try Self.code128("plain text").plane), to: "x.png")
        let result = try IrisExecutable.run(["detect", "x.png", "--detect", "barcode"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#"barcode code128 "plain text" TL("#), "\(result.stdout)")
    }

    /// `all` has the barcode detector; with no --detect, `iris detect` looks for qr, face and rect as before.
    @Test func allReadsBarcodesAndTheDefaultDoesNot() throws {
        let folder = try TemporaryFolder()
        try folder.write(try Self.png(try Self.code128("in all").plane), to: "x.png")
        let all = try Self.features(
            try IrisExecutable.run(
                ["detect", "x.png", "--detect", "all", "--symbologies", "code128", "--json"], in: folder.path))
        #expect(all.filter { $0["type"] as? String == "barcode" }.map { $0["message"] as? String } == ["in all"])
        let plain = try Self.features(try IrisExecutable.run(["detect", "x.png", "--json"], in: folder.path))
        #expect(!plain.contains { $0["type"] as? String == "barcode" })
    }

    @Test func qrCodesAndBarcodesSideBySide() throws {
        let folder = try TemporaryFolder()
        var picture = try Self.code128("the bars", width: 400, height: 360).plane
        let qr = try QRPictures.luma("the square")
        for row in 0..<qr.height {
            for x in 0..<qr.width { picture.bytes[(150 + row) * picture.width + 100 + x] = qr[x, row] }
        }
        try folder.write(try Self.png(picture), to: "both.png")
        let features = try Self.features(
            try IrisExecutable.run(["detect", "both.png", "--detect", "qr,barcode", "--json"], in: folder.path))
        let found = Set(features.map { "\($0["type"] as? String ?? "?") \($0["message"] as? String ?? "?")" })
        #expect(found == ["qr the square", "barcode the bars"])
        // Narrowed to symbologies it does not hold, the barcode detector finds nothing; the QR detector still reads its
        // code.
        let narrowed = try Self.features(
            try IrisExecutable.run(
                ["detect", "both.png", "--detect", "qr,barcode", "--symbologies", "ean13,dataMatrix", "--json"],
                in: folder.path))
        #expect(narrowed.map { $0["type"] as? String } == ["qr"])
    }

    @Test func truthZXingScoresAFolderOfBarcodes() throws {
        let folder = try TemporaryFolder()
        try folder.write(try Self.png(try Self.code128("first parcel").plane), to: "samples/1.png")
        try folder.write(Array("first parcel\n".utf8), to: "samples/1.txt")
        try folder.write(try Self.png(try Self.code128("bytes 2").plane), to: "samples/2.png")
        try folder.write(Array("bytes 2".utf8), to: "samples/2.bin")
        try folder.write(try Self.png(LumaPlane(width: 200, height: 100, value: 255)), to: "samples/3.png")
        let result = try IrisExecutable.run(
            ["detect", "--truth", "zxing", "samples", "--detect", "barcode", "--symbologies", "code128"],
            in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("images 3, with a code 2, found 2, correct 2/2, false positives 0"),
            "\(result.stdout)")
        // A wrong text is counted as found but not correct, and named with --verbose.
        try folder.write(Array("another parcel".utf8), to: "samples/1.txt")
        let wrong = try IrisExecutable.run(
            ["detect", "--truth", "zxing", "samples", "--detect", "barcode", "--verbose"], in: folder.path)
        #expect(wrong.stdout.contains("found 2, correct 1/2"), "\(wrong.stdout)")
        #expect(wrong.stdout.contains(#"1.png: read ["code128 \"first parcel\""]"#), "\(wrong.stdout)")
        let faces = try IrisExecutable.run(
            ["detect", "--truth", "zxing", "samples", "--detect", "face"], in: folder.path)
        #expect(faces.status != 0 && faces.stderr.contains("add qr or barcode to --detect"), "\(faces.stderr)")
    }

    @Test func unknownSymbologiesAreRefusedWithTheClosestName() throws {
        let folder = try TemporaryFolder()
        try folder.write(try Self.png(try Self.code128("x").plane), to: "x.png")
        for command in [
            ["detect", "x.png", "--detect", "barcode"], ["run", "--detect", "barcode"], ["eval", "--detect", "barcode"]
        ] {
            let typo = try IrisExecutable.run(command + ["--symbologies", "ean13,datamatrx"], in: folder.path)
            #expect(
                typo.status != 0
                    && typo.stderr.contains("'datamatrx' is not a barcode symbology (did you mean 'dataMatrix'?)"),
                "\(command[0]): \(typo.stderr)")
            #expect(typo.stdout.isEmpty)
        }
        let qr = try IrisExecutable.run(
            ["detect", "x.png", "--detect", "barcode", "--symbologies", "qr"], in: folder.path)
        #expect(qr.status != 0 && qr.stderr.contains("QR codes are read by the qr detector"), "\(qr.stderr)")
        // Symbologies with no barcode detector to read them say what to add, with or without --detect.
        let unused = try IrisExecutable.run(
            ["detect", "x.png", "--detect", "qr", "--symbologies", "ean13"], in: folder.path)
        #expect(unused.status != 0 && unused.stderr.contains("add barcode to --detect"), "\(unused.stderr)")
        let defaulted = try IrisExecutable.run(["detect", "x.png", "--symbologies", "ean13"], in: folder.path)
        #expect(defaulted.status != 0 && defaulted.stderr.contains("add --detect barcode"), "\(defaulted.stderr)")
        let detector = try IrisExecutable.run(["detect", "x.png", "--detect", "barcod"], in: folder.path)
        #expect(detector.status != 0 && detector.stderr.contains("did you mean 'barcode'?"), "\(detector.stderr)")
    }
}
