import Foundation
import IrisCore
@testable import IrisDetect
import IrisVideo

/// The bundled face photos (Resources/CREDITS.md says where each comes from) and helpers.
enum FaceTestSupport {
    /// A crop of scikit-image's public-domain astronaut (NASA).
    static func astronaut() throws -> LumaPlane { try picture("astronaut") }

    /// A PNG from Resources, as its luma plane.
    static func picture(_ name: String) throws -> LumaPlane {
        guard let url = Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Resources") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return LumaPlane(buffer: try StillImage.read(contentsOf: url.path).buffer)
    }

    /// Deterministic clutter with edges and texture but nothing face-like.
    static func clutter(width: Int, height: Int, seed: UInt64 = 7) -> LumaPlane {
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        var bytes = (0..<(width * height)).map { i in UInt8((i % width) * 200 / width + 20) }
        for _ in 0..<40 {
            let x0 = next() % width, y0 = next() % height, w = 4 + next() % 40, h = 4 + next() % 40,
                v = UInt8(next() % 256)
            for y in y0..<min(y0 + h, height) { for x in x0..<min(x0 + w, width) { bytes[y * width + x] = v } }
        }
        return LumaPlane(width: width, height: height, bytes: bytes)
    }

    static func faces(_ detector: Detector, _ plane: LumaPlane, _ options: FeatureOptions = .init()) throws
        -> [FaceFeature]
    {
        try detector.features(in: plane, options: options).faces
    }

    static func overlap(_ a: Rect, _ b: Rect) -> Double { FaceTracker.overlap(a, b) }
}
