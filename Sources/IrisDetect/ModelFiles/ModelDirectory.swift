import Foundation
import Synchronization

/// Where the bundled models are found at run time, in this order:
/// 1. the directory named by the environment variable `IRIS_MODEL_DIR`;
/// 2. `Iris_IrisDetect.resources/Models` beside the running executable (SwiftPM's resource bundle, which
///    `swift build` writes there; copy it along when installing the binary);
/// 3. `../share/iris/models` from the executable's directory (an install prefix: `/usr/local/bin/iris`
///    reads `/usr/local/share/iris/models`);
/// 4. `Sources/IrisDetect/Models` in the checkout the binary was built from.
///
/// Each file is read once and checked against `BundledModel.sha256`; a file that is missing everywhere and
/// a file whose digest differs are distinct `DetectorError`s naming the paths.
///
///     let path = try ModelDirectory.shared.path(of: .faceLandmark)
public final class ModelDirectory: Sendable {
    public static let environmentVariable = "IRIS_MODEL_DIR"
    /// The folder inside SwiftPM's resource bundle and inside the checkout.
    static let resourceFolder = "Models"
    static let bundleName = "Iris_IrisDetect.resources"

    /// The search path of this process (its environment and executable).
    public static let shared = ModelDirectory(
        searchPath: searchPath(
            environment: ProcessInfo.processInfo.environment,
            executable: Bundle.main.executableURL?.resolvingSymlinksInPath().path))

    /// The directories searched, first match wins.
    public let searchPath: [String]
    private let loaded = Mutex<[BundledModel: [UInt8]]>([:])

    public init(searchPath: [String]) {
        self.searchPath = searchPath
    }

    /// The search path for an environment and an executable path (nil when the process cannot tell).
    public static func searchPath(environment: [String: String], executable: String?) -> [String] {
        var directories: [String] = []
        if let override = environment[environmentVariable], !override.isEmpty { directories.append(override) }
        if let executable {
            let binDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent()
            directories.append(
                binDirectory.appendingPathComponent(bundleName).appendingPathComponent(resourceFolder).path)
            directories.append(binDirectory.appendingPathComponent("../share/iris/models").standardizedFileURL.path)
        }
        // This file is Sources/IrisDetect/ModelFiles/ModelDirectory.swift in the checkout.
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        directories.append(sources.appendingPathComponent(resourceFolder).path)
        return directories
    }

    /// The first file named `model.fileName` on the search path.
    public func path(of model: BundledModel) throws(DetectorError) -> String {
        let candidates = searchPath.map { URL(fileURLWithPath: $0).appendingPathComponent(model.fileName).path }
        guard let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) else {
            throw .modelMissing(file: model.fileName, searched: searchPath)
        }
        return found
    }

    /// The model's bytes, read and checked on first use.
    public func bytes(of model: BundledModel) throws(DetectorError) -> [UInt8] {
        if let bytes = loaded.withLock({ $0[model] }) { return bytes }
        let path = try path(of: model)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .modelMissing(file: model.fileName, searched: searchPath)
        }
        let bytes = [UInt8](data)
        let digest = SHA256.hexDigest(of: bytes)
        guard digest == model.sha256 else {
            throw .modelCorrupt(path: path, expectedSHA256: model.sha256, actualSHA256: digest)
        }
        loaded.withLock { $0[model] = bytes }
        return bytes
    }
}
