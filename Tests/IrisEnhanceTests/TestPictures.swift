import Foundation
import IrisCore
import IrisFilters

/// Hand-made pictures with a known answer, as sRGB bytes (rows top first).
enum TestPictures {
    static func picture(width: Int, height: Int, _ colour: (Int, Int) -> SIMD3<Double>) -> Image {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for row in 0..<height {
            for x in 0..<width {
                let c = colour(x, row), i = (row * width + x) * 4
                bytes[i] = byte(c.x)
                bytes[i + 1] = byte(c.y)
                bytes[i + 2] = byte(c.z)
            }
        }
        let buffer = try! PixelBuffer(
            width: width, height: height, format: .rgba8, planes: [.init(bytes: bytes, bytesPerRow: width * 4)])
        return Image(buffer: buffer)
    }

    /// `scene` (120×90 sRGB) lit by `light`: each pixel's linear colour times the light's (a von Kries cast).
    static func lit(_ scene: (Int, Int) -> SIMD3<Double>, by light: SIMD3<Double>) -> Image {
        picture(width: 120, height: 90) { x, row in
            let c = scene(x, row)
            return SIMD3(
                encoded(linear(c.x) * light.x), encoded(linear(c.y) * light.y), encoded(linear(c.z) * light.z))
        }
    }

    /// Whether `filters` hold a tone step: a CIToneCurve, or levels or a gamma drawn in sRGB values.
    static func hasToneStep(_ filters: [FilterSpec]) -> Bool {
        filters.contains { $0.name == "CIToneCurve" || $0.name == "CILinearToSRGBToneCurve" }
    }

    static func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }

    /// sRGB-encoded 0…1 to linear and back, as the tests' own reference.
    static func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    static func encoded(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }

    /// CIE Lab (D65) of an sRGB-encoded colour.
    static func lab(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let r = linear(c.x), g = linear(c.y), b = linear(c.z)
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16 / 116 }
        return SIMD3(116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    /// A scene of coloured patches around a large neutral grey card (the middle third), with a gentle
    /// gradient so the histogram is not a handful of spikes.
    static func scene(width: Int = 120, height: Int = 90) -> (Int, Int) -> SIMD3<Double> {
        let patches: [SIMD3<Double>] = [
            [0.75, 0.3, 0.25], [0.3, 0.55, 0.3], [0.25, 0.35, 0.7], [0.85, 0.75, 0.3],
            [0.55, 0.35, 0.6], [0.92, 0.92, 0.92], [0.1, 0.1, 0.12], [0.6, 0.45, 0.35]
        ]
        return { x, row in
            if x >= width / 3 && x < 2 * width / 3 && row >= height / 3 && row < 2 * height / 3 {
                return SIMD3(0.5, 0.5, 0.5)
            }
            let patch = patches[(x * 4 / width + 4 * (row * 2 / height)) % patches.count]
            return patch * (0.9 + 0.1 * Double(x) / Double(width))
        }
    }
}
