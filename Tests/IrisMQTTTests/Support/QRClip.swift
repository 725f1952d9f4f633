import Foundation
import IrisCore
import IrisDetect
import IrisEval
import IrisVideo

/// A 320×240 Y4M clip at 15 fps: a QR code holding `message` for `visible` frames, then grey for `gone` frames,
/// so its object is new, then ends while the run goes on.
enum QRClip {
    static let message = "https://example.org/iris/parcel"

    static func write(to path: String, visible: Int = 10, gone: Int = 25) throws {
        let width = 320, height = 240
        let writer = try Y4MWriter(path: path, header: Y4MHeader(width: width, height: height, frameRate: .init(15, 1)))
        let code = try QRCodePicture(message, correction: .medium, margin: 2)
        for index in 0..<(visible + gone) {
            var luma = LumaPlane(width: width, height: height, value: 120)
            if index < visible { code.draw(into: &luma, x: 40 + index, y: 40, moduleSize: 4, dark: 20, light: 230) }
            var buffer = PixelBuffer(width: width, height: height, format: .i420)
            buffer.planes[0].bytes = luma.packed.bytes
            for p in 1...2 { for i in buffer.planes[p].bytes.indices { buffer.planes[p].bytes[i] = 128 } }
            try writer.append(Frame(buffer: buffer, timestamp: Double(index) / 15, sequence: index))
        }
        try writer.close()
    }
}
