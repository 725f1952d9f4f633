import Foundation
import Testing

/// The `iris` command parses and prints; what it does lives in the libraries. A type in `Sources/iris` that
/// conforms to one of the libraries' public protocols (a frame source, a renderer, a feature, a live output,
/// a recording reader, a preview server) is logic a Swift user could not reuse, and fails here.
@Suite struct CLIBoundaryTests {
    static let root = ReadmeExampleExtractor.packageRoot

    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
        var files: [(String, String)] = []
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            files.append((url.path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }

    /// Every `public protocol` the library modules declare, read from their sources.
    static func libraryProtocols() throws -> Set<String> {
        var names: Set<String> = []
        for file in try swiftFiles(under: "Sources") where !file.path.contains("/Sources/iris/") {
            for match in file.text.matches(of: /public protocol ([A-Za-z0-9_]+)/) {
                names.insert(String(match.output.1))
            }
        }
        return names
    }

    @Test func theLibrariesProtocolsAreFound() throws {
        let protocols = try Self.libraryProtocols()
        #expect(protocols.isSuperset(of: ["FrameSource", "Renderer", "Feature"]), "\(protocols.sorted())")
    }

    @Test func theCommandDeclaresNoConformanceToALibraryProtocol() throws {
        let protocols = try Self.libraryProtocols()
        let declaration = /(?:struct|class|enum|actor|extension)\s+([A-Za-z0-9_.]+)(?:<[^>{]*>)?\s*:\s*([^{]+)\{/
        for file in try Self.swiftFiles(under: "Sources/iris") {
            for match in file.text.matches(of: declaration) {
                let conformances = match.output.2.split(separator: ",").map {
                    $0.split(separator: " ").first.map(String.init) ?? ""
                }
                let offending = conformances.filter { protocols.contains($0) }
                #expect(
                    offending.isEmpty,
                    "\(file.path): \(match.output.1) conforms to \(offending) — that belongs in a library module")
            }
        }
    }
}
