import XCTest
import IrisCore

/// CIQRCodeGenerator's pixels on both renderers are the symbol's modules, one pixel each, inside a light border.
final class CodeGeneratorRenderTests: XCTestCase {
    func testQRCodePixelsAreTheModules() throws {
        let message = Array("https://example.org/iris".utf8)
        let symbol = try QRCodeSymbol(message: message, correction: .low)
        let image = try Image.qrCode(message: message, correctionLevel: "L")
        for renderer in [Renderers.cpu as any Renderer, try Renderers.glesRenderer()] {
            let out = try Renderers.render(image, on: renderer)
            XCTAssertEqual(out.width, symbol.size + 2)
            for row in 0..<out.height {
                for x in 0..<out.width {
                    let inside = (1...symbol.size).contains(x) && (1...symbol.size).contains(row)
                    let dark = inside && symbol.isDark(x: x - 1, y: row - 1)
                    XCTAssertEqual(out.rgba(x: x, row: row), dark ? SIMD4(0, 0, 0, 255) : SIMD4(255, 255, 255, 255),
                                   "\(renderer.name) at \(x),\(row)")
                }
            }
        }
    }
}
