import IrisCore
import IrisFilters
import IrisDetect

/// A QR code ready to draw into test pictures: IrisCore's `QRCodeSymbol` (the encoder behind
/// CIQRCodeGenerator) with a quiet zone of `margin` light modules on every side. The standard asks for 4;
/// pictures that pack codes tightly use less.
///
///     let code = try QRCodePicture("hello", margin: 2)
///     code.draw(into: &plane, x: 10, y: 10, moduleSize: 3)   // code.size × 3 pixels square, top-left at (10, 10)
public struct QRCodePicture: Sendable, Equatable {
    public let symbol: QRCodeSymbol
    /// Light modules around the symbol on each side.
    public let margin: Int

    /// Modules per side, quiet zone included: the symbol's size + 2 × margin.
    public var size: Int { symbol.size + 2 * margin }

    public init(symbol: QRCodeSymbol, margin: Int = 4) {
        self.symbol = symbol
        self.margin = max(margin, 0)
    }

    /// `text` as UTF-8 bytes in byte mode, in the smallest version that holds it at `correction`.
    public init(_ text: String, correction: QRCodeSymbol.Correction = .medium, margin: Int = 4) throws(QRCodeError) {
        self.init(symbol: try QRCodeSymbol(message: Array(text.utf8), correction: correction), margin: margin)
    }

    /// Whether module (`x`, `y`) of the picture is dark, row 0 at the top; the quiet zone is light.
    public func isDark(x: Int, y: Int) -> Bool {
        let sx = x - margin, sy = y - margin
        guard sx >= 0, sy >= 0, sx < symbol.size, sy < symbol.size else { return false }
        return symbol.isDark(x: sx, y: sy)
    }

    /// The module matrix, `size` × `size`, row-major from the top, true for dark.
    public var modules: [Bool] {
        (0..<(size * size)).map { isDark(x: $0 % size, y: $0 / size) }
    }

    /// Draws the picture into `plane` with `moduleSize`-pixel modules, its top-left at pixel (`x`, `y`) in the
    /// plane's rows (top-left origin); what falls outside the plane is left out.
    public func draw(into plane: inout LumaPlane, x: Int, y: Int, moduleSize: Int, dark: UInt8 = 0, light: UInt8 = 255)
    {
        for my in 0..<size {
            for mx in 0..<size {
                let value = isDark(x: mx, y: my) ? dark : light
                for py in 0..<moduleSize {
                    let row = y + my * moduleSize + py
                    guard row >= 0, row < plane.height else { continue }
                    for px in 0..<moduleSize {
                        let column = x + mx * moduleSize + px
                        guard column >= 0, column < plane.width else { continue }
                        plane.bytes[row * plane.bytesPerRow + column] = value
                    }
                }
            }
        }
    }

    /// The picture alone on a plane of its own: `size × moduleSize` pixels square.
    public func plane(moduleSize: Int, dark: UInt8 = 0, light: UInt8 = 255) -> LumaPlane {
        var plane = LumaPlane(width: size * moduleSize, height: size * moduleSize, value: light)
        draw(into: &plane, x: 0, y: 0, moduleSize: moduleSize, dark: dark, light: light)
        return plane
    }
}
