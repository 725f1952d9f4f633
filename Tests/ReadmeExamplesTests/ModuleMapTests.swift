import Foundation
import Testing

/// The module maps a reader trusts, README's Layout and ARCHITECTURE.md's module table, name every module
/// Package.swift declares: a module added, moved or renamed without its line in both fails here.
@Suite struct ModuleMapTests {
    struct Module {
        let name: String
        let path: String
    }

    static let root = ReadmeExampleExtractor.packageRoot

    /// Every target but the tests, with its folder (`Sources/<name>` unless the declaration says `path:`).
    static func modules() throws -> [Module] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = /\.(target|executableTarget|systemLibrary|testTarget|plugin)\(/
        let starts = manifest.matches(of: declaration)
        return starts.enumerated().compactMap { i, start in
            guard start.output.1 != "testTarget", start.output.1 != "plugin" else { return nil }
            let end = i + 1 < starts.count ? starts[i + 1].range.lowerBound : manifest.endIndex
            let text = manifest[start.range.lowerBound..<end]
            guard let name = text.firstMatch(of: /name: "([^"]+)"/)?.output.1 else { return nil }
            let path = text.firstMatch(of: /path: "([^"]+)"/)?.output.1
            return Module(name: String(name), path: path.map(String.init) ?? "Sources/\(name)")
        }
    }

    static func section(_ heading: String, of file: String) throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let start = try #require(text.range(of: "\n\(heading)\n"), "\(file) has no '\(heading)'")
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    @Test func theManifestIsRead() throws {
        let names = try Self.modules().map(\.name)
        #expect(names.contains("IrisCore") && names.contains("IrisCLI") && names.contains("CZXing"))
        #expect(try Self.modules().first { $0.name == "IrisCLI" }?.path == "Sources/iris")
    }

    @Test func readmesLayoutNamesEveryModulesFolder() throws {
        let layout = try Self.section("## Layout", of: "README.md")
        for module in try Self.modules() {
            // The C and C++ shims are named together by their folder.
            let folder = module.path.hasPrefix("Sources/Shims/") ? "Sources/Shims" : module.path
            #expect(layout.contains("`\(folder)`"), "README's Layout does not name \(module.name) (`\(folder)`)")
        }
    }

    @Test func architecturesModuleTableNamesEveryModule() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let table = text.split(separator: "\n").filter { $0.hasPrefix("| `") }.joined(separator: "\n")
        for module in try Self.modules() {
            if module.path.hasPrefix("Sources/Shims/") {
                #expect(table.contains("(Sources/Shims)"), "ARCHITECTURE's table does not name the shims")
            } else {
                #expect(
                    table.contains("| `\(module.name)`") || table.contains(", `\(module.name)`"),
                    "ARCHITECTURE's module table has no row for \(module.name)")
            }
        }
    }
}
