import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// The filter reference's table (docs/filters.md, linked from the README's Filters section) is exactly what
/// the descriptors generate. `IRIS_REGENERATE_README=1` rewrites the table between its markers instead.
@Suite(.serialized) struct FiltersReadmeTableTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let reference = packageRoot.appendingPathComponent("docs/filters.md")
    static let readme = packageRoot.appendingPathComponent("README.md")

    @Test func docsFilterTableMatchesTheDescriptors() throws {
        let table = FilterReference.markdownTable(for: FilterRegistry.builtIn.all)
        var page = try String(contentsOf: Self.reference, encoding: .utf8)
        let begin = try #require(
            page.range(of: FilterReference.beginMarker), "docs/filters.md has no filter table marker")
        let end = try #require(
            page.range(of: FilterReference.endMarker, range: begin.upperBound..<page.endIndex),
            "docs/filters.md's filter table has no end marker")
        let committed = String(page[begin.upperBound..<end.lowerBound])
        if ProcessInfo.processInfo.environment["IRIS_REGENERATE_README"] == "1", committed != "\n" + table {
            page.replaceSubrange(begin.upperBound..<end.lowerBound, with: "\n" + table)
            try page.write(to: Self.reference, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            committed == ("\n" + table),
            "docs/filters.md's filter table is stale: run `IRIS_REGENERATE_README=1 swift test --filter FiltersReadmeTableTests`"
        )
    }

    /// One table, in docs/filters.md: the README links to it rather than holding a second copy that could drift.
    @Test func readmeLinksTheTableAndHoldsNoCopy() throws {
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        #expect(
            !readme.contains(FilterReference.beginMarker), "README.md holds a filter table: it lives in docs/filters.md"
        )
        #expect(readme.contains("(docs/filters.md)"), "README.md does not link docs/filters.md")
    }

    @Test func tableRowsCarryKeysDefaultsAndRanges() {
        let table = FilterReference.markdownTable(for: FilterRegistry.builtIn.all)
        #expect(table.contains("| CISepiaTone | inputIntensity (1, 0…1) |"), "\(table)")
        #expect(table.contains("| **Color adjustment** | | | |"))
        #expect(table.contains("| CIGaussianBlur | inputRadius (10, 0…500) | general (neighbourhood) |"), "\(table)")
        #expect(
            table.contains("| CIVibrance | inputAmount (0, -1…1) | color |"),
            "identity at its default, so described at 70 %")
        #expect(table.contains("inputBackgroundImage (image)"))
        #expect(FilterReference.categoryTitle("CICategoryCompositeOperation") == "Composite operation")
    }
}
