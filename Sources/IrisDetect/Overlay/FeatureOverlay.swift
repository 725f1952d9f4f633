import IrisCore

/// Draws features onto an RGBA8 picture so a person can check them: the quad's outline, a dot on the
/// top-left corner, for QR codes the message, and for faces the eyes and mouth (a filled mark where the eye
/// or mouth model found it, a hollow one where it is only the geometric guess) with the tracking ID and
/// "smile" / "blink" when those hold. Features are in the picture's image coordinates.
///
///     var picture = rgbaBuffer; FeatureOverlay.draw(features, into: &picture)
public enum FeatureOverlay {
    public static func draw(_ features: [any Feature], into buffer: inout PixelBuffer) {
        guard buffer.format == .rgba8 || buffer.format == .bgra8 else { return }
        let thickness = max(2, min(buffer.width, buffer.height) / 240)
        for feature in features {
            let colour: SIMD3<UInt8> = switch feature.type {
            case .qrCode: SIMD3(0, 230, 60)
            case .face: faceColour
            default: SIMD3(255, 40, 200)
            }
            let points = feature.corners.points.map { toRow(buffer, $0) }
            for k in 0..<4 { line(&buffer, from: points[k], to: points[(k + 1) % 4], colour: colour, thickness: thickness) }
            dot(&buffer, at: points[0], radius: thickness * 2, colour: SIMD3(255, 220, 0))
            if let code = feature as? QRCodeFeature {
                let bounds = feature.bounds
                let scale = max(1, min(buffer.width, buffer.height) / 200)
                let anchor = toRow(buffer, Point(x: bounds.minX, y: bounds.minY))
                text(&buffer, String(code.messageString.prefix(60)), x: Int(anchor.x), y: Int(anchor.y) + 3 * scale,
                     scale: scale, colour: colour)
            }
            if let face = feature as? FaceFeature { drawMarks(face, into: &buffer, thickness: thickness) }
        }
    }

    static let faceColour: SIMD3<UInt8> = SIMD3(255, 150, 0)
    static let eyeColour: SIMD3<UInt8> = SIMD3(0, 200, 255)
    static let mouthColour: SIMD3<UInt8> = SIMD3(255, 40, 60)

    private static func drawMarks(_ face: FaceFeature, into buffer: inout PixelBuffer, thickness: Int) {
        let size = max(thickness * 2, Int(face.bounds.width / 20))
        for (eye, found) in [(face.leftEyePosition, face.hasLeftEyePosition), (face.rightEyePosition, face.hasRightEyePosition)] {
            mark(&buffer, at: toRow(buffer, eye), halfWidth: size, halfHeight: size, filled: found, colour: eyeColour, thickness: thickness)
        }
        mark(&buffer, at: toRow(buffer, face.mouthPosition), halfWidth: size * 2, halfHeight: max(size / 2, thickness),
             filled: face.hasMouthPosition, colour: mouthColour, thickness: thickness)
        var words: [String] = []
        if let id = face.trackingID { words.append("#\(id)") }
        if face.hasSmile { words.append("smile") }
        if face.leftEyeClosed || face.rightEyeClosed { words.append("blink") }
        guard !words.isEmpty else { return }
        let scale = max(1, min(buffer.width, buffer.height) / 200)
        let anchor = toRow(buffer, Point(x: face.bounds.minX, y: face.bounds.minY))
        text(&buffer, words.joined(separator: " "), x: Int(anchor.x), y: Int(anchor.y) + 3 * scale, scale: scale, colour: faceColour)
    }

    /// A box centred on `p`: filled, or only its outline.
    private static func mark(_ buffer: inout PixelBuffer, at p: SIMD2<Double>, halfWidth: Int, halfHeight: Int, filled: Bool,
                             colour: SIMD3<UInt8>, thickness: Int) {
        let cx = Int(p.x), cy = Int(p.y)
        for y in (cy - halfHeight)...(cy + halfHeight) {
            for x in (cx - halfWidth)...(cx + halfWidth) {
                let edge = abs(x - cx) > halfWidth - thickness || abs(y - cy) > halfHeight - thickness
                if filled || edge { set(&buffer, x, y, colour) }
            }
        }
    }

    /// Image coordinates (bottom-left origin) → (column, row) with rows counted from the top.
    private static func toRow(_ buffer: PixelBuffer, _ p: Point) -> SIMD2<Double> {
        SIMD2(p.x, Double(buffer.height) - p.y)
    }

    private static func set(_ buffer: inout PixelBuffer, _ x: Int, _ y: Int, _ colour: SIMD3<UInt8>) {
        guard x >= 0, y >= 0, x < buffer.width, y < buffer.height else { return }
        let o = y * buffer.planes[0].bytesPerRow + x * 4
        let (r, b) = buffer.format == .rgba8 ? (0, 2) : (2, 0)
        buffer.planes[0].bytes[o + r] = colour.x
        buffer.planes[0].bytes[o + 1] = colour.y
        buffer.planes[0].bytes[o + b] = colour.z
        buffer.planes[0].bytes[o + 3] = 255
    }

    private static func line(_ buffer: inout PixelBuffer, from a: SIMD2<Double>, to b: SIMD2<Double>,
                             colour: SIMD3<UInt8>, thickness: Int) {
        let steps = Int(max(abs(b.x - a.x), abs(b.y - a.y)).rounded(.up)) + 1
        guard steps < 100_000 else { return }
        for s in 0...steps {
            let p = a + (b - a) * (Double(s) / Double(steps))
            dot(&buffer, at: p, radius: thickness / 2, colour: colour)
        }
    }

    private static func dot(_ buffer: inout PixelBuffer, at p: SIMD2<Double>, radius: Int, colour: SIMD3<UInt8>) {
        let cx = Int(p.x), cy = Int(p.y)
        for y in (cy - radius)...(cy + radius) { for x in (cx - radius)...(cx + radius) { set(&buffer, x, y, colour) } }
    }

    private static func text(_ buffer: inout PixelBuffer, _ string: String, x: Int, y: Int, scale: Int, colour: SIMD3<UInt8>) {
        // A dark band behind the letters keeps them readable on any picture.
        let advance = (TinyFont.width + 1) * scale
        let width = advance * string.count + scale, height = (TinyFont.height + 2) * scale
        for py in y..<(y + height) { for px in x..<(x + width) { set(&buffer, px, py, SIMD3(0, 0, 0)) } }
        for (i, character) in string.enumerated() {
            for row in 0..<TinyFont.height {
                for column in 0..<TinyFont.width where TinyFont.ink(character, column: column, row: row) {
                    for sy in 0..<scale {
                        for sx in 0..<scale {
                            set(&buffer, x + scale + i * advance + column * scale + sx, y + scale + row * scale + sy, colour)
                        }
                    }
                }
            }
        }
    }
}
