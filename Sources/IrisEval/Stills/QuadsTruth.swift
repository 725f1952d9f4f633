import Foundation
import IrisCore
import IrisDetect
import IrisVideo

/// quads.json, the rectangle truth `iris detect --generate-scenes` writes and `--truth quads` reads:
/// `{"images": [{"file": "scene-000.png", "corners": [[x, y] × 4] or null, "summary": …}]}`, corners in
/// image coordinates (bottom-left origin, y up) in the order top-left, top-right, bottom-right, bottom-left;
/// null for an image with no rectangle. Files are named relative to the quads.json.
///
///     let truth = try QuadsTruth(contentsOf: "scenes/quads.json")   // truth.entries[0].corners
public struct QuadsTruth: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var file: String
        public var corners: Quadrilateral?
        /// What made the picture, for people reading the file ("1.59 card blur 1 noise 6.2 light 0.35").
        public var summary: String?

        public init(file: String, corners: Quadrilateral?, summary: String? = nil) {
            self.file = file
            self.corners = corners
            self.summary = summary
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    public init(contentsOf path: String) throws(TruthFileError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(
                path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        let shape = "not a quads.json ({\"images\": [{\"file\", \"corners\"}]})"
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let images = root["images"] as? [[String: Any]]
        else {
            throw .malformed(path: path, detail: shape)
        }
        entries = []
        for (index, image) in images.enumerated() {
            guard let file = image["file"] as? String else {
                throw .malformed(path: path, detail: "images[\(index)] has no \"file\"")
            }
            var corners: Quadrilateral?
            if let value = image["corners"], !(value is NSNull) {
                guard let points = value as? [[Double]], let quad = Self.quad(points) else {
                    throw .malformed(
                        path: path, detail: "images[\(index)] (\(file)): corners must be four [x, y] pairs or null")
                }
                corners = quad
            }
            entries.append(Entry(file: file, corners: corners, summary: image["summary"] as? String))
        }
    }

    /// The file's bytes: pretty-printed, keys sorted.
    public func encoded() throws -> Data {
        let images = entries.map { entry -> [String: Any] in
            var object: [String: Any] = ["file": entry.file]
            if let summary = entry.summary { object["summary"] = summary }
            object["corners"] = entry.corners.map { q in q.points.map { [$0.x, $0.y] } } ?? NSNull()
            return object
        }
        return try JSONSerialization.data(withJSONObject: ["images": images], options: [.prettyPrinted, .sortedKeys])
    }

    /// Writes the file under the output policy (`OutputFile`: beside itself, then renamed into place).
    public func write(to path: String) throws {
        try OutputFile.write(Array(encoded()), to: path)
    }

    private static func quad(_ points: [[Double]]) -> Quadrilateral? {
        guard points.count == 4, points.allSatisfy({ $0.count == 2 }) else { return nil }
        let p = points.map { Point(x: $0[0], y: $0[1]) }
        return Quadrilateral(topLeft: p[0], topRight: p[1], bottomLeft: p[3], bottomRight: p[2])
    }
}
