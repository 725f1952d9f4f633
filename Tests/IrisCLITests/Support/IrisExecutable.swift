import Foundation

/// The `iris` executable that `swift build --build-tests` puts beside the test bundle, run as a user would.
///
///     let result = try IrisExecutable.run(["detect", "x.png"], in: folder)   // result.status, .stdout, .stderr
enum IrisExecutable {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
        var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    static let path: String? = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "iris"
        ).path
        let candidates = [
            ProcessInfo.processInfo.environment["IRIS_BINARY"], beside,
            FileManager.default.currentDirectoryPath + "/.build/debug/iris"
        ].compactMap { $0 }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    struct NotBuilt: Error, CustomStringConvertible {
        var description: String { "the iris executable is not built (swift build --build-tests)" }
    }

    /// Runs `iris arguments…` in `folder`, with `standardInput` piped in when given. Output goes to files,
    /// so a child that prints a lot never blocks on a full pipe. `closedStandardError`: standard error is a
    /// pipe whose reader goes away after the first byte (as `iris … 2>&1 | grep -m1` leaves it), and `stderr`
    /// comes back empty.
    static func run(
        _ arguments: [String], in folder: String, standardInput: [UInt8]? = nil,
        environment: [String: String] = [:], closedStandardError: Bool = false
    ) throws -> Result {
        guard let path else { throw NotBuilt() }
        let outputs = try TemporaryFolder()
        let stdoutPath = try outputs.write([], to: "stdout"), stderrPath = try outputs.write([], to: "stderr")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        let shortReader = closedStandardError ? Pipe() : nil
        if let shortReader { process.standardError = shortReader }
        let stdin = Pipe()
        process.standardInput = standardInput == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let shortReader {
            _ = try shortReader.fileHandleForReading.read(upToCount: 1)
            try shortReader.fileHandleForReading.close()
        }
        if let standardInput {
            signal(SIGPIPE, SIG_IGN)  // a child that stops reading early must not kill the test process
            // The child reads while this writes: a pipe holds 64 KiB.
            try? stdin.fileHandleForWriting.write(contentsOf: Data(standardInput))
            try? stdin.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: try outputs.bytes(of: "stdout"), as: UTF8.self),
            stderr: String(decoding: try outputs.bytes(of: "stderr"), as: UTF8.self))
    }
}
