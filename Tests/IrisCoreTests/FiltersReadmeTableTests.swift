import Foundation
import XCTest
@testable import IrisCore

/// The README's filter table is exactly what the descriptors generate.
final class FiltersReadmeTableTests: XCTestCase {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    func testReadmeTableMatchesTheDescriptors() throws {
        let table = FilterReference.markdownTable(for: FilterRegistry.builtIn.all)
        var readme = try String(contentsOf: Self.readme, encoding: .utf8)
        let begin = try XCTUnwrap(readme.range(of: FilterReference.beginMarker), "README has no filter table marker")
        let end = try XCTUnwrap(readme.range(of: FilterReference.endMarker, range: begin.upperBound..<readme.endIndex))
        let committed = String(readme[begin.upperBound..<end.lowerBound])
        if ProcessInfo.processInfo.environment["IRIS_REGENERATE_README"] == "1", committed != "\n" + table {
            readme.replaceSubrange(begin.upperBound..<end.lowerBound, with: "\n" + table)
            try readme.write(to: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(committed, "\n" + table,
                       "README's filter table is stale: run `IRIS_REGENERATE_README=1 swift test --filter FiltersReadmeTableTests`")
    }

    func testTableRowsCarryKeysDefaultsAndRanges() {
        let table = FilterReference.markdownTable(for: FilterRegistry.builtIn.all)
        XCTAssert(table.contains("| CISepiaTone | inputIntensity (1, 0…1) |"), table)
        XCTAssert(table.contains("| **Color adjustment** | | | |"))
        XCTAssert(table.contains("| CIGaussianBlur | inputRadius (10, 0…500) | general (neighbourhood) |"), table)
        XCTAssert(table.contains("| CIVibrance | inputAmount (0, -1…1) | color |"), "identity at its default, so described at 70 %")
        XCTAssert(table.contains("inputBackgroundImage (image)"))
        XCTAssertEqual(FilterReference.categoryTitle("CICategoryCompositeOperation"), "Composite operation")
    }
}
