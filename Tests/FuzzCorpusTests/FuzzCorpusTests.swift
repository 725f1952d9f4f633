import Foundation
import IrisFuzzTargets
import Testing

/// Every seed and every input a fuzzer once crashed on (`Fuzz/Corpus/<target>/`) goes through its target
/// again. The targets swallow typed errors, so what fails here is a trap or a crash of the test process.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../Fuzz/Corpus"
    ).standardized

    @Test(arguments: FuzzTarget.allCases)
    func everyCorpusFileRunsThrough(_ target: FuzzTarget) throws {
        let folder = Self.corpus.appendingPathComponent(target.rawValue)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!files.isEmpty, "Fuzz/Corpus/\(target.rawValue) has no seeds")
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            target.run(Array(data))
        }
    }

    @Test func everyTargetHasACorpusFolder() throws {
        let folders = Set(try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path))
        #expect(folders == Set(FuzzTarget.allCases.map(\.rawValue)))
    }
}
