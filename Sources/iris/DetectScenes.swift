import Foundation
import IrisEval
import IrisVideo

/// `iris detect --generate-scenes DIR`: rectangle scenes with known corners, and their quads.json.
enum DetectScenes {
    /// Every fourth scene has no rectangle, to count false positives.
    static func write(into folder: String, count: Int, width: Int = 640, height: Int = 480) throws {
        try OutputFolder.create(folder)
        var truth = QuadsTruth(entries: [])
        for index in 0..<count {
            let scene = RectangleScene(
                seed: UInt64(index), width: width, height: height, containsRectangle: index % 4 != 3)
            let name = String(format: "scene-%03d.png", index)
            try StillImage.write(scene.buffer, to: (folder as NSString).appendingPathComponent(name))
            truth.entries.append(QuadsTruth.Entry(file: name, corners: scene.corners, summary: scene.summary))
        }
        try truth.write(to: (folder as NSString).appendingPathComponent("quads.json"))
        print("\(folder): \(count) scenes (\(width)×\(height)) and quads.json")
    }
}
