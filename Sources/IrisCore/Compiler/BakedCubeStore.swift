import Dispatch
import Foundation
import Synchronization

/// Baked colour cubes kept in a folder between runs. Baking a chain into a 65³ cube evaluates it at half a
/// million points (the grid and the check at every cell's centre), 20–30 ms on two cores, and a chain that
/// ends in the output encode is tried whole first and usually fails, which costs as much again: about 50 ms
/// before a run's first frame, every run. The store keeps each bake's result, a cube or "no cube follows
/// this run", under the run's kernels and exact arguments and the executable that baked it (a rebuilt
/// binary may bake differently), so the next run of the same chain reads it back in about a millisecond.
/// A file that is truncated, damaged or holds another run is ignored and baked again; nothing here ever
/// fails a render. GLSL programs and shader caches (Mesa's, Core Image's) are kept the same way.
///
///     var options = Context.Options(); options.bakedCubes = BakedCubeStore.standard
public struct BakedCubeStore: Sendable, Hashable {
    /// The folder holding the files (created on the first store).
    public let directory: String
    /// When the files together pass this many bytes, the least recently written go first.
    public let maximumBytes: Int
    /// The most files one process writes into the folder. A live session whose chain changes many times a
    /// second (a slider on the web preview, auto-enhance following a fade) would otherwise write a 4 MiB cube
    /// each time, wearing a board's SD card for bakes it will not meet again; past this the bakes stay in
    /// memory.
    public let maximumWrites: Int

    public init(directory: String, maximumBytes: Int = 64 << 20, maximumWrites: Int = 4) {
        self.directory = directory
        self.maximumBytes = maximumBytes
        self.maximumWrites = maximumWrites
    }

    /// Files this process has written, by folder.
    private static let written = Mutex([String: Int]())

    /// `cubes` in the user's cache folder: `$IRIS_CACHE_DIR`, else `$XDG_CACHE_HOME/iris`, else
    /// `~/.cache/iris`. Nil when `IRIS_CACHE_DIR` is set but empty (no cache), or no home is known.
    public static var standard: BakedCubeStore? { standard(ProcessInfo.processInfo.environment) }

    static func standard(_ environment: [String: String]) -> BakedCubeStore? {
        if let chosen = environment["IRIS_CACHE_DIR"] {
            return chosen.isEmpty ? nil : BakedCubeStore(directory: chosen + "/cubes")
        }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return BakedCubeStore(directory: xdg + "/iris/cubes")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return BakedCubeStore(directory: home + "/.cache/iris/cubes")
    }

    /// What a bake found for a run.
    public enum Entry: Sendable {
        case cube(ColorCube)
        /// No cube size met the tolerance.
        case unbakeable
    }

    /// A run as the store files it: every kernel's name and every argument's bits, the colour management
    /// and the executable's identity.
    public struct Key: Sendable, Hashable {
        let text: String

        public init(run: [ColorCubeBaker.Step], colorManagement: Bool) {
            var lines = ["iris baked cube \(BakedCubeStore.formatVersion)", "binary \(BakedCubeStore.binaryIdentity)"]
            lines.append("colour management \(colorManagement)")
            for step in run {
                let values = step.arguments.values.map { value in
                    value.glslType + "(" + value.numbers.map { String($0.bitPattern, radix: 16) }.joined(separator: ",")
                        + ")"
                }
                lines.append(step.kernel.name + " " + values.joined(separator: " "))
            }
            text = lines.joined(separator: "\n")
        }

        /// The file's name: the text's 64-bit hash (the text inside the file settles a collision).
        var fileName: String {
            let hash = Array(text.utf8).withUnsafeBytes { BakedCubeStore.checksum($0) }
            let hex = String(hash, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex + ".cube-bake"
        }
    }

    /// The stored result for `key`, or nil when there is none that reads back whole.
    public func load(_ key: Key) -> Entry? {
        guard let data = FileManager.default.contents(atPath: path(of: key)) else { return nil }
        return Self.decode([UInt8](data), key: key)
    }

