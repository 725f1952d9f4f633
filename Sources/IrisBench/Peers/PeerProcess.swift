import Foundation
import IrisCore

/// Runs a peer tool (GStreamer, ffmpeg) that the benchmarks time beside Iris, silently.
public enum PeerProcess {
    /// The first of `paths` that is an executable file.
    public static func executable(_ paths: [String]) -> String? {
        paths.first(where: FileManager.default.isExecutableFile)
    }

    /// Wall-clock milliseconds of one run, or nil when the tool exits with an error.
    public static func milliseconds(_ executable: String, _ arguments: [String]) throws -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return (ContinuousClock.now - start).milliseconds
    }
}
