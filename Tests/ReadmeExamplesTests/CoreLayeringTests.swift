import Foundation
import Testing

/// IrisCore is the engine: images, kernels, the compiler, pixel and colour facts. The filter catalogue
/// (IrisFilters) and everything else sit above it, so IrisCore never names them, in code or in the manifest.
@Suite struct CoreLayeringTests {
    static let root = ReadmeExampleExtractor.packageRoot

    /// The Iris modules a source file imports, `@testable` and `@_exported` included.
    static func irisImports(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^(?:@\w+ )*import (Iris\w*)\s*$/).map { String($0.output.1) }
        }
    }

    @Test func theImportReaderFindsEveryForm() {
        let text =
            "import Foundation\nimport IrisFilters\n@testable import IrisCPU\n@_exported import IrisVideo\n// import IrisGLES\n"
        #expect(Self.irisImports(in: text) == ["IrisFilters", "IrisCPU", "IrisVideo"])
    }

    @Test func irisCoreSourcesImportNoOtherIrisModule() throws {
        let folder = Self.root.appendingPathComponent("Sources/IrisCore")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var checked = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            let imports = Self.irisImports(in: try String(contentsOf: url, encoding: .utf8))
            #expect(imports.isEmpty, "\(url.lastPathComponent) in IrisCore imports \(imports)")
            checked += 1
        }
        #expect(checked > 50, "IrisCore's sources were not found under \(folder.path)")
    }

    @Test func irisCoreDependsOnNoIrisModuleInTheManifest() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try #require(
            manifest.firstMatch(of: /\.target\(name: "IrisCore", dependencies: \[([^\]]*)\]/),
            "Package.swift declares no IrisCore target in the expected form")
        #expect(!declaration.output.1.contains("\"Iris"), "IrisCore depends on \(declaration.output.1)")
        let filters = try #require(manifest.firstMatch(of: /\.target\(name: "IrisFilters", dependencies: \[([^\]]*)\]/))
        #expect(filters.output.1.contains("\"IrisCore\""))
    }
}
