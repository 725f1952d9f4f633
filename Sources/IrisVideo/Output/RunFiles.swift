#if canImport(Glibc)
    import Glibc
#endif

/// The files one run reads and writes, so that no output is an input or another output. Files are compared
/// by device and inode, whatever their spelling (`./x`, a symbolic or hard link, `/dev/stdin` redirected
/// from a file); an output that does not exist yet is compared by its folder's identity and its name.
/// Character devices may be shared by outputs (two reports to one terminal), never with an input.
///
///     var files = RunFiles(inputs: ["clip.mp4", "clip.truth.json"])
///     try files.addOutput("report.json")   // throws .isInput for "clip.truth.json"
public struct RunFiles: Sendable {
    private struct Entry: Sendable {
        let path: String
        let key: Key
        let isCharacterDevice: Bool
    }
    private enum Key: Hashable, Sendable {
        case node(device: UInt64, inode: UInt64)
        case name(folderDevice: UInt64, folderInode: UInt64, name: String)
    }
    private var inputs: [Entry] = []
    private var outputs: [Entry] = []

    /// `inputs` as the user named them; "-" is standard input.
    public init(inputs: [String] = []) {
        inputs.forEach { addInput($0) }
    }

    /// Adds an input; one that does not exist is ignored here (its reader reports it).
    public mutating func addInput(_ path: String) {
        let spelled = path == "-" ? "/dev/stdin" : path
        if let entry = Self.entry(spelled, shownAs: path == "-" ? "standard input" : path) { inputs.append(entry) }
    }

    /// Adds an output, refusing one that is an input or an earlier output.
    public mutating func addOutput(_ path: String) throws(OutputError) {
        guard let entry = Self.entry(path, shownAs: path) else { return }
        if let input = inputs.first(where: { $0.key == entry.key }) { throw .isInput(path: path, input: input.path) }
        if !entry.isCharacterDevice, let other = outputs.first(where: { $0.key == entry.key }) {
            throw .isOtherOutput(path: path, other: other.path)
        }
        outputs.append(entry)
    }

    private static func entry(_ path: String, shownAs name: String) -> Entry? {
        var info = stat()
        if stat(path, &info) == 0 {
            return Entry(
                path: name, key: .node(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)),
                isCharacterDevice: info.st_mode & S_IFMT == S_IFCHR)
        }
        let (directory, file) = OutputPaths.split(path)
        var folder = stat()
        guard !file.isEmpty, stat(directory, &folder) == 0 else { return nil }
        return Entry(
            path: name, key: .name(folderDevice: UInt64(folder.st_dev), folderInode: UInt64(folder.st_ino), name: file),
            isCharacterDevice: false)
    }
}

extension RunFiles {
    /// Checks, before any work, that each of `outputs` may be written under the output policy
    /// (`OutputDestination`) and is neither one of `inputs` nor another output. Nothing is created.
    ///
    ///     try RunFiles.check(outputs: ["out.png"], inputs: ["in.png"])
    public static func check(outputs: [String], inputs: [String]) throws(OutputError) {
        var files = RunFiles(inputs: inputs)
        for output in outputs {
            _ = try OutputDestination(path: output)
            try files.addOutput(output)
        }
    }
}
