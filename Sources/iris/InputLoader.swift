import IrisCore
import IrisVideo

/// Opens a still or one frame of a recording as an upright `Image`.
enum InputLoader {
    static func image(from path: String, frame index: Int = 0) throws -> Image {
        if path.lowercased().hasSuffix(".y4m") {
            let reader = try Y4MReader(path: path)
            var current: Frame?
            for _ in 0...max(index, 0) {
                guard let next = try reader.nextFrame() else { throw CLIError.message("\(path) has no frame \(index)") }
                current = next
            }
            guard let frame = current else { throw CLIError.message("\(path) has no frames") }
            return Image(frame: frame)
        }
        return try Image.load(contentsOf: path)
    }
}
