import IrisCore

/// What a web preview shows once the source has ended or the camera is lost: "no signal" in white on a
/// dark grey picture of the stream's size, so a viewer never mistakes the last frame for a live one.
enum NoSignalPicture {
    static func make(width: Int, height: Int, text: String = "no signal") -> PixelBuffer {
        let width = max(width, 16), height = max(height, 16)
        var pixels = [UInt8](repeating: 48, count: width * height * 4)
        for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
        if let atlas = try? GlyphAtlas.shared(pixelSize: max(10, min(height / 8, width / 8))) {
            let sheet = LabelSheet(
                labels: [(text.fitting(width: width, atlas: atlas), OverlayColor(255, 255, 255))], atlas: atlas)
            let label = sheet.buffer, bytes = label.planes[0].bytes
            let left = max(0, (width - label.width) / 2), top = max(0, (height - label.height) / 2)
            for y in 0..<min(label.height, height - top) {
                for x in 0..<min(label.width, width - left) {
                    let s = (y * label.width + x) * 4, d = ((top + y) * width + left + x) * 4
                    let alpha = Int(bytes[s + 3])
                    // The sheet is straight RGBA; the picture is BGRA.
                    for (source, destination) in [(2, 0), (1, 1), (0, 2)] {
                        pixels[d + destination] = UInt8(
                            (Int(bytes[s + source]) * alpha + Int(pixels[d + destination]) * (255 - alpha)) / 255)
                    }
                }
            }
        }
        return
            (try? PixelBuffer(
                width: width, height: height, format: .bgra8, planes: [.init(bytes: pixels, bytesPerRow: width * 4)]))
            ?? PixelBuffer(width: width, height: height, format: .bgra8)
    }
}
