import Foundation
import IrisCore
import IrisDetect
import IrisPipeline

/// `iris detect --json` lines and the plain-text feature summary.
enum DetectJSON {
    /// One JSON line per picture; the features in their one shared shape (`FeatureList`, IrisDetect), the
    /// same the pipeline's events carry, in `coordinates` (bottom-left or top-left, named in the line).
    static func line(
        for picture: PictureInputs.Picture, size: (width: Int, height: Int), features: [DetectedFeature],
        milliseconds: Double, coordinates: CoordinateConvention
    ) -> String {
        struct Line: Encodable {
            let input: String
            let width: Int
            let height: Int
            let coordinates: CoordinateConvention
            let ms: Double
            let features: FeatureList
        }
        let line = Line(
            input: picture.name, width: size.width, height: size.height,
            coordinates: coordinates, ms: (milliseconds * 100).rounded() / 100,
            features: FeatureList(features, in: coordinates, pictureHeight: size.height))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(line) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    static func summary(of feature: DetectedFeature) -> String {
        let c = feature.corners
        func p(_ q: Point) -> String { String(format: "(%.1f, %.1f)", q.x, q.y) }
        let corners = "TL\(p(c.topLeft)) TR\(p(c.topRight)) BR\(p(c.bottomRight)) BL\(p(c.bottomLeft))"
        switch feature {
        case .qrCode(let code): return "qr \(code.messageString.debugDescription) \(corners)"
        case .barcode(let code):
            return "barcode \(code.symbology.rawValue) \(code.messageString.debugDescription) \(corners)"
        case .rectangle(let rect): return "rect \(corners) confidence \(String(format: "%.2f", rect.confidence))"
        case .face(let face): return DetectFaceJSON.summary(of: face)
        }
    }
}
