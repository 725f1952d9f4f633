import IrisCore
import IrisPipeline
import IrisVideo

/// Opens a still, or one frame of a recording or a camera, as an upright `Image`.
enum InputLoader {
    static func image(from request: SourceRequest, frame index: Int = 0) throws -> Image {
        let path = request.path
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        if StillImageSource.extensions.contains(ext) { return try Image.load(contentsOf: path) }
        let source = try request.resolvingAutomatic().open()
        defer { source.close() }
        var current: Frame?
        for position in 0...max(index, 0) {
            guard let next = try source.readFrame() else {
                throw CLIError.message("\(path) has no frame \(index) (it ends after \(position))")
            }
            current = next
        }
        guard let frame = current else { throw CLIError.message("\(path) has no frames") }
        return Image(frame: frame)
    }
}
