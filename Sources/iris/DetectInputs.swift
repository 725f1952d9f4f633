import Foundation
import IrisCore
import IrisCPU
import IrisVideo

/// What `iris detect` reads: stills, every frame of a Y4M recording, or the images in a folder.
enum DetectInputs {
    struct Picture {
        /// "photo.jpg" or "clip.y4m#12".
        let name: String
        /// A file-name-safe stem for annotated output.
        let fileStem: String
        let buffer: PixelBuffer
        let colorimetry: Colorimetry
        let orientation: Orientation

        var uprightSize: (width: Int, height: Int) {
            orientation.swapsAxes ? (buffer.height, buffer.width) : (buffer.width, buffer.height)
        }
    }

    static let stillExtensions: Set<String> = ["png", "jpg", "jpeg"]

    /// Calls `body` for each picture of `path`, in order (folders sorted numerically: 2.png before 10.png).
    static func forEachPicture(in path: String, maxFrames: Int, _ body: (Picture) throws -> Void) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CLIError.message("\(path): no such file or folder")
        }
        if isFolder.boolValue {
            for file in try imageFiles(in: path) { try forEachPicture(in: file, maxFrames: maxFrames, body) }
            return
        }
        let ext = (path as NSString).pathExtension.lowercased()
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if ext == "y4m" {
            let reader = try Y4MReader(path: path)
            var index = 0
            while index < maxFrames, let frame = try reader.nextFrame() {
                try body(Picture(name: "\(path)#\(index)", fileStem: "\(stem)-\(index)", buffer: frame.buffer,
                                 colorimetry: frame.colorimetry, orientation: .up))
                index += 1
            }
            return
        }
        let still = try StillImage.read(contentsOf: path)
        try body(Picture(name: path, fileStem: stem, buffer: still.buffer, colorimetry: .default, orientation: still.orientation))
    }

    /// Stills and recordings directly inside `folder`, numeric names in numeric order.
    static func imageFiles(in folder: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { stillExtensions.contains(($0 as NSString).pathExtension.lowercased()) || $0.lowercased().hasSuffix(".y4m") }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        return names.map { (folder as NSString).appendingPathComponent($0) }
    }

    /// The picture upright in RGBA8, rendered on the CPU (annotation is not the hot path).
    static func uprightRGBA(_ picture: Picture) throws -> PixelBuffer {
        let image = Image(buffer: picture.buffer, colorimetry: picture.colorimetry).oriented(picture.orientation)
        return try Context(renderer: CPURenderer()).render(image)
    }

    static func writePNG(_ buffer: PixelBuffer, to path: String) throws {
        try StillImage.write(buffer, to: path)
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
    }
}
