import Foundation
import ArgumentParser
import IrisCore
import IrisFilters

/// `iris filters [NAME] [--category blur]`: the built-in filters with their inputs, types, defaults and
/// ranges, or one filter's page.
struct FiltersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filters", abstract: "List the built-in filters and their inputs, or show one filter's page.",
        discussion: """
            iris filters CISepiaTone (or sepiatone, SepiaTone) prints one filter's page: what it does, its \
            categories, each input's type, default and range, and examples for --filter and Swift. \
            --category takes Core Image's name or its short form, in any case: blur, Blur, CICategoryBlur, \
            color-effect.
            """)

    @Argument(help: "One filter to describe (Core Image's name; the CI prefix and case are optional).") var name:
        String?
    @Option(help: "Only filters in this category: blur, color-effect… or Core Image's CICategoryBlur (any case).")
    var category: String?
    @Flag(help: "Names only.") var namesOnly = false
    @Flag(
        help: "Each filter's attributes as JSON (Core Image's CIFilter.attributes): categories, kernel kinds, inputs.")
    var json = false
    @Flag(help: "Print the filter table (Markdown) generated from the descriptors, as docs/filters.md holds it.")
    var markdown = false
    @Flag(help: "Print the typed Swift API generated from the descriptors (TypedFilters.generated.swift).")
    var emitSwift = false
    @Flag(help: "List the categories with their short names and how many filters each holds.") var categories = false

    func run() throws {
        do {
            let registry = FilterRegistry.builtIn
            if markdown {
                print(FilterReference.markdownTable(for: registry.all), terminator: "")
                return
            }
            if emitSwift {
                print(TypedFilterAPI.swiftSource(for: registry.all), terminator: "")
                return
            }
            if categories {
                for category in registry.categories {
                    let count = registry.all.filter { $0.categories.contains(category) }.count
                    print("\(FilterRegistry.shortCategoryName(category)) (\(category)): \(count) filter(s)")
                }
                return
            }
            var descriptors =
                try category.map { c throws(FilterError) in try registry.descriptors(inCategory: c) } ?? registry.all
            if let name {
                let one = try registry.descriptor(
                    named: registry.names.first {
                        $0.lowercased() == name.lowercased() || $0.lowercased() == "ci" + name.lowercased()
                    } ?? name)
                guard !json else {
                    descriptors = [one]
                    try printJSON(descriptors)
                    return
                }
                print(FilterReference.helpPage(for: one), terminator: "")
                return
            }
            if json {
                try printJSON(descriptors)
                return
            }
            for d in descriptors {
                if namesOnly {
                    print(d.name)
                    continue
                }
                print("\(d.name) — \(d.summary)")
                print("  categories: \(d.categories.map(FilterRegistry.shortCategoryName).joined(separator: ", "))")
                print(
                    "  kernels: \(d.kernelKinds.joined(separator: ", "))\(d.readsNeighbourhood ? "; reads neighbouring pixels" : "")"
                )
                for input in d.inputs {
                    var line = "  \(input.key) (\(input.type.rawValue))"
                    if let v = input.defaultValue { line += " default \(v)" }
                    if let r = input.range { line += " range \(r.lowerBound)…\(r.upperBound)" }
                    print(line)
                }
            }
            if !namesOnly { print("\(descriptors.count) filter(s); `iris filters NAME` shows one with examples") }
        } catch {
            throw CLIError(error)
        }
    }

    private func printJSON(_ descriptors: [FilterDescriptor]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(descriptors.map(\.attributes)), as: UTF8.self))
    }
}
