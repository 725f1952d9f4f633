import Foundation

/// A fresh folder under the system's temporary directory, removed when the test ends.
///
///     let folder = try TemporaryFolder(); try folder.write(bytes, to: "a/x.png")
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("iris-cli-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `name`, creating its folders.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let target = file(name)
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    func bytes(of name: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: URL(fileURLWithPath: file(name)))) }

    func contents(of name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: file(name)).sorted()
    }
}
