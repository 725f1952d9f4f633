import Foundation
import IrisCore
import IrisDetect
import IrisCPU
import IrisVideo

/// Pictures to look at one by one, as `iris detect` reads them: stills, every frame of a recording (Y4M,
/// MP4, MKV… or "-" for standard input, through `Recording`), or the stills and recordings in a folder.
///
///     for case .file(let path) in PictureInputs.entries(for: ["photos/"]) {
///         try PictureInputs.forEachPicture(in: path, stem: "p", maxFrames: 100) { print($0.name) }
///     }
public enum PictureInputs {
    public struct Picture: Sendable {
        /// "photo.jpg" or "clip.mkv#12".
        public let name: String
        /// A file-name-safe stem for annotated output.
        public let fileStem: String
        public let buffer: PixelBuffer
        public let colorimetry: Colorimetry
        public let orientation: Orientation

        public var uprightSize: (width: Int, height: Int) {
            orientation.swapsAxes ? (buffer.height, buffer.width) : (buffer.width, buffer.height)
        }
    }

    public static let stillExtensions = StillImageSource.extensions
    /// What a folder's recordings are called (`Recording.folderExtensions`).
    public static let recordingExtensions = Recording.folderExtensions

    /// One file of a run, or a folder that could not be listed (reported, then the run goes on).
    public enum Entry: Sendable {
        case file(String)
        case unlistable(folder: String, error: any Error)
    }

    /// The files `inputs` name, folders expanded in place; "-" is standard input. A missing file stays in
    /// the list, so that opening it reports it in its turn.
    public static func entries(for inputs: [String]) -> [Entry] {
        inputs.flatMap { input -> [Entry] in
            var isFolder: ObjCBool = false
            guard input != "-", FileManager.default.fileExists(atPath: input, isDirectory: &isFolder),
                isFolder.boolValue
            else {
                return [.file(input)]
            }
            do { return try imageFiles(in: input).map(Entry.file) } catch {
                return [.unlistable(folder: input, error: error)]
            }
        }
    }

    /// Calls `body` for each picture of the still or recording `path`, in order; `stem` names its
    /// annotated output ("stem.png" for a still, "stem-N.png" for frame N). A picture over `limit` is a
    /// `PixelLimitError` before the detectors see it (a still's before it is decoded, from its header).
    public static func forEachPicture(
        in path: String, stem: String, maxFrames: Int, limit: PixelLimit = PixelLimit(),
        source request: SourceRequest? = nil, _ body: (Picture) throws -> Void
    ) throws {
        guard !isStill(path) else {
            let still = try StillImage.read(contentsOf: path, within: limit)
            try body(
                Picture(
                    name: path, fileStem: stem, buffer: still.buffer, colorimetry: .default,
                    orientation: still.orientation))
            return
        }
        // Recordings, cameras, standard input and raw streams all open as a frame source.
        let source = try (request ?? SourceRequest(path: path)).resolvingAutomatic().open()
        defer { source.close() }
        var index = 0
        while index < maxFrames, let frame = try source.readFrame() {
            try limit.check(width: frame.buffer.width, height: frame.buffer.height, source: path)
            try body(
                Picture(
                    name: "\(path)#\(index)", fileStem: "\(stem)-\(index)", buffer: frame.buffer,
                    colorimetry: frame.colorimetry, orientation: .up))
            index += 1
        }
    }

    public static func isStill(_ path: String) -> Bool {
        stillExtensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// Stills and recordings directly inside `folder`, numeric names in numeric order.
    public static func imageFiles(in folder: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter {
                let ext = ($0 as NSString).pathExtension.lowercased()
                return stillExtensions.contains(ext) || recordingExtensions.contains(ext)
            }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        return names.map { (folder as NSString).appendingPathComponent($0) }
    }

    /// The picture upright in RGBA8 with `features` (in upright coordinates) drawn over it by the pipeline's
    /// overlay recipe, the same drawing `iris run` puts in its preview and recording, rendered on the CPU
    /// (annotation is not the hot path).
    public static func annotatedRGBA(_ picture: Picture, features: [DetectedFeature]) throws -> PixelBuffer {
        let image = Image(buffer: picture.buffer, colorimetry: picture.colorimetry).oriented(picture.orientation)
        return try Context(renderer: CPURenderer()).render(try image.overlaying(features))
    }
}
