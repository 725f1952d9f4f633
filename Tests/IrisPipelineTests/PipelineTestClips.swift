import Foundation
import IrisCore
import IrisDetect
import IrisEval
import IrisVideo

/// Test recordings the pipeline tests make for themselves: a grey scene with a QR code moving across it.
enum PipelineTestClips {
    static let message = "https://example.org/wiki/main_page"

    /// A Y4M clip, `frames` long, 320×240 at 15 fps, with the QR code 4 px further right each frame.
    static func movingQRCode(at path: String, frames: Int, width: Int = 320, height: Int = 240) throws -> [Frame] {
        let code = try QRCodePicture(message, correction: .medium, margin: 2)
        let module = 4
        let writer = try Y4MWriter(path: path, header: Y4MHeader(width: width, height: height, frameRate: .init(15, 1)))
        var written: [Frame] = []
        for index in 0..<frames {
            var luma = LumaPlane(width: width, height: height, value: 120)
            code.draw(into: &luma, x: 40 + 4 * index, y: 40, moduleSize: module, dark: 20, light: 230)
            var buffer = PixelBuffer(width: width, height: height, format: .i420)
            buffer.planes[0].bytes = luma.packed.bytes
            for p in 1...2 { for i in buffer.planes[p].bytes.indices { buffer.planes[p].bytes[i] = 128 } }
            let frame = Frame(buffer: buffer, timestamp: Double(index) / 15, sequence: index)
            try writer.append(frame)
            written.append(frame)
        }
        try writer.close()
        return written
    }

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "iris-pipeline-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
