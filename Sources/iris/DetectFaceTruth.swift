import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import IrisCore
import IrisDetect
import IrisVideo

/// `iris detect --type face --truth dlib FILE.xml`: recall and precision at IoU ≥ 0.5 against dlib's
/// imglab XML (`<box top left width height>`, top-left pixels), and eye and mouth error where the file has
/// 68 iBUG landmarks (36–41 and 42–47 the eyes, 48–67 the mouth), in units of the eye distance.
enum DetectFaceTruth {
    struct Box { var x, y, width, height: Double; var parts: [Int: Point] = [:]; var ignore = false }
    struct Entry { var file: String; var boxes: [Box] = [] }

    static func score(file: String, detector: Detector, featureOptions: FeatureOptions, verbose: Bool) throws {
        let entries = try read(file)
        let folder = (file as NSString).deletingLastPathComponent
        var truths = 0, detections = 0, hits = 0, totalMs = 0.0
        var eyeErrors: [Double] = [], mouthErrors: [Double] = [], foundEyes = 0, foundMouths = 0
        var notes: [String] = []
        for entry in entries {
            let still = try StillImage.read(contentsOf: (folder as NSString).appendingPathComponent(entry.file))
            let start = ContinuousClock.now
            let faces = try detector.features(in: still.buffer, options: featureOptions).compactMap { $0 as? FaceFeature }
            totalMs += DetectInputs.milliseconds(since: start)
            // dlib boxes are in stored pixels, top-left origin; features are bottom-left.
            let height = Double(still.buffer.height)
            func topLeft(_ p: Point) -> Point { Point(x: p.x, y: height - p.y) }
            let found = faces.map { f -> Box in
                let b = f.bounds
                return Box(x: b.x, y: height - b.y - b.height, width: b.width, height: b.height)
            }
            let wanted = entry.boxes.filter { !$0.ignore }
            truths += wanted.count; detections += found.count
            var used = Set<Int>()
            for truth in wanted {
                let best = found.indices.filter { !used.contains($0) }.max { iou(found[$0], truth) < iou(found[$1], truth) }
                guard let best, iou(found[best], truth) >= 0.5 else { notes.append("\(entry.file): missed \(describe(truth))"); continue }
                used.insert(best); hits += 1
                let face = faces[best]
                if foundFlags(face).eyes { foundEyes += 1 }
                if face.hasMouthPosition { foundMouths += 1 }
                if let eyes = truthEyes(truth) {
                    let scale = distance(eyes.left, eyes.right)
                    eyeErrors.append((distance(topLeft(face.leftEyePosition), eyes.left) + distance(topLeft(face.rightEyePosition), eyes.right)) / 2 / scale)
                    if let mouth = mean(truth.parts, 48...67) { mouthErrors.append(distance(topLeft(face.mouthPosition), mouth) / scale) }
                }
            }
            for i in found.indices where !used.contains(i) { notes.append("\(entry.file): false positive \(describe(found[i]))") }
        }
        let recall = Double(hits) / Double(max(truths, 1)), precision = Double(hits) / Double(max(detections, 1))
        var line = "\(file): images \(entries.count), faces \(truths), found \(hits)/\(truths) (recall \(pct(recall))), "
            + "false positives \(detections - hits) (precision \(pct(precision))), \(String(format: "%.2f", totalMs / Double(max(entries.count, 1)))) ms/image"
        if !eyeErrors.isEmpty {
            line += "; landmark error (÷ eye distance) eyes mean \(String(format: "%.3f", avg(eyeErrors))), mouth mean \(String(format: "%.3f", avg(mouthErrors)))"
                + "; eyes by model \(foundEyes)/\(hits), mouth by model \(foundMouths)/\(hits)"
        }
        print(line)
        if verbose { for note in notes { print("  " + note) } }
    }

    private static func foundFlags(_ f: FaceFeature) -> (eyes: Bool, mouth: Bool) {
        (f.hasLeftEyePosition && f.hasRightEyePosition, f.hasMouthPosition)
    }

    /// The eye on the picture's left is the person's right eye: iBUG points 36–41.
    private static func truthEyes(_ box: Box) -> (left: Point, right: Point)? {
        guard let l = mean(box.parts, 36...41), let r = mean(box.parts, 42...47) else { return nil }
        return (l, r)
    }

    private static func mean(_ parts: [Int: Point], _ range: ClosedRange<Int>) -> Point? {
        let points = range.compactMap { parts[$0] }
        guard points.count == range.count else { return nil }
        return Point(x: points.map(\.x).reduce(0, +) / Double(points.count), y: points.map(\.y).reduce(0, +) / Double(points.count))
    }

    private static func iou(_ a: Box, _ b: Box) -> Double {
        let w = min(a.x + a.width, b.x + b.width) - max(a.x, b.x), h = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        guard w > 0, h > 0 else { return 0 }
        return w * h / (a.width * a.height + b.width * b.height - w * h)
    }

    private static func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
    private static func avg(_ v: [Double]) -> Double { v.isEmpty ? 0 : v.reduce(0, +) / Double(v.count) }
    private static func pct(_ v: Double) -> String { String(format: "%.1f %%", v * 100) }
    private static func describe(_ b: Box) -> String { String(format: "[left %.0f top %.0f %.0f×%.0f]", b.x, b.y, b.width, b.height) }

    /// dlib's imglab XML: <image file=…><box top= left= width= height= [ignore=1]><part name= x= y=/></box></image>.
    static func read(_ file: String) throws -> [Entry] {
        guard let data = FileManager.default.contents(atPath: file) else { throw CLIError.message("\(file): no such file") }
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else {
            throw CLIError.message("\(file): not dlib XML (\(parser.parserError.map { "\($0)" } ?? "parse error") at line \(parser.lineNumber))")
        }
        guard !reader.entries.isEmpty else { throw CLIError.message("\(file): no <image> entries") }
        return reader.entries
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var entries: [Entry] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes a: [String: String] = [:]) {
            func number(_ key: String) -> Double? { a[key].flatMap(Double.init) }
            switch name {
            case "image": entries.append(Entry(file: a["file"] ?? ""))
            case "box":
                guard let top = number("top"), let left = number("left"), let w = number("width"), let h = number("height"),
                      !entries.isEmpty else { return }
                entries[entries.count - 1].boxes.append(Box(x: left, y: top, width: w, height: h, ignore: a["ignore"] == "1"))
            case "part":
                guard let n = a["name"].flatMap(Int.init), let x = number("x"), let y = number("y"),
                      !entries.isEmpty, !entries[entries.count - 1].boxes.isEmpty else { return }
                let e = entries.count - 1
                entries[e].boxes[entries[e].boxes.count - 1].parts[n] = Point(x: x, y: y)
            default: break
            }
        }
    }
}
