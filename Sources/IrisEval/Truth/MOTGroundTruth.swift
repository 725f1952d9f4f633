import Foundation
import IrisCore
import IrisDetect

/// The MOT Challenge's ground truth, `gt/gt.txt`: one CSV line per object per frame,
/// `frame, id, left, top, width, height[, conf[, class[, visibility[, …]]]]`, frames counted from 1, boxes in
/// top-left pixels. Read into a `ClipTruth` (frames from 0, boxes bottom-left: `y = height − top − h`):
///
/// - `conf` 0 marks a box the benchmark ignores: it becomes visibility 0, don't care;
/// - otherwise the visibility column (0…1) is the visibility, 1 when absent;
/// - `class` is not read: the kind is the one asked for (every box one kind, faces by default);
/// - frames the file does not list are empty; `frameCount` nil ends the clip at the last frame listed.
///
/// Blank lines are skipped; any other line that does not parse is a `TruthFileError` naming the line.
/// Frame numbers past `maximumFrames` (`ClipTruth.maximumFrameCount` unless given) are refused as they are
/// read, before the per-frame list is made: a 36-byte line naming frame 1,000,000,000 would otherwise ask for 16 GB.
///
///     let truth = try MOTGroundTruth.read(contentsOf: "MOT17-02/gt/gt.txt", width: 1920, height: 1080, frameRate: 30, frameCount: 600)
public enum MOTGroundTruth {
    public static func read(
        contentsOf path: String, kind: DetectorType = .face, width: Int, height: Int, frameRate: Double,
        frameCount: Int?, clip: String = "",
        maximumFrames: Int = ClipTruth.maximumFrameCount
    ) throws(TruthFileError) -> ClipTruth {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(
                path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        return try decode(
            String(decoding: data, as: UTF8.self), path: path, kind: kind, width: width, height: height,
            frameRate: frameRate, frameCount: frameCount, clip: clip, maximumFrames: maximumFrames)
    }

    /// `text` as the contents of a gt.txt at `path` (named in errors).
    public static func decode(
        _ text: String, path: String, kind: DetectorType = .face, width: Int, height: Int, frameRate: Double,
        frameCount: Int?, clip: String = "",
        maximumFrames: Int = ClipTruth.maximumFrameCount
    ) throws(TruthFileError) -> ClipTruth {
        guard width > 0, height > 0 else { throw .inconsistent(path: path, detail: "size \(width)×\(height) is empty") }
        guard frameRate > 0, frameRate.isFinite else {
            throw .inconsistent(path: path, detail: "frame rate \(frameRate) is not positive")
        }
        if let frameCount, frameCount < 0 {
            throw .inconsistent(path: path, detail: "frame count \(frameCount) is negative")
        }
        if let frameCount, frameCount > maximumFrames {
            throw .frameOutOfRange(path: path, line: nil, frame: frameCount, limit: maximumFrames)
        }
        var objectsByFrame: [Int: [TruthObject]] = [:]
        var lastFrame = 0
        // A Character "\r\n" is one line break, so CRLF files number their lines as editors do.
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty else { continue }
            let lineNumber = index + 1
            let (frame, object) = try parse(line, lineNumber: lineNumber, path: path, kind: kind, height: height)
            if frame > maximumFrames {
                throw .frameOutOfRange(path: path, line: lineNumber, frame: frame, limit: maximumFrames)
            }
            if let frameCount, frame > frameCount {
                throw .inconsistent(
                    path: path, detail: "line \(lineNumber): frame \(frame) is past the clip's \(frameCount) frames")
            }
            if objectsByFrame[frame - 1, default: []].contains(where: { $0.id == object.id }) {
                throw .inconsistent(
                    path: path, detail: "line \(lineNumber): object ID \(object.id) appears twice in frame \(frame)")
            }
            objectsByFrame[frame - 1, default: []].append(object)
            lastFrame = max(lastFrame, frame)
        }
        let frames = (0..<(frameCount ?? lastFrame)).map { FrameTruth(frame: $0, objects: objectsByFrame[$0] ?? []) }
        return ClipTruth(clip: clip, width: width, height: height, frameRate: frameRate, frames: frames)
    }

    /// One line: its frame (1-based, as written) and its object.
    private static func parse(
        _ line: String, lineNumber: Int, path: String, kind: DetectorType,
        height: Int
    ) throws(TruthFileError) -> (frame: Int, object: TruthObject) {
        func fail(_ detail: String) -> TruthFileError {
            .malformed(path: path, detail: "line \(lineNumber): \(detail)")
        }
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard fields.count >= 6 else {
            throw fail("\(fields.count) columns, need frame, id, left, top, width, height[, conf, class, visibility]")
        }
        func integer(_ column: Int, _ name: String) throws(TruthFileError) -> Int {
            // MOT files written by tools in floating point give whole numbers as "1.0" or "1.000000".
            if let value = Int(fields[column]) { return value }
            if let value = Double(fields[column]), value == value.rounded(), abs(value) < 1e15 { return Int(value) }
            throw fail("\(name) \"\(fields[column])\" is not a whole number")
        }
        func number(_ column: Int, _ name: String) throws(TruthFileError) -> Double {
            guard let value = Double(fields[column]), value.isFinite else {
                throw fail("\(name) \"\(fields[column])\" is not a number")
            }
            return value
        }
        let frame = try integer(0, "frame")
        guard frame >= 1 else { throw fail("frame \(frame): MOT frames count from 1") }
        let id = try integer(1, "id")
        let left = try number(2, "left"), top = try number(3, "top")
        let width = try number(4, "width"), boxHeight = try number(5, "height")
        guard width > 0, boxHeight > 0 else { throw fail("box \(width)×\(boxHeight) is empty") }
        var visibility = 1.0
        if fields.count > 6, !fields[6].isEmpty, try number(6, "conf") == 0 {
            visibility = 0
        } else if fields.count > 8, !fields[8].isEmpty {
            visibility = try number(8, "visibility")
            guard (0...1).contains(visibility) else { throw fail("visibility \(visibility) is outside 0…1") }
        }
        let box = Rect(x: left, y: Double(height) - top - boxHeight, width: width, height: boxHeight)
        let corners =
            kind == .face
            ? nil
            : Quadrilateral(
                topLeft: Point(x: box.minX, y: box.maxY), topRight: Point(x: box.maxX, y: box.maxY),
                bottomLeft: Point(x: box.minX, y: box.minY), bottomRight: Point(x: box.maxX, y: box.minY))
        return (
            frame,
            TruthObject(id: id, kind: kind, bounds: kind == .face ? box : nil, corners: corners, visibility: visibility)
        )
    }
}
