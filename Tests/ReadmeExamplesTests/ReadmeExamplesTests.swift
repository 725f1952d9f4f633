import Foundation
import Testing

/// The README's Swift examples are compiled as part of this target (ReadmeExamples.generated.swift); this
/// test fails when the README and the compiled copy drift apart.
@Suite struct ReadmeExamplesTests {
    @Test func theCompiledExamplesAreTheReadmes() throws {
        let markdown = try String(contentsOf: ReadmeExampleExtractor.readme, encoding: .utf8)
        let expected = ReadmeExampleExtractor.source(for: markdown)
        if ProcessInfo.processInfo.environment["IRIS_WRITE_README_EXAMPLES"] == "1" {
            try expected.write(to: ReadmeExampleExtractor.generated, atomically: true, encoding: .utf8)
        }
        let compiled = try String(contentsOf: ReadmeExampleExtractor.generated, encoding: .utf8)
        #expect(
            compiled == expected,
            "README.md's Swift examples changed: regenerate with IRIS_WRITE_README_EXAMPLES=1 swift test --filter ReadmeExamplesTests"
        )
        #expect(ReadmeExampleExtractor.blocks(in: markdown).count >= 4)
    }
}