    /// Stores `entry` for `key`, written to a temporary file and renamed into place (a reader never sees
    /// half a file), then trims the folder to `maximumBytes`. The writing happens on a background queue, so a
    /// render thread that baked a new chain does not wait on the disk; `waitForWrites()` lets a process that
    /// is about to end finish them. A folder that cannot be written is left alone, and so is one this
    /// process has written `maximumWrites` files into.
    public func save(_ entry: Entry, for key: Key) {
        let allowed = Self.written.withLock { written in
            guard written[directory, default: 0] < maximumWrites else { return false }
            written[directory, default: 0] += 1
            return true
        }
        guard allowed else { return }
        Self.writer.async { write(entry, for: key) }
    }

    /// Returns once every `save` asked for so far has written its file (or given up).
    public static func waitForWrites() { writer.sync {} }

    private static let writer = DispatchQueue(label: "iris.baked-cube-store", qos: .utility)

    private func write(_ entry: Entry, for key: Key) {
        let manager = FileManager.default
        guard (try? manager.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else {
            return
        }
        let bytes = Self.encode(entry, key: key)
        guard (try? Data(bytes).write(to: URL(fileURLWithPath: path(of: key)), options: .atomic)) != nil else {
            return
        }
        trim()
    }

    private func path(of key: Key) -> String { directory + "/" + key.fileName }

    /// Removes the oldest stored files until the rest fit in `maximumBytes`.
    /// Also removes the hidden temporary files of writes that never finished (a process killed mid-write)
    /// once they are ten minutes old.
    private func trim() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory) else { return }
        var files: [(path: String, size: Int, modified: Date)] = []
        for name in names where name.hasSuffix(".cube-bake") || name.hasPrefix(".") {
            let path = directory + "/" + name
            guard let attributes = try? manager.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            let modified = attributes[.modificationDate] as? Date ?? .distantPast
            if name.hasPrefix(".") {
                if modified < Date(timeIntervalSinceNow: -600) { try? manager.removeItem(atPath: path) }
                continue
            }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            files.append((path, size, modified))
        }
        var total = files.reduce(0) { $0 + $1.size }
        for file in files.sorted(by: { $0.modified < $1.modified }) where total > maximumBytes {
            if (try? manager.removeItem(atPath: file.path)) != nil { total -= file.size }
        }
    }

    // MARK: the file

    /// Bumped whenever the layout below or the meaning of a stored cube changes.
    static let formatVersion = 2
    private static let magic = Array("IRISCUBE".utf8)

