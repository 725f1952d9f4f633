import Foundation
import IrisCore
@testable import IrisFilters
@testable import IrisDetect
import Testing

/// CIQRCodeGenerator's pixels on both renderers are the symbol's modules, one pixel each, inside a light border.
@Suite(.serialized) struct CodeGeneratorRenderTests {
    @Test func qRCodePixelsAreTheModules() throws {
        let message = Array("https://example.org/iris".utf8)
        let symbol = try QRCodeSymbol(message: message, correction: .low)
        let image = try Image.qrCode(message: message, correctionLevel: "L")
        for renderer in [Renderers.cpu as any Renderer, try Renderers.glesRenderer()] {
            let out = try Renderers.render(image, on: renderer)
            #expect(out.width == (symbol.size + 2))
            for row in 0..<out.height {
                for x in 0..<out.width {
                    let inside = (1...symbol.size).contains(x) && (1...symbol.size).contains(row)
                    let dark = inside && symbol.isDark(x: x - 1, y: row - 1)
                    #expect(
                        out.rgba(x: x, row: row) == (dark ? SIMD4(0, 0, 0, 255) : SIMD4(255, 255, 255, 255)),
                        "\(renderer.name) at \(x),\(row)")
                }
            }
        }
    }
}

/// CICode128BarcodeGenerator's bars, rendered on both renderers, read back by zxing-cpp (an independent
/// reader) as the message; the size follows the standard's module counts.
@Suite(.serialized) struct Code128RenderTests {
    private func barcode(_ parameters: [String: FilterValue]) throws -> Image {
        var filter = try Filter(name: "CICode128BarcodeGenerator")
        for (key, value) in parameters { try filter.setValue(value, forKey: key) }
        return try filter.outputImage()
    }

    /// The rendered barcode's green channel as a luma plane, each module `scale` pixels wide.
    private func decode(_ buffer: PixelBuffer, scale: Int) throws -> [String] {
        let width = buffer.width * scale
        var bytes = [UInt8](repeating: 255, count: width * buffer.height)
        for row in 0..<buffer.height {
            for x in 0..<width { bytes[row * width + x] = buffer.rgba(x: x / scale, row: row)[1] }
        }
        var settings = ZXingReader.Settings()
        settings.formats = [.code128]
        return try ZXingReader.read(LumaPlane(width: width, height: buffer.height, bytes: bytes), settings).map(\.text)
    }

    @Test func everyKindOfMessageReadsBack() throws {
        let messages = [
            "IRIS-0042", "Hello, World!", "0123456789", "1234", "12", "ABC12345678def", "x1234567y", "tab\there",
            String((32...126).map { Character(UnicodeScalar(UInt8($0))) }), ""
        ]
        for renderer in [Renderers.cpu as any Renderer, try Renderers.glesRenderer()] {
            for message in messages {
                let image = try barcode(["inputMessage": .data(Array(message.utf8))])
                let buffer = try Renderers.render(image, on: renderer)
                #expect(
                    (try decode(buffer, scale: 2)) == (message.isEmpty ? [] : [message]),
                    "\(renderer.name): '\(message)'")
            }
        }
    }

    /// Start B, A (33), B (34), check (104 + 33 + 2·34) mod 103 = 102, stop: 4 × 11 + 13 modules.
    @Test func sizeAndCheckSymbolFollowTheStandard() throws {
        let symbol = try Code128Symbol(message: Array("AB".utf8))
        #expect(symbol.values == [104, 33, 34, 102, 106])
        #expect(symbol.modules.count == 57)
        let image = try barcode([
            "inputMessage": .data(Array("AB".utf8)), "inputQuietSpace": .number(3), "inputBarcodeHeight": .number(10)
        ])
        #expect(image.extent == Rect(x: 0, y: 0, width: 63, height: 16))
        let out = try Renderers.render(image, on: Renderers.cpu)
        // Quiet space all round is white; the first module of the bars (start B: 2 1 1 2 1 4) is dark.
        for (x, row) in [(0, 8), (2, 8), (60, 8), (10, 0), (10, 15)] {
            #expect(out.rgba(x: x, row: row) == SIMD4(255, 255, 255, 255), "\(x), \(row)")
        }
        #expect(out.rgba(x: 3, row: 3) == SIMD4(0, 0, 0, 255))
        #expect(out.rgba(x: 5, row: 12) == SIMD4(255, 255, 255, 255), "the start symbol's first space")
    }

    @Test func aNonASCIIMessageIsATypedError() throws {
        do {
            _ = try barcode(["inputMessage": .data(Array("café".utf8))])
            Issue.record("expected an error")
        } catch {
            guard case let .invalidValue(filter, key, reason)? = error as? FilterError else {
                Issue.record("\(error)")
                return
            }
            #expect(filter == "CICode128BarcodeGenerator")
            #expect(key == "inputMessage")
            #expect(reason.contains("byte 3"), "\(reason)")
        }
    }
}
