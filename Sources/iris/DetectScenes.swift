import Foundation
import IrisCore
import IrisDetect
import IrisEval
import IrisVideo

/// `iris detect --generate-scenes DIR`: rectangle scenes with known corners, and their quads.json.
enum DetectScenes {
    /// Every fourth scene has no rectangle, to count false positives.
    static func write(into folder: String, count: Int, width: Int = 640, height: Int = 480) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var entries: [[String: Any]] = []
        for index in 0..<count {
            let scene = RectangleScene(seed: UInt64(index), width: width, height: height, containsRectangle: index % 4 != 3)
            let name = String(format: "scene-%03d.png", index)
            try StillImage.write(scene.buffer, to: (folder as NSString).appendingPathComponent(name))
            var entry: [String: Any] = ["file": name, "summary": scene.summary]
            entry["corners"] = scene.corners.map { q in q.points.map { [$0.x, $0.y] } } ?? NSNull()
            entries.append(entry)
        }
        let data = try JSONSerialization.data(withJSONObject: ["images": entries], options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent("quads.json")))
        print("\(folder): \(count) scenes (\(width)×\(height)) and quads.json")
    }
}
