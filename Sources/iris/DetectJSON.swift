import Foundation
import IrisCore
import IrisDetect

/// `iris detect --json` lines and the plain-text feature summary.
enum DetectJSON {
    static func line(for picture: DetectInputs.Picture, size: (width: Int, height: Int), features: [any Feature],
                     milliseconds: Double) -> String {
        let object: [String: Any] = [
            "input": picture.name,
            "width": size.width, "height": size.height,
            "coordinates": "pixels of the upright picture, origin bottom-left, y up",
            "ms": (milliseconds * 100).rounded() / 100,
            "features": features.map(dictionary),
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    static func dictionary(_ feature: any Feature) -> [String: Any] {
        let c = feature.corners
        func pair(_ p: Point) -> [Double] { [(p.x * 100).rounded() / 100, (p.y * 100).rounded() / 100] }
        var out: [String: Any] = [
            "type": feature.type.rawValue,
            "corners": ["topLeft": pair(c.topLeft), "topRight": pair(c.topRight),
                        "bottomRight": pair(c.bottomRight), "bottomLeft": pair(c.bottomLeft)],
        ]
        if let code = feature as? QRCodeFeature {
            out["message"] = code.messageString
            out["payload"] = code.payload.map { String(format: "%02x", $0) }.joined()
            out["mirrored"] = code.isMirrored
        }
        if let rect = feature as? RectangleFeature { out["confidence"] = (rect.confidence * 1000).rounded() / 1000 }
        if let face = feature as? FaceFeature { out.merge(DetectFaceJSON.fields(of: face)) { _, new in new } }
        return out
    }

    static func summary(of feature: any Feature) -> String {
        let c = feature.corners
        func p(_ q: Point) -> String { String(format: "(%.1f, %.1f)", q.x, q.y) }
        let corners = "TL\(p(c.topLeft)) TR\(p(c.topRight)) BR\(p(c.bottomRight)) BL\(p(c.bottomLeft))"
        if let code = feature as? QRCodeFeature { return "qr \(code.messageString.debugDescription) \(corners)" }
        if let rect = feature as? RectangleFeature { return "rect \(corners) confidence \(String(format: "%.2f", rect.confidence))" }
        if let face = feature as? FaceFeature { return DetectFaceJSON.summary(of: face) }
        return "\(feature.type.rawValue) \(corners)"
    }
}
