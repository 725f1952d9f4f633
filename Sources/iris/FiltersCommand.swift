import ArgumentParser
import IrisCore

/// `iris filters`: the built-in filters with their inputs, types, defaults and ranges.
struct FiltersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filters", abstract: "List the built-in filters and their inputs.")

    @Option(help: "Only filters in this category (e.g. CICategoryBlur).") var category: String?
    @Flag(help: "Names only.") var namesOnly = false
    @Flag(help: "Print the README's filter table (Markdown) generated from the descriptors.") var markdown = false
    @Flag(help: "Print the typed Swift API generated from the descriptors (TypedFilters.generated.swift).") var emitSwift = false

    func run() throws {
        let registry = FilterRegistry.builtIn
        if markdown { print(FilterReference.markdownTable(for: registry.all), terminator: ""); return }
        if emitSwift { print(TypedFilterAPI.swiftSource(for: registry.all), terminator: ""); return }
        let descriptors = registry.all.filter { category == nil || $0.categories.contains(category!) }
        for d in descriptors {
            if namesOnly { print(d.name); continue }
            print("\(d.name) — \(d.summary)")
            print("  categories: \(d.categories.joined(separator: ", "))")
            for input in d.inputs {
                var line = "  \(input.key) (\(input.type.rawValue))"
                if let v = input.defaultValue { line += " default \(v)" }
                if let r = input.range { line += " range \(r.lowerBound)…\(r.upperBound)" }
                print(line)
            }
        }
    }
}
