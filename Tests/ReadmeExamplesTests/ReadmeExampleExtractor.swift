import Foundation

/// Turns the README's ```swift blocks into one Swift file: each block's imports at the top, the rest in a
/// function of its own, so the test target compiles every example exactly as the README shows it.
enum ReadmeExampleExtractor {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let readme = packageRoot.appendingPathComponent("README.md")
    static let generated = packageRoot.appendingPathComponent(
        "Tests/ReadmeExamplesTests/ReadmeExamples.generated.swift")

    /// The code of every ```swift block, in order.
    static func blocks(in markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
                continue
            }
            if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current ?? [])
                current = nil
                continue
            }
            current?.append(line)
        }
        return blocks
    }

    static func source(for markdown: String) -> String {
        let blocks = blocks(in: markdown)
        var imports: [String] = []
        var functions: [String] = []
        for (index, block) in blocks.enumerated() {
            var body: [String] = []
            for line in block {
                if line.hasPrefix("import ") {
                    if !imports.contains(line) { imports.append(line) }
                } else {
                    body.append(line)
                }
            }
            functions.append(
                "func readmeExample\(index + 1)() throws {\n"
                    + body.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
                    + "\n}\n")
        }
        return "// Generated from README.md's ```swift blocks by ReadmeExamplesTests; do not edit.\n"
            + "// Regenerate: IRIS_WRITE_README_EXAMPLES=1 swift test --filter ReadmeExamplesTests\n"
            + "// swiftlint:disable all\n" + imports.sorted().joined(separator: "\n") + "\nimport Foundation\n\n"
            + functions.joined(separator: "\n")
    }
}
