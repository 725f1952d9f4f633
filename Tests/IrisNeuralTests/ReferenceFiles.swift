import Foundation
import Testing

/// What the reference tests share: reading a reference runtime's JSON from the test resources, and the
/// face models' 192×192 RGB inputs the tools write (a formula, or grey bytes replicated into RGB).
enum ReferenceFiles {
    static func load<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Resources"))
        return try JSONDecoder().decode(type, from: Data(contentsOf: url))
    }

    /// `grey` (base64 of 192×192 bytes) / 255 in all three channels; without it the tools' pattern,
    /// value(y, x, c) = ((x · 7 + y · 13 + c · 29) mod 256) / 255.
    static func faceMeshInput(grey: String?) throws -> [Float] {
        var input = [Float](repeating: 0, count: 192 * 192 * 3)
        if let grey {
            let bytes = try #require(Data(base64Encoded: grey))
            for (i, value) in bytes.enumerated() { for c in 0..<3 { input[i * 3 + c] = Float(value) / 255 } }
        } else {
            for y in 0..<192 {
                for x in 0..<192 {
                    for c in 0..<3 { input[(y * 192 + x) * 3 + c] = Float((x * 7 + y * 13 + c * 29) % 256) / 255 }
                }
            }
        }
        return input
    }
}
