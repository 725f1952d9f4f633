import CZXing

/// QR code modules for a text, through zxing-cpp's writer: fixtures for tests and demos.
/// Core Image's `CIQRCodeGenerator` (correction levels L, M, Q, H).
///
///     let code = try QRCodeEncoder.encode("hello", correction: .medium)   // code.modules[y * code.size + x]
public enum QRCodeEncoder {
    public enum Correction: Int32, Sendable, CaseIterable {
        // zxing-cpp 1.4 maps its 0…8 scale onto L M Q H by halving.
        case low = 0, medium = 2, quartile = 4, high = 6
    }

    /// Square module matrix, rows top to bottom, `true` for dark, with `margin` light modules around.
    public struct Symbol: Sendable, Equatable {
        public let size: Int
        public let modules: [Bool]
    }

    public static func encode(_ text: String, correction: Correction = .medium, margin: Int = 4) throws(DetectorError) -> Symbol {
        var capacity = 200 * 200
        var message = [CChar](repeating: 0, count: 256)
        for _ in 0..<2 {
            var modules = [UInt8](repeating: 0, count: capacity)
            var size: Int32 = 0
            let status = czx_encode_qr(text, correction.rawValue, Int32(margin), &modules, Int32(capacity), &size,
                                       &message, Int32(message.count))
            if status == 0 {
                let side = Int(size)
                return Symbol(size: side, modules: modules.prefix(side * side).map { $0 != 0 })
            }
            if status == -2 { capacity = Int(size) * Int(size); continue }
            break
        }
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw .encoderFailed(text: text, reason: reason.isEmpty ? "zxing-cpp refused it" : reason)
    }
}

extension QRCodeEncoder.Symbol {
    /// The symbol drawn into `plane` with `moduleSize`-pixel modules, its top-left at pixel (`x`, `y`).
    public func draw(into plane: inout LumaPlane, x: Int, y: Int, moduleSize: Int, dark: UInt8 = 0, light: UInt8 = 255) {
        let w = plane.width
        for my in 0..<size {
            for mx in 0..<size {
                let value = modules[my * size + mx] ? dark : light
                for py in 0..<moduleSize {
                    let row = y + my * moduleSize + py
                    guard row >= 0, row < plane.height else { continue }
                    for px in 0..<moduleSize {
                        let col = x + mx * moduleSize + px
                        guard col >= 0, col < w else { continue }
                        plane.bytes[row * plane.bytesPerRow + col] = value
                    }
                }
            }
        }
    }
}
