import IrisCore
import IrisVideo

/// Opens a still, or one frame of a recording, as an upright `Image`.
enum InputLoader {
    static let stillExtensions = ["png", "jpg", "jpeg"]

    static func image(from path: String, frame index: Int = 0) throws -> Image {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        if stillExtensions.contains(ext) { return try Image.load(contentsOf: path) }
        let recording = try Recording(path: path)
        var current: Frame?
        for _ in 0...max(index, 0) {
            guard let next = try recording.nextFrame() else {
                throw CLIError.message("\(path) has no frame \(index) (it ends after \(current.map { $0.sequence + 1 } ?? 0))")
            }
            current = next
        }
        guard let frame = current else { throw CLIError.message("\(path) has no frames") }
        return Image(frame: frame)
    }
}