    /// The magic, the key's length and text, the cube's size (0: unbakeable), its entries, its
    /// `ChannelMatrixForm` if it has one (1, whether it ends encoded, the matrix, offsets and table placing;
    /// then each channel's tables, or the earlier channel whose tables it shares), and a checksum of
    /// everything before it. Numbers are as this machine stores them: the key names this very executable,
    /// so no other machine reads them.
    static func encode(_ entry: Entry, key: Key) -> [UInt8] {
        var bytes = magic
        func append(_ value: UInt32) { withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) } }
        func append<T>(contentsOf values: [T]) { values.withUnsafeBytes { bytes.append(contentsOf: $0) } }
        func append<T: Equatable>(tables: [[T]]) {
            for c in 0..<3 {
                let source = (0...c).first { tables[$0] == tables[c] } ?? c
                append(UInt32(source))
                if source == c { append(contentsOf: tables[c]) }
            }
        }
        let keyBytes = Array(key.text.utf8)
        append(UInt32(keyBytes.count))
        bytes.append(contentsOf: keyBytes)
        switch entry {
        case .unbakeable:
            append(0)
        case let .cube(cube):
            append(UInt32(cube.size))
            append(contentsOf: cube.entries)
            if let form = cube.channelMatrix {
                append(1)
                append(form.endsEncoded ? 1 : 0)
                let numbers = form.rows + [form.offset, form.afterStart, form.afterScale]
                append(contentsOf: numbers.flatMap { [$0.x, $0.y, $0.z] })
                append(tables: form.before)
                append(tables: form.after)
            } else {
                append(0)
            }
        }
        let sum = bytes.withUnsafeBytes { checksum($0) }
        withUnsafeBytes(of: sum) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Reads a file's fields in order; every read is checked against the bytes left.
    private struct Reader {
        let raw: UnsafeRawBufferPointer
        var offset = 0

        mutating func word() -> UInt32? {
            guard offset + 4 <= raw.count else { return nil }
            defer { offset += 4 }
            return raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        }

        mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
            guard count >= 0, offset + count <= raw.count else { return nil }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + count)])
        }

        mutating func array<T>(_ count: Int, of _: T.Type) -> [T]? {
            guard let source = bytes(count * MemoryLayout<T>.stride) else { return nil }
            return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
                initialized = count
            }
        }

        mutating func tables<T>(_ count: Int, of _: T.Type) -> [[T]]? {
            var tables: [[T]] = []
            for c in 0..<3 {
                guard let source = word().map(Int.init), source <= c else { return nil }
                if source < c {
                    tables.append(tables[source])
                } else {
                    guard let table = array(count, of: T.self) else { return nil }
                    tables.append(table)
                }
            }
            return tables
        }
    }

    static func decode(_ bytes: [UInt8], key: Key) -> Entry? {
        bytes.withUnsafeBytes { whole -> Entry? in
            guard whole.count >= 8 else { return nil }
            let body = UnsafeRawBufferPointer(rebasing: whole[0..<(whole.count - 8)])
            guard whole.loadUnaligned(fromByteOffset: body.count, as: UInt64.self) == checksum(body) else { return nil }
            var reader = Reader(raw: body)
            let keyBytes = Array(key.text.utf8)
            guard let fileMagic = reader.bytes(magic.count), fileMagic.elementsEqual(magic),
                reader.word().map(Int.init) == keyBytes.count, let fileKey = reader.bytes(keyBytes.count),
                fileKey.elementsEqual(keyBytes), let size = reader.word().map(Int.init)
            else { return nil }
            guard size > 0 else { return reader.offset == body.count ? .unbakeable : nil }
            guard ColorCubeBaker.sizes.contains(size),
                let entries = reader.array(size * size * size, of: SIMD4<Float>.self), let hasForm = reader.word()
            else { return nil }
            var form: ChannelMatrixForm?
            if hasForm == 1 {
                guard let endsEncoded = reader.word(), let numbers = reader.array(18, of: Float.self),
                    let before = reader.tables(ChannelMatrixForm.beforeCount, of: Float.self),
                    let after = reader.tables(ChannelMatrixForm.afterCount, of: UInt8.self)
                else { return nil }
                let vectors = (0..<6).map { SIMD3(numbers[3 * $0], numbers[3 * $0 + 1], numbers[3 * $0 + 2]) }
                form = ChannelMatrixForm(
                    before: before, rows: Array(vectors[0..<3]), offset: vectors[3], afterStart: vectors[4],
                    afterScale: vectors[5], after: after, endsEncoded: endsEncoded == 1)
            } else if hasForm != 0 {
                return nil
            }
            guard reader.offset == body.count else { return nil }
            return .cube(ColorCube(size: size, entries: entries).with(form))
        }
    }

    /// FNV-1a over 64-bit words (the tail zero-padded): a damaged or truncated file, not an attack, is
    /// what it guards against, and a word at a time reads a 65³ cube in well under a millisecond.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            offset += 8
        }
        var tail: UInt64 = 0
        for (shift, byte) in bytes[offset...].enumerated() { tail |= UInt64(byte) << (8 * shift) }
        hash = (hash ^ tail ^ UInt64(bytes.count) << 56) &* 0x0000_0100_0000_01B3
        return hash
    }

    /// The running executable's size and modification time: a rebuilt binary (whose kernels may have
    /// changed) files its bakes apart from the last one's.
    static let binaryIdentity: String = {
        var status = stat()
        guard stat("/proc/self/exe", &status) == 0 else {
            return "unknown \(ProcessInfo.processInfo.processIdentifier)"
        }
        return "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ino)"
    }()
}
