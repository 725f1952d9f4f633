import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// What a filter refuses at its door: non-finite numbers (named by filter and key, not as an empty extent
/// later), NUL in a file name, and names too long to look up, refused at once with a short message.
@Suite(.serialized) struct FilterInputDoorTests {
    @Test func nonFiniteTransformsAndColoursNameFilterAndKey() throws {
        for text in ["[nan 0 0 1 0 0]", "[1 0 0 1 inf 0]", "[1 0 0 1 0 -infinity]"] {
            do {
                _ = try FilterSpecParser.parse("CIAffineTransform inputTransform=\(text)")
                Issue.record("\(text)")
            } catch {
                guard case .invalidValue("CIAffineTransform", "inputTransform", let reason)? = error as? FilterError
                else {
                    Issue.record("\(error)")
                    return
                }
                #expect(reason.contains("not a finite number"), "\(reason)")
            }
        }
        var affine = try Filter(name: "CIAffineTransform")
        do {
            _ = try affine.setValue(
                .transform(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)), forKey: "inputTransform")
            Issue.record("expected an error")
        } catch {
            guard case .invalidValue("CIAffineTransform", "inputTransform", _)? = error as? FilterError else {
                Issue.record("\(error)")
                return
            }
        }
        var constant = try Filter(name: "CIConstantColorGenerator")
        do {
            _ = try constant.setValue(.color(SIMD4(1, .infinity, 0, 1)), forKey: "inputColor")
            Issue.record("expected an error")
        } catch {
            #expect(
                (error as? FilterError)
                    == .invalidValue(
                        filter: "CIConstantColorGenerator", key: "inputColor", reason: "components must be finite"))
        }
        #expect(throws: (any Error).self) { try constant.setValue(.vector([1, .nan, 0]), forKey: "inputColor") }
    }

    @Test func aHugeNameIsRefusedAtOnceWithAShortMessage() throws {
        let name = String(repeating: "A", count: 1_000_000)
        let start = ContinuousClock.now
        do {
            _ = try FilterSpecParser.parse(name + " inputIntensity=1")
            Issue.record("expected an error")
        } catch {
            let text = "\(error)"
            #expect(text.count < 200, "the message holds a cut prefix, not the name")
            #expect(
                text.contains("1000000 characters; filter names are at most \(FilterRegistry.maximumNameLength)"),
                "\(text)")
        }
        #expect(throws: (any Error).self) { try Filter(name: name) }
        #expect((ContinuousClock.now - start) < .seconds(1))
        // A long unknown key is cut too; a near miss still gets its suggestion.
        do {
            _ = try FilterSpecParser.parse("CISepiaTone \(String(repeating: "k", count: 100_000))=1")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".count < 300, "\("\(error)".prefix(300).description)")
        }
        do {
            _ = try Filter(name: "CISepiaTon")
            Issue.record("expected an error")
        } catch {
            #expect((error as? FilterError) == .unknownFilter("CISepiaTon", suggestion: "CISepiaTone"))
        }
    }

    @Test func aFileNameWithNULIsRefused() {
        do {
            _ = try FilterSpecParser.parse("CIColorCube inputCubeFile=a.cube\0b")
            Issue.record("expected an error")
        } catch {
            #expect(
                (error as? FilterError)
                    == .invalidValue(filter: "CIColorCube", key: "inputCubeFile", reason: "holds a NUL character"))
        }
        do {
            _ = try ColorCubeFile.load(path: "/tmp/a.cube\0b")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "/tmp/a.cube\\0b: the path holds a NUL character; name the file without it")
        }
    }

    @Test func aCubeErrorNeverQuotesTheFile() throws {
        let path = NSTemporaryDirectory() + "iris-secret-\(UUID().uuidString)"
        try Data("root:$y$j9T$SECRETHASH:19000:0:99999:7:::\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try ColorCubeFile.load(path: path)
            Issue.record("expected an error")
        } catch {
            #expect(!("\(error)".contains("SECRET") || "\(error)".contains("root:")), "\(error)")
            #expect("\(error)".hasPrefix(path + ":1: "), "\(error)")
        }
        do {
            _ = try ColorCubeFile.load(path: "/dev/zero")
            Issue.record("expected an error")
        } catch {
            #expect(
                (error as? ColorCubeFileError)
                    == .unreadable(file: "/dev/zero", reason: "is a character device, not a regular file; give a file"))
        }
    }
}
