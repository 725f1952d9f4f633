import Foundation
import IrisCore
import IrisDetect
import IrisVideo

/// `iris detect --truth …`: found, correct and false positives against ground truth, and ms per image.
enum DetectTruth {
    /// ZXing's blackbox layout: N.png holds a code whose text is N.txt; an image without N.txt holds none.
    /// Texts compare after CRLF → LF and trimming trailing white space.
    static func scoreZXing(folder: String, detector: Detector, verbose: Bool) throws {
        var images = 0, withCode = 0, found = 0, correct = 0, falsePositives = 0, totalMs = 0.0
        var misses: [String] = []
        for path in try DetectInputs.imageFiles(in: folder).filter(DetectInputs.isStill) {
            let expected = expectedText(for: path)
            let still = try StillImage.read(contentsOf: path)
            let start = ContinuousClock.now
            let codes = try detector.features(in: still.buffer, options: FeatureOptions(orientation: still.orientation))
                .compactMap { $0 as? QRCodeFeature }
            totalMs += DetectInputs.milliseconds(since: start)
            images += 1
            let name = (path as NSString).lastPathComponent
            guard let expected else {
                if !codes.isEmpty { falsePositives += 1; misses.append("\(name): false positive \(codes[0].messageString.debugDescription)") }
                continue
            }
            withCode += 1
            if !codes.isEmpty { found += 1 }
            if codes.contains(where: { normalized($0.messageString) == expected }) {
                correct += 1
            } else {
                misses.append("\(name): " + (codes.isEmpty ? "nothing found" : "read \(codes.map { $0.messageString.debugDescription })"))
            }
        }
        print("\(folder): images \(images), with a code \(withCode), found \(found), correct \(correct)/\(withCode), "
              + "false positives \(falsePositives), \(String(format: "%.2f", totalMs / Double(max(images, 1)))) ms/image")
        if verbose { for line in misses { print("  " + line) } }
    }

    static func expectedText(for imagePath: String) -> String? {
        let txt = (imagePath as NSString).deletingPathExtension + ".txt"
        guard let data = FileManager.default.contents(atPath: txt) else { return nil }
        return normalized(String(decoding: data, as: UTF8.self))
    }

    static func normalized(_ text: String) -> String {
        var t = text.replacingOccurrences(of: "\r\n", with: "\n")
        while let last = t.unicodeScalars.last, last.properties.isWhitespace { t.unicodeScalars.removeLast() }
        return t
    }

    /// quads.json: {"images": [{"file": "scene-000.png", "corners": [[x, y] × 4] or null}]}, corners in image
    /// coordinates (bottom-left origin) in the order top-left, top-right, bottom-right, bottom-left.
    /// A found rectangle is correct when every corner lies within 2 % of the true quad's diagonal.
    static func scoreQuads(file: String, detector: Detector, verbose: Bool) throws {
        guard let data = FileManager.default.contents(atPath: file),
              let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = root["images"] as? [[String: Any]] else {
            throw CLIError.message("\(file): not a quads.json ({\"images\": [{\"file\", \"corners\"}]})")
        }
        let folder = (file as NSString).deletingLastPathComponent
        var withQuad = 0, found = 0, correct = 0, falsePositives = 0, empty = 0, totalMs = 0.0
        var errors: [Double] = [], notes: [String] = []
        for entry in entries {
            guard let name = entry["file"] as? String else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            let truth = (entry["corners"] as? [[Double]]).flatMap(quad)
            let still = try StillImage.read(contentsOf: path)
            let start = ContinuousClock.now
            let rects = try detector.features(in: still.buffer).compactMap { $0 as? RectangleFeature }
            totalMs += DetectInputs.milliseconds(since: start)
            guard let truth else {
                empty += 1
                if !rects.isEmpty { falsePositives += 1; notes.append("\(name): false positive") }
                continue
            }
            withQuad += 1
            guard let best = rects.first else { notes.append("\(name): nothing found"); continue }
            found += 1
            let error = cornerError(best.corners, truth) / truth.diagonal
            errors.append(error)
            if error <= 0.02 { correct += 1 } else { notes.append("\(name): corner error \(String(format: "%.1f", error * 100)) %") }
        }
        errors.sort()
        let median = errors.isEmpty ? 0 : errors[errors.count / 2]
        let p95 = errors.isEmpty ? 0 : errors[min(errors.count - 1, Int(Double(errors.count) * 0.95))]
        print("\(file): images \(entries.count), with a rectangle \(withQuad), found \(found), correct (≤ 2 % of diagonal) "
              + "\(correct)/\(withQuad) = \(String(format: "%.1f", 100 * Double(correct) / Double(max(withQuad, 1)))) %, "
              + "false positives \(falsePositives)/\(empty), corner error median \(String(format: "%.2f", median * 100)) % "
              + "p95 \(String(format: "%.2f", p95 * 100)) %, \(String(format: "%.2f", totalMs / Double(max(entries.count, 1)))) ms/image")
        if verbose { for line in notes { print("  " + line) } }
    }

    private static func quad(_ points: [[Double]]) -> Quadrilateral? {
        guard points.count == 4, points.allSatisfy({ $0.count == 2 }) else { return nil }
        let p = points.map { Point(x: $0[0], y: $0[1]) }
        return Quadrilateral(topLeft: p[0], topRight: p[1], bottomLeft: p[3], bottomRight: p[2])
    }

    /// The largest corner distance under the best matching of corners (any start, either direction), so
    /// naming conventions do not count as error.
    static func cornerError(_ found: Quadrilateral, _ truth: Quadrilateral) -> Double {
        let f = found.points, t = truth.points
        var best = Double.infinity
        for reversed in [false, true] {
            let g = reversed ? Array(f.reversed()) : f
            for shift in 0..<4 {
                let worst = (0..<4).map { k -> Double in
                    let a = g[(k + shift) % 4], b = t[k]
                    return ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
                }.max() ?? .infinity
                best = min(best, worst)
            }
        }
        return best
    }
}
