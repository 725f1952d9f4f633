import Foundation
import IrisCore
import IrisDetect

/// Reading and writing Iris's ground-truth JSON (`"format": "iris-truth"`, version 1). See
/// Recordings/README.md for the layout.
extension ClipTruth {
    public static let formatName = "iris-truth"
    public static let formatVersion = 1

    /// Reads a truth file; coordinates come back bottom-left whatever the file used.
    public static func read(contentsOf path: String) throws(TruthFileError) -> ClipTruth {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(
                path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        return try decode(data, path: path)
    }

    public static func decode(_ data: Data, path: String) throws(TruthFileError) -> ClipTruth {
        let form: FileForm
        do {
            form = try JSONDecoder().decode(FileForm.self, from: data)
        } catch let error as DecodingError {
            throw .malformed(path: path, detail: describe(error))
        } catch {
            throw .malformed(path: path, detail: "\(error)")
        }
        guard form.format == formatName else {
            throw .malformed(path: path, detail: "format is \"\(form.format)\", not \"\(formatName)\"")
        }
        guard form.version <= formatVersion else { throw .unsupportedVersion(path: path, version: form.version) }
        guard form.width > 0, form.height > 0 else {
            throw .inconsistent(path: path, detail: "size \(form.width)×\(form.height) is empty")
        }
        guard form.frameRate > 0, form.frameRate.isFinite else {
            throw .inconsistent(path: path, detail: "frameRate \(form.frameRate) is not positive")
        }
        guard form.frames.count == form.frameCount else {
            throw .inconsistent(
                path: path, detail: "frameCount is \(form.frameCount) but \(form.frames.count) frames are listed")
        }
        let flip = form.coordinates == .topLeft
        var frames: [FrameTruth] = []
        frames.reserveCapacity(form.frames.count)
        for (index, frame) in form.frames.enumerated() {
            guard frame.frame == index else {
                throw .inconsistent(
                    path: path,
                    detail:
                        "frame \(frame.frame) listed where frame \(index) belongs (frames must be 0, 1, 2… in order)")
            }
            var ids = Set<Int>()
            let objects = try frame.objects.map { (object) throws(TruthFileError) -> TruthObject in
                guard ids.insert(object.id).inserted else {
                    throw .inconsistent(path: path, detail: "frame \(index): object ID \(object.id) appears twice")
                }
                return try object.truth(path: path, frame: index, height: form.height, flip: flip)
            }
            frames.append(FrameTruth(frame: index, objects: objects))
        }
        return ClipTruth(
            clip: form.clip, width: form.width, height: form.height, frameRate: form.frameRate, frames: frames,
            generator: form.generator, covers: form.covers ?? [])
    }

    /// The file's bytes, in `convention` (bottom-left unless asked), keys sorted so equal truths write equal files.
    public func encoded(in convention: CoordinateConvention = .bottomLeft) throws -> Data {
        let flip = convention == .topLeft
        let form = FileForm(
            format: Self.formatName, version: Self.formatVersion, clip: clip, width: width, height: height,
            frameRate: frameRate, frameCount: frames.count, coordinates: convention, generator: generator,
            covers: covers.isEmpty ? nil : covers,
            frames: frames.map { frame in
                FrameForm(frame: frame.frame, objects: frame.objects.map { ObjectForm($0, height: height, flip: flip) })
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(form)
    }

    private static func describe(_ error: DecodingError) -> String {
        func at(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case let .keyNotFound(key, context): return "\(at(context.codingPath + [key])) is missing"
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return "\(at(context.codingPath)): \(context.debugDescription)"
        case let .dataCorrupted(context): return "\(at(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

// The file's own shapes: points as [x, y], boxes as [x, y, width, height] with (x, y) the box's corner
// nearest the origin of the file's convention.
private struct FileForm: Codable {
    var format: String
    var version: Int
    var clip: String
    var width: Int
    var height: Int
    var frameRate: Double
    var frameCount: Int
    var coordinates: CoordinateConvention
    var generator: ClipTruth.GeneratorInfo?
    var covers: [String]?
    var frames: [FrameForm]
}

private struct FrameForm: Codable {
    var frame: Int
    var objects: [ObjectForm]
}

private struct CornersForm: Codable {
    var topLeft: [Double]
    var topRight: [Double]
    var bottomRight: [Double]
    var bottomLeft: [Double]
}

private struct ObjectForm: Codable {
    var id: Int
    var type: String
    var bounds: [Double]?
    var corners: CornersForm?
    var leftEye: [Double]?
    var rightEye: [Double]?
    var mouth: [Double]?
    var message: String?
    var visibility: Double?

    init(_ object: TruthObject, height: Int, flip: Bool) {
        func point(_ p: Point) -> [Double] { [rounded(p.x), rounded(flip ? Double(height) - p.y : p.y)] }
        id = object.id
        type = object.kind.rawValue
        bounds = object.bounds.map { b in
            [rounded(b.x), rounded(flip ? Double(height) - b.y - b.height : b.y), rounded(b.width), rounded(b.height)]
        }
        corners = object.corners.map { q in
            CornersForm(
                topLeft: point(q.topLeft), topRight: point(q.topRight), bottomRight: point(q.bottomRight),
                bottomLeft: point(q.bottomLeft))
        }
        leftEye = object.leftEye.map(point)
        rightEye = object.rightEye.map(point)
        mouth = object.mouth.map(point)
        message = object.message
        visibility = object.visibility == 1 ? nil : rounded(object.visibility)
    }

    func truth(path: String, frame: Int, height: Int, flip: Bool) throws(TruthFileError) -> TruthObject {
        let here = "frame \(frame), object \(id)"
        guard let kind = DetectorType(rawValue: type) else {
            throw .malformed(
                path: path,
                detail: "\(here): type \(TruthFileError.quotedWord(type)) is not one of face, rect, qr, barcode")
        }
        func point(_ values: [Double]?, _ name: String) throws(TruthFileError) -> Point? {
            guard let values else { return nil }
            guard values.count == 2, values.allSatisfy(\.isFinite) else {
                throw .malformed(path: path, detail: "\(here): \(name) must be [x, y], got \(values)")
            }
            return Point(x: values[0], y: flip ? Double(height) - values[1] : values[1])
        }
        var object = TruthObject(id: id, kind: kind, visibility: visibility ?? 1)
        guard (0...1).contains(object.visibility) else {
            throw .inconsistent(path: path, detail: "\(here): visibility \(object.visibility) is outside 0…1")
        }
        if let b = bounds {
            guard b.count == 4, b.allSatisfy(\.isFinite), b[2] > 0, b[3] > 0 else {
                throw .malformed(
                    path: path, detail: "\(here): bounds must be [x, y, width, height] with a positive size, got \(b)")
            }
            object.bounds = Rect(x: b[0], y: flip ? Double(height) - b[1] - b[3] : b[1], width: b[2], height: b[3])
        }
        if let c = corners {
            guard let tl = try point(c.topLeft, "corners.topLeft"), let tr = try point(c.topRight, "corners.topRight"),
                let br = try point(c.bottomRight, "corners.bottomRight"),
                let bl = try point(c.bottomLeft, "corners.bottomLeft")
            else {
                throw .malformed(path: path, detail: "\(here): corners incomplete")
            }
            object.corners = Quadrilateral(topLeft: tl, topRight: tr, bottomLeft: bl, bottomRight: br)
        }
        object.leftEye = try point(leftEye, "leftEye")
        object.rightEye = try point(rightEye, "rightEye")
        object.mouth = try point(mouth, "mouth")
        object.message = message
        switch kind {
        case .face where object.bounds == nil:
            throw .inconsistent(path: path, detail: "\(here): a face needs bounds [x, y, width, height]")
        case .rectangle where object.corners == nil, .qrCode where object.corners == nil,
            .barcode where object.corners == nil:
            throw .inconsistent(path: path, detail: "\(here): a \(type) needs corners")
        case .qrCode where object.message == nil, .barcode where object.message == nil:
            throw .inconsistent(path: path, detail: "\(here): a \(type) needs its message")
        default: break
        }
        return object
    }
}

private func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
