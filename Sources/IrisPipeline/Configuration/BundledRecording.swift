import Foundation

/// The recording `iris run` plays when it is given no source: a 640×480 clip with a face, a QR code and a
/// card, so every detector finds something. Looked for in `IRIS_RECORDINGS`, then `Recordings/` in the
/// current folder, then the Recordings folder of the source tree this binary was built from.
///
///     let clip = try BundledRecording.path()
public enum BundledRecording {
    public static let names = ["demo-640x480.mp4", "astronaut-pan-320x240.y4m"]

    public static func folders() -> [String] {
        var folders: [String] = []
        if let chosen = ProcessInfo.processInfo.environment["IRIS_RECORDINGS"], !chosen.isEmpty {
            folders.append(chosen)
        }
        folders.append(FileManager.default.currentDirectoryPath + "/Recordings")
        // Sources/IrisPipeline/Configuration/BundledRecording.swift → the package root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        folders.append(root.appendingPathComponent("Recordings").path)
        return folders
    }

    /// The first of `folders()` that holds the bundled clips: where `iris eval` finds them from any folder.
    public static func folder() throws(PipelineError) -> String {
        let clip = try path()
        return (clip as NSString).deletingLastPathComponent
    }

    public static func path(in searched: [String] = folders()) throws(PipelineError) -> String {
        for folder in searched {
            for name in names {
                let candidate = (folder as NSString).appendingPathComponent(name)
                if FileManager.default.isReadableFile(atPath: candidate) { return candidate }
            }
        }
        throw .bundledRecordingMissing(name: names[0], searched: searched)
    }
}
