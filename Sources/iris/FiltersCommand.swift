import Foundation
import ArgumentParser
import IrisCore

/// `iris filters`: the built-in filters with their inputs, types, defaults and ranges.
struct FiltersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filters", abstract: "List the built-in filters and their inputs.")

    @Option(help: "Only filters in this category (e.g. CICategoryBlur).") var category: String?
    @Flag(help: "Names only.") var namesOnly = false
    @Flag(help: "Each filter's attributes as JSON (Core Image's CIFilter.attributes): categories, kernel kinds, inputs.") var json = false
    @Flag(help: "Print the README's filter table (Markdown) generated from the descriptors.") var markdown = false
    @Flag(help: "Print the typed Swift API generated from the descriptors (TypedFilters.generated.swift).") var emitSwift = false

    func run() throws {
        let registry = FilterRegistry.builtIn
        if markdown { print(FilterReference.markdownTable(for: registry.all), terminator: ""); return }
        if emitSwift { print(TypedFilterAPI.swiftSource(for: registry.all), terminator: ""); return }
        let descriptors = registry.all.filter { category == nil || $0.categories.contains(category!) }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(descriptors.map(\.attributes)), as: UTF8.self))
            return
        }
        for d in descriptors {
            if namesOnly { print(d.name); continue }
            print("\(d.name) — \(d.summary)")
            print("  categories: \(d.categories.joined(separator: ", "))")
            print("  kernels: \(d.kernelKinds.joined(separator: ", "))\(d.readsNeighbourhood ? "; reads neighbouring pixels" : "")")
            for input in d.inputs {
                var line = "  \(input.key) (\(input.type.rawValue))"
                if let v = input.defaultValue { line += " default \(v)" }
                if let r = input.range { line += " range \(r.lowerBound)…\(r.upperBound)" }
                print(line)
            }
        }
    }
}
