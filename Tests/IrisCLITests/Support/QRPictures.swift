import IrisCore
import IrisDetect
import IrisEval

/// Pictures holding one QR code, so a test can tell from `iris detect`'s output which picture it read.
///
///     let still = try QRPictures.luma("first").rgbaBuffer   // for a PNG
enum QRPictures {
    static let size = 200

    /// A white 200×200 picture with `message` encoded in its middle.
    static func luma(_ message: String) throws -> LumaPlane {
        var plane = LumaPlane(width: size, height: size, value: 255)
        let code = try QRCodePicture(message)
        let module = 4
        let offset = (size - code.size * module) / 2
        code.draw(into: &plane, x: offset, y: offset, moduleSize: module)
        return plane
    }

    /// The same picture as an `.i420` frame (neutral chroma), what a recorder is given.
    static func i420(_ message: String) throws -> PixelBuffer {
        let plane = try luma(message).packed
        var buffer = PixelBuffer(width: size, height: size, format: .i420)
        buffer.planes[0].bytes = plane.bytes
        for plane in 1...2 {
            buffer.planes[plane].bytes = [UInt8](repeating: 128, count: buffer.planes[plane].bytes.count)
        }
        return buffer
    }
}
