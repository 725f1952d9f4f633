import Foundation
import IrisVideo

/// What `iris eval` was asked to score: recordings with per-frame truth, or the still-image layouts that
/// `iris detect --truth` reads.
///
///     let inputs = try EvaluationInput.resolve(["Recordings"], truth: nil)
public enum EvaluationInput: Sendable, Equatable {
    /// A recording and where its truth is.
    case clip(path: String, truth: TruthSource)
    /// ZXing's blackbox layout: N.png holds a code whose text is N.txt.
    case zxingFolder(String)
    /// A quads.json of rectangle stills (`iris detect --generate-scenes`).
    case quads(String)
    /// dlib imglab XML of face stills.
    case dlibFaces(String)

    /// A truth file and its format, told by content and extension: Iris's JSON, MOT Challenge gt.txt, or
    /// CVAT for video XML.
    public enum TruthSource: Sendable, Equatable {
        case iris(String)
        case mot(String)
        case cvat(String)

        public var path: String {
            switch self {
            case let .iris(path), let .mot(path), let .cvat(path): path
            }
        }

        public init(path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "txt", "csv": self = .mot(path)
            case "xml": self = .cvat(path)
            default: self = .iris(path)
            }
        }
    }

    static let recordingExtensions = Recording.folderExtensions
    static let stillExtensions = StillImageFormat.fileExtensions

    /// The truth file Iris looks for beside a clip: "clip.mp4" → "clip.truth.json".
    public static func truthPath(besides clip: String) -> String {
        (clip as NSString).deletingPathExtension + ".truth.json"
    }

    /// Expands `paths` (clips, truth files, still layouts, folders of them) into inputs. `truth` names the
    /// truth of a single clip given alone.
    public static func resolve(_ paths: [String], truth: String?) throws(EvaluationError) -> [EvaluationInput] {
        if let truth {
            guard paths.count == 1, recordingExtensions.contains(ext(paths[0])) else {
                throw .misuse("--truth \(truth) goes with exactly one recording, got \(paths.count) inputs")
            }
            return [.clip(path: paths[0], truth: TruthSource(path: truth))]
        }
        var inputs: [EvaluationInput] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw .recording(.fileNotFound(path: path))
            }
            if isFolder.boolValue {
                let found = try folderInputs(path)
                guard !found.isEmpty else { throw .nothingToEvaluate(path: path) }
                inputs += found
            } else {
                inputs.append(try fileInput(path))
            }
        }
        return inputs
    }

    private static func fileInput(_ path: String) throws(EvaluationError) -> EvaluationInput {
        switch ext(path) {
        case "xml": return .dlibFaces(path)
        case "json":
            if path.hasSuffix(".truth.json") {
                let truth = try ClipTruth.readHeader(path)
                let folder = (path as NSString).deletingLastPathComponent
                return .clip(path: (folder as NSString).appendingPathComponent(truth), truth: .iris(path))
            }
            return .quads(path)
        case let e where recordingExtensions.contains(e):
            let truth = truthPath(besides: path)
            guard FileManager.default.fileExists(atPath: truth) else { throw .noTruth(clip: path, looked: truth) }
            return .clip(path: path, truth: .iris(truth))
        default:
            throw .nothingToEvaluate(path: path)
        }
    }

    /// Recordings with a truth file beside them, and the folder itself when it is a ZXing layout.
    private static func folderInputs(_ folder: String) throws(EvaluationError) -> [EvaluationInput] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw .nothingToEvaluate(path: folder)
        }
        let sorted = names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        let paths = sorted.map { (folder as NSString).appendingPathComponent($0) }
        var inputs: [EvaluationInput] = paths.compactMap { path in
            guard recordingExtensions.contains(ext(path)) else { return nil }
            let truth = truthPath(besides: path)
            return FileManager.default.fileExists(atPath: truth) ? .clip(path: path, truth: .iris(truth)) : nil
        }
        let texts = Set(paths.filter { ext($0) == "txt" }.map { ($0 as NSString).deletingPathExtension })
        if paths.contains(where: {
            stillExtensions.contains(ext($0)) && texts.contains(($0 as NSString).deletingPathExtension)
        }) {
            inputs.append(.zxingFolder(folder))
        }
        return inputs
    }

    private static func ext(_ path: String) -> String { (path as NSString).pathExtension.lowercased() }
}

extension ClipTruth {
    /// The clip a truth file names, without reading its frames' objects into memory twice.
    static func readHeader(_ path: String) throws(EvaluationError) -> String {
        do { return try ClipTruth.read(contentsOf: path).clip } catch { throw .truth(error) }
    }
}
