import Foundation
import Synchronization

/// A 3D LUT in the `.cube` format that grading tools export (Adobe's Cube LUT specification 1.0, as written
/// by DaVinci Resolve, Premiere and most LUT packs): `TITLE`, `LUT_3D_SIZE`, `DOMAIN_MIN`/`DOMAIN_MAX` (or
/// Resolve's `LUT_3D_INPUT_RANGE`), `#` comments, then size³ lines of "r g b" with red varying fastest.
///
///     let lut = try ColorCubeFile.load(path: "grade.cube")
///     let graded = image.applyingColorCube(lut.cube, encoded: true)
public struct ColorCubeFile: Sendable {
    public let title: String?
    /// The table over the unit cube. A file whose domain is not 0…1 is resampled onto it: entry i of an
    /// axis holds what the file gives for the input value i / (size − 1), clamped into the file's domain.
    public let cube: ColorCube
    public let domainMin: SIMD3<Float>
    public let domainMax: SIMD3<Float>

    /// The largest `LUT_3D_SIZE` read (Core Image's CIColorCube takes up to 128): 128³ entries are 32 MiB.
    public static let maximumSize = 128

    /// Reads and parses `path`; the last few files read are kept, keyed by path, size and modification time,
    /// so a live chain that names a file does not parse it every frame.
    public static func load(path: String) throws(ColorCubeFileError) -> ColorCubeFile {
        do { try SmallFile.checkPath(path) } catch {
            throw .unreadable(file: SmallFileError.shown(path), reason: error.reason)
        }
        let attributes: [FileAttributeKey: Any]
        do { attributes = try FileManager.default.attributesOfItem(atPath: path) } catch {
            throw .unreadable(
                file: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot read it" : "no such file")
        }
        if (attributes[.type] as? FileAttributeType) == .typeDirectory {
            throw .unreadable(file: path, reason: "is a directory")
        }
        let byteCount = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let stamp = CacheKey(
            path: path, size: byteCount, modified: (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        if let cached = cache.withLock({ $0.first { $0.key == stamp }?.file }) { return cached }
        // The largest legal file (128³ lines of three numbers) is well under 64 MiB of text; a device or FIFO
        // (which could block or never end) is refused by SmallFile.
        let data: Data
        do { data = try SmallFile.read(path, limit: 64 << 20) } catch {
            throw .unreadable(file: path, reason: error.reason)
        }
        guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
            throw .unreadable(file: path, reason: "not text")
        }
        let file = try parse(text, name: path)
        cache.withLock { entries in
            entries.removeAll { $0.key.path == path }
            entries.append((stamp, file))
            if entries.count > 8 { entries.removeFirst() }
        }
        return file
    }

    /// Parses the text of a `.cube` file; `name` names it in errors.
    public static func parse(_ text: String, name: String) throws(ColorCubeFileError) -> ColorCubeFile {
        var title: String?
        var size: Int?
        var domainMin = SIMD3<Float>(0, 0, 0), domainMax = SIMD3<Float>(1, 1, 1)
        var entries: [SIMD4<Float>] = []
        var lineNumber = 0
        func fail(_ reason: String) -> ColorCubeFileError { .malformed(file: name, line: lineNumber, reason: reason) }
        func numbers(_ fields: ArraySlice<Substring>, count: Int, what: String) throws(ColorCubeFileError) -> [Float] {
            guard fields.count == count else {
                throw fail("\(what) takes \(count) number\(count == 1 ? "" : "s"), got \(fields.count)")
            }
            var values: [Float] = []
            for field in fields {
                // The file's own text is never quoted: it may be anything (a path given by mistake, a secret).
                guard let v = Float(field), v.isFinite else {
                    throw fail("\(what) has something other than a finite number in place \(values.count + 1)")
                }
                values.append(v)
            }
            return values
        }

        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let keyword = fields.first else { continue }
            if let first = keyword.first, first.isNumber || first == "-" || first == "+" || first == "." {
                guard let n = size else { throw fail("a table line comes before LUT_3D_SIZE") }
                guard entries.count < n * n * n else {
                    throw fail("more than \(n * n * n) table lines for LUT_3D_SIZE \(n)")
                }
                let rgb = try numbers(fields[...], count: 3, what: "a table line")
                entries.append(SIMD4(rgb[0], rgb[1], rgb[2], 1))
                continue
            }
            let known =
                keyword == "TITLE" || keyword == "LUT_3D_SIZE" || keyword == "DOMAIN_MIN" || keyword == "DOMAIN_MAX"
                || keyword == "LUT_3D_INPUT_RANGE" || keyword == "LUT_1D_SIZE" || keyword == "LUT_1D_INPUT_RANGE"
            guard entries.isEmpty else {
                throw fail(
                    known
                        ? "keyword \(keyword) after the table started"
                        : "a line that is not a table line after the table started")
            }
            switch keyword {
            case "TITLE":
                let rest = line.drop { $0 == " " || $0 == "\t" }.dropFirst("TITLE".count)
                title = rest.trimmingCharacters(in: .whitespaces).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\""))
            case "LUT_3D_SIZE":
                guard size == nil else { throw fail("LUT_3D_SIZE given twice") }
                guard fields.count == 2, let n = Int(fields[1]) else {
                    throw fail("LUT_3D_SIZE takes one whole number")
                }
                guard (2...maximumSize).contains(n) else { throw fail("LUT_3D_SIZE \(n) is outside 2…\(maximumSize)") }
                size = n
                entries.reserveCapacity(n * n * n)
            case "DOMAIN_MIN":
                let v = try numbers(fields.dropFirst(), count: 3, what: "DOMAIN_MIN")
                domainMin = SIMD3(v[0], v[1], v[2])
            case "DOMAIN_MAX":
                let v = try numbers(fields.dropFirst(), count: 3, what: "DOMAIN_MAX")
                domainMax = SIMD3(v[0], v[1], v[2])
            case "LUT_3D_INPUT_RANGE":
                let v = try numbers(fields.dropFirst(), count: 2, what: "LUT_3D_INPUT_RANGE")
                domainMin = SIMD3(repeating: v[0])
                domainMax = SIMD3(repeating: v[1])
            case "LUT_1D_SIZE", "LUT_1D_INPUT_RANGE":
                throw fail("\(keyword): 1D LUTs (and 1D shapers) are not supported; Iris reads 3D LUTs (LUT_3D_SIZE)")
            default:
                throw fail(
                    "not a .cube line: it starts with none of TITLE, LUT_3D_SIZE, DOMAIN_MIN, DOMAIN_MAX, "
                        + "LUT_3D_INPUT_RANGE, and is not a table line; is this a .cube file?"
                )
            }
        }
        guard let n = size else { throw .malformed(file: name, line: lineNumber, reason: "no LUT_3D_SIZE line") }
        guard entries.count == n * n * n else {
            throw .malformed(
                file: name, line: lineNumber,
                reason: "LUT_3D_SIZE \(n) needs \(n * n * n) table lines, the file has \(entries.count)")
        }
        for axis in 0..<3 where !(domainMin[axis] < domainMax[axis]) {
            throw .malformed(
                file: name, line: lineNumber, reason: "DOMAIN_MIN must be below DOMAIN_MAX in every channel")
        }
        var cube = ColorCube(size: n, entries: entries)
        if domainMin != SIMD3(0, 0, 0) || domainMax != SIMD3(1, 1, 1) {
            let table = cube, span = domainMax - domainMin
            cube = ColorCube(size: n) { v in
                var unit = (v - domainMin) / span
                unit.clamp(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
                return table.sample(unit)
            }
        }
        return ColorCubeFile(title: title, cube: cube, domainMin: domainMin, domainMax: domainMax)
    }

    private struct CacheKey: Equatable, Sendable {
        let path: String, size: Int, modified: Double
    }
    private static let cache = Mutex<[(key: CacheKey, file: ColorCubeFile)]>([])
}

/// Why a `.cube` file could not be used; every case names the file, and a malformed one the line.
public enum ColorCubeFileError: Error, Equatable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case malformed(file: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(file, reason): return "\(file): \(reason)"
        case let .malformed(file, line, reason): return "\(file):\(line): \(reason)"
        }
    }
}
