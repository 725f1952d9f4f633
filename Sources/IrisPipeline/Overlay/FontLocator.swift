import Foundation

/// Finds the font overlay labels use: `IRIS_FONT` if set, else DejaVu Sans from Debian's fonts-dejavu-core
/// (installed by tools/setup; Bitstream Vera licence, free to redistribute).
///
///     let path = try FontLocator.defaultFont()
public enum FontLocator {
    public static let candidates = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"
    ]

    public static func defaultFont() throws(PipelineError) -> String {
        if let chosen = ProcessInfo.processInfo.environment["IRIS_FONT"], !chosen.isEmpty {
            guard FileManager.default.isReadableFile(atPath: chosen) else {
                throw .font(path: chosen, reason: "IRIS_FONT names no readable file")
            }
            return chosen
        }
        if let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) { return found }
        throw .font(
            path: candidates[0],
            reason: "not found: install fonts-dejavu-core (tools/setup) or set IRIS_FONT to a .ttf file")
    }
}
