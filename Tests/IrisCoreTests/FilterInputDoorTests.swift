import Foundation
import XCTest
@testable import IrisCore

/// What a filter refuses at its door: non-finite numbers (named by filter and key, not as an empty extent
/// later), NUL in a file name, and names too long to look up, refused at once with a short message.
final class FilterInputDoorTests: XCTestCase {
    func testNonFiniteTransformsAndColoursNameFilterAndKey() throws {
        for text in ["[nan 0 0 1 0 0]", "[1 0 0 1 inf 0]", "[1 0 0 1 0 -infinity]"] {
            XCTAssertThrowsError(try FilterSpecParser.parse("CIAffineTransform inputTransform=\(text)"), text) {
                error in
                guard case .invalidValue("CIAffineTransform", "inputTransform", let reason)? = error as? FilterError
                else { return XCTFail("\(error)") }
                XCTAssertTrue(reason.contains("not a finite number"), reason)
            }
        }
        var affine = try Filter(name: "CIAffineTransform")
        XCTAssertThrowsError(
            try affine.setValue(
                .transform(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)), forKey: "inputTransform")
        ) { error in
            guard case .invalidValue("CIAffineTransform", "inputTransform", _)? = error as? FilterError else {
                return XCTFail("\(error)")
            }
        }
        var constant = try Filter(name: "CIConstantColorGenerator")
        XCTAssertThrowsError(try constant.setValue(.color(SIMD4(1, .infinity, 0, 1)), forKey: "inputColor")) { error in
            XCTAssertEqual(
                error as? FilterError,
                .invalidValue(
                    filter: "CIConstantColorGenerator", key: "inputColor", reason: "components must be finite"))
        }
        XCTAssertThrowsError(try constant.setValue(.vector([1, .nan, 0]), forKey: "inputColor"))
    }

    func testAHugeNameIsRefusedAtOnceWithAShortMessage() throws {
        let name = String(repeating: "A", count: 1_000_000)
        let start = ContinuousClock.now
        XCTAssertThrowsError(try FilterSpecParser.parse(name + " inputIntensity=1")) { error in
            let text = "\(error)"
            XCTAssertLessThan(text.count, 200, "the message holds a cut prefix, not the name")
            XCTAssertTrue(
                text.contains("1000000 characters; filter names are at most \(FilterRegistry.maximumNameLength)"), text)
        }
        XCTAssertThrowsError(try Filter(name: name))
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(1))
        // A long unknown key is cut too; a near miss still gets its suggestion.
        XCTAssertThrowsError(try FilterSpecParser.parse("CISepiaTone \(String(repeating: "k", count: 100_000))=1")) {
            error in
            XCTAssertLessThan("\(error)".count, 300, "\(error)".prefix(300).description)
        }
        XCTAssertThrowsError(try Filter(name: "CISepiaTon")) { error in
            XCTAssertEqual(error as? FilterError, .unknownFilter("CISepiaTon", suggestion: "CISepiaTone"))
        }
    }

    func testAFileNameWithNULIsRefused() {
        XCTAssertThrowsError(try FilterSpecParser.parse("CIColorCube inputCubeFile=a.cube\0b")) { error in
            XCTAssertEqual(
                error as? FilterError,
                .invalidValue(filter: "CIColorCube", key: "inputCubeFile", reason: "holds a NUL character"))
        }
        XCTAssertThrowsError(try ColorCubeFile.load(path: "/tmp/a.cube\0b")) { error in
            XCTAssertEqual("\(error)", "/tmp/a.cube\\0b: the path holds a NUL character; name the file without it")
        }
    }

    func testACubeErrorNeverQuotesTheFile() throws {
        let path = NSTemporaryDirectory() + "iris-secret-\(UUID().uuidString)"
        try Data("root:$y$j9T$SECRETHASH:19000:0:99999:7:::\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try ColorCubeFile.load(path: path)) { error in
            XCTAssertFalse("\(error)".contains("SECRET") || "\(error)".contains("root:"), "\(error)")
            XCTAssertTrue("\(error)".hasPrefix(path + ":1: "), "\(error)")
        }
        XCTAssertThrowsError(try ColorCubeFile.load(path: "/dev/zero")) { error in
            XCTAssertEqual(
                error as? ColorCubeFileError,
                .unreadable(file: "/dev/zero", reason: "is a character device, not a regular file; give a file"))
        }
    }
}
