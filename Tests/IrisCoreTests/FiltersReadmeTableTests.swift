import Foundation
import XCTest
@testable import IrisCore

/// The filter reference's table (docs/filters.md, linked from the README's Filters section) is exactly what
/// the descriptors generate. `IRIS_REGENERATE_README=1` rewrites the table between its markers instead.
final class FiltersReadmeTableTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let reference = packageRoot.appendingPathComponent("docs/filters.md")
    static let readme = packageRoot.appendingPathComponent("README.md")

    func testDocsFilterTableMatchesTheDescriptors() throws {
        let table = FilterReference.markdownTable(for: FilterRegistry.builtIn.all)
        var page = try String(contentsOf: Self.reference, encoding: .utf8)
        let begin = try XCTUnwrap(
            page.range(of: FilterReference.beginMarker), "docs/filters.md has no filter table marker")
        let end = try XCTUnwrap(
            page.range(of: FilterReference.endMarker, range: begin.upperBound..<page.endIndex),
            "docs/filters.md's filter table has no end marker")
        let committed = String(page[begin.upperBound..<end.lowerBound])
        if ProcessInfo.processInfo.environment["IRIS_REGENERATE_README"] == "1", committed != "\n" + table {
            page.replaceSubrange(begin.upperBound..<end.lowerBound, with: "\n" + table)
            try page.write(to: Self.reference, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(
            committed, "\n" + table,
            "docs/filters.md's filter table is stale: run `IRIS_REGENERATE_README=1 swift test --filter FiltersReadmeTableTests`"
        )
    }

    /// One table, in docs/filters.md: the README links to it rather than holding a second copy that could drift.
    func testReadmeLinksTheTableAndHoldsNoCopy() throws {
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        XCTAssertFalse(
            readme.contains(FilterReference.beginMarker), "README.md holds a filter table: it lives in docs/filters.md")
        XCTAssertTrue(readme.contains("(docs/filters.md)"), "README.md does not link docs/filters.md")
    }

    func testTableRowsCarryKeysDefaultsAndRanges() {
        let table = FilterReference.markdownTable(for: FilterRegistry.builtIn.all)
        XCTAssert(table.contains("| CISepiaTone | inputIntensity (1, 0…1) |"), table)
        XCTAssert(table.contains("| **Color adjustment** | | | |"))
        XCTAssert(table.contains("| CIGaussianBlur | inputRadius (10, 0…500) | general (neighbourhood) |"), table)
        XCTAssert(
            table.contains("| CIVibrance | inputAmount (0, -1…1) | color |"),
            "identity at its default, so described at 70 %")
        XCTAssert(table.contains("inputBackgroundImage (image)"))
        XCTAssertEqual(FilterReference.categoryTitle("CICategoryCompositeOperation"), "Composite operation")
    }
}
