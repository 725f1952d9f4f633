import Foundation
@testable import IrisDetect
import Testing

/// The face models are files found on a search path and checked by SHA-256: the digest agrees with
/// FIPS 180-4's vectors and with coreutils' sha256sum, every bundled file is where `swift build` put it with
/// its licence, and a missing or damaged file is a typed error naming it.
@Suite struct BundledModelTests {
    @Test func digestMatchesTheStandardsVectors() {
        // FIPS 180-4 appendix examples (one block, two blocks) and the empty message.
        #expect(
            SHA256.hexDigest(of: Array("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hexDigest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hexDigest(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func digestAgreesWithSha256sumAtEveryPaddingLength() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iris-sha-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Lengths around the 55/56/64-byte padding edges, and one of several blocks.
        let lengths = [1, 55, 56, 63, 64, 65, 119, 120, 1000]
        var expected: [String] = []
        for length in lengths {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            try Data(bytes).write(to: folder.appendingPathComponent("\(length).bin"))
            expected.append(SHA256.hexDigest(of: bytes))
        }
        let sums = try runSha256sum(lengths.map { folder.appendingPathComponent("\($0).bin").path })
        #expect(sums == expected)
    }

    @Test func everyBundledModelIsBesideTheBinaryWithItsDigestAndLicence() throws {
        for model in BundledModel.allCases {
            let path = try ModelDirectory.shared.path(of: model)
            // `swift build` copies the resource bundle beside the test binary; that copy is the one found.
            #expect(path.contains(ModelDirectory.bundleName), "\(model) found at \(path)")
            #expect(try runSha256sum([path]) == [model.sha256])
            #expect(try model.bytes().count > 10_000)
            let licence = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(
                model.licenceFileName
            ).path
            #expect(FileManager.default.contents(atPath: licence).map { $0.count > 500 } == true, "\(licence)")
        }
    }

    @Test func searchPathPutsTheEnvironmentFirstThenBesideTheBinaryThenTheInstallPrefix() {
        let path = ModelDirectory.searchPath(
            environment: ["IRIS_MODEL_DIR": "/srv/models"], executable: "/opt/iris/bin/iris")
        #expect(
            Array(path.prefix(3)) == [
                "/srv/models", "/opt/iris/bin/Iris_IrisDetect.resources/Models", "/opt/iris/share/iris/models"
            ])
        #expect(path.last?.hasSuffix("Sources/IrisDetect/Models") == true)
        #expect(ModelDirectory.searchPath(environment: [:], executable: nil).count == 1)
    }

    @Test func aMissingModelNamesTheFileAndEveryFolderSearched() throws {
        let directory = ModelDirectory(searchPath: ["/nonexistent/a", "/nonexistent/b"])
        #expect(
            throws: DetectorError.modelMissing(
                file: "fer_emotion.tflite", searched: ["/nonexistent/a", "/nonexistent/b"])
        ) {
            try directory.bytes(of: .ferEmotion)
        }
    }

    @Test func aTruncatedModelIsRefusedByItsDigest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iris-models-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = try BundledModel.ferEmotion.bytes()
        let damaged = Array(good.prefix(good.count - 1))
        let path = folder.appendingPathComponent(BundledModel.ferEmotion.fileName).path
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        // The damaged copy comes first on the path, so it is the one read (and refused), not the good one after it.
        let directory = ModelDirectory(searchPath: [folder.path] + ModelDirectory.shared.searchPath)
        #expect(
            throws: DetectorError.modelCorrupt(
                path: path, expectedSHA256: BundledModel.ferEmotion.sha256,
                actualSHA256: try runSha256sum([path])[0])
        ) {
            try directory.bytes(of: .ferEmotion)
        }
    }

    private func runSha256sum(_ paths: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = paths
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").map { String($0.prefix(64)) }
    }
}
