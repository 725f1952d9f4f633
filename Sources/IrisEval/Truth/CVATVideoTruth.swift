import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import IrisCore
import IrisDetect

/// CVAT's "CVAT for video 1.1" XML export read into a `ClipTruth`: each `<track id label>` is one object,
/// its `<box frame xtl ytl xbr ybr outside occluded>` (top-left pixels) or four-point `<polygon points>`
/// the object in one frame. Labels are the detector types' names (`face`, `rect`, `qr`; `rectangle` and
/// `qrcode` too).
///
/// - `outside="1"`: the object is not in that frame.
/// - `occluded="1"`: don't care (visibility 0), unless an `<attribute name="visibility">` says how much shows.
/// - QR codes need `<attribute name="message">` with their text.
/// - Rectangles and QR codes drawn as boxes get the box's corners; polygons' points are taken in drawing
///   order from the top-left corner (corner error forgives any other start or direction).
/// - The picture size and the frame count come from `<meta>` (`original_size`, `size`) unless given.
/// - A frame count, from `<meta>` or the highest `frame` used, past `maximumFrames` (`ClipTruth.maximumFrameCount`
///   unless given) is refused with its line before the per-frame list is made.
///
///     let truth = try CVATVideoTruth.read(contentsOf: "annotations.xml", frameRate: 30)
public enum CVATVideoTruth {
    public static func read(
        contentsOf path: String, frameRate: Double, width: Int? = nil, height: Int? = nil,
        frameCount: Int? = nil, clip: String = "",
        maximumFrames: Int = ClipTruth.maximumFrameCount
    ) throws(TruthFileError) -> ClipTruth {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(
                path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        return try decode(
            data, path: path, frameRate: frameRate, width: width, height: height, frameCount: frameCount, clip: clip,
            maximumFrames: maximumFrames)
    }

    /// `data` as the contents of a CVAT XML file at `path` (named in errors).
    public static func decode(
        _ data: Data, path: String, frameRate: Double, width: Int? = nil, height: Int? = nil,
        frameCount: Int? = nil, clip: String = "",
        maximumFrames: Int = ClipTruth.maximumFrameCount
    ) throws(TruthFileError) -> ClipTruth {
        if let problem = XMLInputGate.problem(in: data) { throw .malformed(path: path, detail: problem) }
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        // On Linux parse() can return true for a document that is not well formed; the error is still set.
        let parsed = parser.parse()
        if let failure = reader.failure { throw .malformed(path: path, detail: failure) }
        if !parsed || parser.parserError != nil {
            let code = parser.parserError.map { " \(($0 as NSError).code)" } ?? ""
            throw .malformed(
                path: path,
                detail:
                    "line \(reader.xmlErrorLine ?? parser.lineNumber): not well-formed XML (XML parser error\(code))")
        }
        guard reader.sawAnnotations else {
            throw .malformed(path: path, detail: "no <annotations> element: not a CVAT export")
        }
        guard let width = width ?? reader.width, let height = height ?? reader.height, width > 0, height > 0 else {
            throw .inconsistent(path: path, detail: "no picture size: <meta> has no <original_size> and none was given")
        }
        guard frameRate > 0, frameRate.isFinite else {
            throw .inconsistent(path: path, detail: "frame rate \(frameRate) is not positive")
        }
        let count = try clipLength(given: frameCount, reader: reader, path: path, maximumFrames: maximumFrames)
        var objects = [[TruthObject]](repeating: [], count: max(count, 0))
        var seen = Set<[Int]>()
        for shape in reader.shapes {
            let here = "line \(shape.line): track \(shape.trackID)"
            guard shape.frame >= 0, shape.frame < count else {
                throw .inconsistent(
                    path: path, detail: "\(here): frame \(shape.frame) is outside the clip's \(count) frames")
            }
            guard seen.insert([shape.trackID, shape.frame]).inserted else {
                throw .inconsistent(path: path, detail: "\(here): frame \(shape.frame) appears twice")
            }
            if shape.outside { continue }
            objects[shape.frame].append(try shape.truth(path: path, height: height))
        }
        return ClipTruth(
            clip: clip, width: width, height: height, frameRate: frameRate,
            frames: objects.enumerated().map { FrameTruth(frame: $0.offset, objects: $0.element) })
    }

    /// How many frames the clip has: as given, as `<meta>` says, or up to the last frame used; checked
    /// against `maximumFrames` before anything is allocated per frame, naming where the number came from.
    private static func clipLength(given: Int?, reader: Reader, path: String, maximumFrames: Int) throws(TruthFileError)
        -> Int
    {
        if let given {
            guard given <= maximumFrames else {
                throw .frameOutOfRange(path: path, line: nil, frame: given, limit: maximumFrames)
            }
            return given
        }
        if let meta = reader.frameCount {
            guard meta <= maximumFrames else {
                throw .frameOutOfRange(path: path, line: reader.frameCountLine, frame: meta, limit: maximumFrames)
            }
            return meta
        }
        guard let last = reader.shapes.max(by: { $0.frame < $1.frame }) else { return 0 }
        guard last.frame < maximumFrames else {
            throw .frameOutOfRange(path: path, line: last.line, frame: last.frame, limit: maximumFrames)
        }
        return last.frame + 1
    }

    /// The kinds labels may name.
    static func kind(label: String) -> DetectorType? {
        switch label.lowercased() {
        case "face": .face
        case "rect", "rectangle": .rectangle
        case "qr", "qrcode", "qr code", "qr-code": .qrCode
        default: nil
        }
    }

    /// One `<box>` or `<polygon>` as written, top-left pixels.
    fileprivate struct Shape {
        var line: Int
        var trackID: Int
        var kind: DetectorType
        var frame: Int
        var outside: Bool
        var occluded: Bool
        var points: [Point]  // box: [top-left, bottom-right]; polygon: its points
        var isBox: Bool
        var attributes: [String: String] = [:]

        func truth(path: String, height: Int) throws(TruthFileError) -> TruthObject {
            let here = "line \(line): track \(trackID) frame \(frame)"
            func up(_ p: Point) -> Point { Point(x: p.x, y: Double(height) - p.y) }
            var visibility = occluded ? 0.0 : 1.0
            if let written = attributes["visibility"] {
                guard let value = Double(written.trimmingCharacters(in: .whitespaces)), (0...1).contains(value) else {
                    throw .malformed(path: path, detail: "\(here): visibility \"\(written)\" is not a number in 0…1")
                }
                visibility = value
            }
            let quad: Quadrilateral
            if isBox {
                let (a, b) = (up(points[0]), up(points[1]))
                guard b.x > a.x, a.y > b.y else { throw .malformed(path: path, detail: "\(here): the box is empty") }
                quad = Quadrilateral(
                    topLeft: a, topRight: Point(x: b.x, y: a.y), bottomLeft: Point(x: a.x, y: b.y), bottomRight: b)
            } else {
                guard points.count == 4 else {
                    throw .malformed(path: path, detail: "\(here): a polygon needs 4 points, has \(points.count)")
                }
                let p = points.map(up)
                quad = Quadrilateral(topLeft: p[0], topRight: p[1], bottomLeft: p[3], bottomRight: p[2])
            }
            var object = TruthObject(id: trackID, kind: kind, visibility: visibility)
            if kind == .face { object.bounds = quad.bounds } else { object.corners = quad }
            if kind == .qrCode {
                guard let message = attributes["message"] else {
                    throw .inconsistent(path: path, detail: "\(here): a qr needs <attribute name=\"message\">")
                }
                object.message = message
            }
            return object
        }
    }

    /// Streams the XML: meta numbers, then shapes. The first mistake stops the parse and is kept.
    private final class Reader: NSObject, XMLParserDelegate {
        var sawAnnotations = false
        var width: Int?, height: Int?, frameCount: Int?
        /// The line of the `<size>` that gave `frameCount`.
        var frameCountLine: Int?
        var shapes: [Shape] = []
        var failure: String?
        var xmlErrorLine: Int?

        private var path: [String] = []
        private var text = ""
        private var track: (id: Int, kind: DetectorType)?
        private var shape: Shape?
        private var attributeName: String?

        private func fail(_ parser: XMLParser, _ detail: String) {
            guard failure == nil else { return }
            failure = "line \(parser.lineNumber): \(detail)"
            parser.abortParsing()
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            path.append(name)
            text = ""
            switch name {
            case "annotations": sawAnnotations = true
            case "track":
                guard let id = attributes["id"].flatMap({ Int($0) }) else {
                    return fail(parser, "<track> needs a whole-number id")
                }
                let label = attributes["label"] ?? ""
                guard let kind = CVATVideoTruth.kind(label: label) else {
                    return fail(
                        parser, "track \(id): label \(TruthFileError.quotedWord(label)) is not one of face, rect, qr")
                }
                track = (id, kind)
            case "box", "polygon":
                guard let track else {
                    return fail(parser, "<\(name)> outside a <track> (export as \"CVAT for video 1.1\")")
                }
                guard let frame = attributes["frame"].flatMap({ Int($0) }) else {
                    return fail(parser, "track \(track.id): <\(name)> needs a whole-number frame")
                }
                var points: [Point] = []
                if name == "box" {
                    let numbers = ["xtl", "ytl", "xbr", "ybr"].map { attributes[$0].flatMap { Double($0) } }
                    guard numbers.allSatisfy({ $0?.isFinite == true }) else {
                        return fail(parser, "track \(track.id) frame \(frame): <box> needs numbers xtl, ytl, xbr, ybr")
                    }
                    points = [Point(x: numbers[0]!, y: numbers[1]!), Point(x: numbers[2]!, y: numbers[3]!)]
                } else {
                    for pair in (attributes["points"] ?? "").split(separator: ";") {
                        let xy = pair.split(separator: ",").compactMap {
                            Double($0.trimmingCharacters(in: .whitespaces))
                        }
                        guard xy.count == 2, xy.allSatisfy(\.isFinite) else {
                            return fail(
                                parser, "track \(track.id) frame \(frame): polygon point \"\(pair)\" is not x,y")
                        }
                        points.append(Point(x: xy[0], y: xy[1]))
                    }
                }
                shape = Shape(
                    line: parser.lineNumber, trackID: track.id, kind: track.kind, frame: frame,
                    outside: attributes["outside"] == "1", occluded: attributes["occluded"] == "1",
                    points: points, isBox: name == "box")
            case "attribute":
                attributeName = attributes["name"]
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if xmlErrorLine == nil { xmlErrorLine = parser.lineNumber }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let parent = path.count >= 2 ? path[path.count - 2] : ""
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            switch (parent, name) {
            case ("original_size", "width"): width = Int(value)
            case ("original_size", "height"): height = Int(value)
            case ("task", "size"), ("job", "size"):
                frameCount = Int(value)
                frameCountLine = parser.lineNumber
            case (_, "attribute"):
                if let attributeName { shape?.attributes[attributeName] = text }
                attributeName = nil
            case (_, "box"), (_, "polygon"):
                if let shape { shapes.append(shape) }
                shape = nil
            case (_, "track"): track = nil
            default: break
            }
            path.removeLast()
            text = ""
        }
    }
}
