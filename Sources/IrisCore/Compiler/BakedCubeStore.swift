import Foundation

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

    public init(directory: String, maximumBytes: Int = 64 << 20) {
        self.directory = directory
        self.maximumBytes = maximumBytes
    }

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
    /// half a file), then trims the folder to `maximumBytes`. A folder that cannot be written is left alone.
    public func save(_ entry: Entry, for key: Key) {
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
    private func trim() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory) else { return }
        var files: [(path: String, size: Int, modified: Date)] = []
        for name in names where name.hasSuffix(".cube-bake") {
            let path = directory + "/" + name
            guard let attributes = try? manager.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            files.append((path, size, attributes[.modificationDate] as? Date ?? .distantPast))
        }
        var total = files.reduce(0) { $0 + $1.size }
        for file in files.sorted(by: { $0.modified < $1.modified }) where total > maximumBytes {
            if (try? manager.removeItem(atPath: file.path)) != nil { total -= file.size }
        }
    }

    // MARK: the file

    /// Bumped whenever the layout below or the meaning of a stored cube changes.
    static let formatVersion = 1
    private static let magic = Array("IRISCUBE".utf8)

    /// The magic, the key's length and text, the cube's size (0: unbakeable), its entries as this machine
    /// stores floats (the key names this very executable, so no other machine reads them), and a checksum
    /// of everything before it.
    static func encode(_ entry: Entry, key: Key) -> [UInt8] {
        var bytes = magic
        func append(_ value: UInt32) { withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) } }
        let keyBytes = Array(key.text.utf8)
        append(UInt32(keyBytes.count))
        bytes.append(contentsOf: keyBytes)
        switch entry {
        case .unbakeable:
            append(0)
        case let .cube(cube):
            append(UInt32(cube.size))
            cube.entries.withUnsafeBytes { bytes.append(contentsOf: $0) }
        }
        let sum = bytes.withUnsafeBytes { checksum($0) }
        withUnsafeBytes(of: sum) { bytes.append(contentsOf: $0) }
        return bytes
    }

    static func decode(_ bytes: [UInt8], key: Key) -> Entry? {
        bytes.withUnsafeBytes { raw -> Entry? in
            let keyBytes = Array(key.text.utf8)
            let headerCount = magic.count + 4 + keyBytes.count + 4
            guard raw.count >= headerCount + 8, raw.prefix(magic.count).elementsEqual(magic),
                Int(raw.loadUnaligned(fromByteOffset: magic.count, as: UInt32.self)) == keyBytes.count,
                raw[(magic.count + 4)..<(headerCount - 4)].elementsEqual(keyBytes)
            else { return nil }
            let size = Int(raw.loadUnaligned(fromByteOffset: headerCount - 4, as: UInt32.self))
            guard size == 0 || ColorCubeBaker.sizes.contains(size) else { return nil }
            let entryCount = size * size * size
            let body = headerCount + entryCount * MemoryLayout<SIMD4<Float>>.stride
            guard raw.count == body + 8,
                raw.loadUnaligned(fromByteOffset: body, as: UInt64.self)
                    == checksum(UnsafeRawBufferPointer(rebasing: raw[0..<body]))
            else { return nil }
            guard size > 0 else { return .unbakeable }
            let entries = [SIMD4<Float>](unsafeUninitializedCapacity: entryCount) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: raw[headerCount..<body]))
                initialized = entryCount
            }
            return .cube(ColorCube(size: size, entries: entries))
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
