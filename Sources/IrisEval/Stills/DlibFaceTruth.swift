import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import IrisCore

/// dlib's imglab XML, the face truth of dlib's training sets: `<image file=…><box top= left= width= height=
/// [ignore=1]><part name= x= y=/></box></image>`, in stored pixels with the origin at the top-left. Parts are
/// the 68 iBUG landmarks where the file has them (36–41 and 42–47 the eyes, 48–67 the mouth).
///
///     let truth = try DlibFaceTruth(contentsOf: "training_with_face_landmarks.xml")   // truth.images[0].boxes
public struct DlibFaceTruth: Sendable, Equatable {
    /// A face box, top-left pixels.
    public struct Box: Sendable, Equatable {
        public var x, y, width, height: Double
        /// Landmarks by iBUG number, top-left pixels.
        public var parts: [Int: Point] = [:]
        /// A face the scorer neither needs found nor counts as false when found.
        public var ignore = false

        public init(
            x: Double, y: Double, width: Double, height: Double, parts: [Int: Point] = [:], ignore: Bool = false
        ) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.parts = parts
            self.ignore = ignore
        }
    }

    public struct Image: Sendable, Equatable {
        /// Relative to the XML file's folder.
        public var file: String
        public var boxes: [Box] = []

        public init(file: String, boxes: [Box] = []) {
            self.file = file
            self.boxes = boxes
        }
    }

    public var images: [Image]

    public init(images: [Image]) { self.images = images }

    public init(contentsOf path: String) throws(TruthFileError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(
                path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else {
            throw .malformed(
                path: path,
                detail:
                    "not dlib XML (\(parser.parserError.map { "\($0)" } ?? "parse error") at line \(parser.lineNumber))"
            )
        }
        guard !reader.images.isEmpty else { throw .malformed(path: path, detail: "no <image> entries") }
        images = reader.images
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var images: [Image] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes a: [String: String] = [:]
        ) {
            func number(_ key: String) -> Double? { a[key].flatMap(Double.init) }
            switch name {
            case "image": images.append(Image(file: a["file"] ?? ""))
            case "box":
                guard let top = number("top"), let left = number("left"), let w = number("width"),
                    let h = number("height"),
                    !images.isEmpty
                else { return }
                images[images.count - 1].boxes.append(
                    Box(x: left, y: top, width: w, height: h, ignore: a["ignore"] == "1"))
            case "part":
                guard let n = a["name"].flatMap(Int.init), let x = number("x"), let y = number("y"),
                    !images.isEmpty, !images[images.count - 1].boxes.isEmpty
                else { return }
                let i = images.count - 1
                images[i].boxes[images[i].boxes.count - 1].parts[n] = Point(x: x, y: y)
            default: break
            }
        }
    }
}
