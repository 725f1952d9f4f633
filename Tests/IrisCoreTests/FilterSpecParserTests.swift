import XCTest
import IrisCore

/// The text form of a filter (`CIColorMatrix inputRVector=[1 0 0 0]`): typos are errors naming the key.
final class FilterSpecParserTests: XCTestCase {
    func testVectorsInBracketsParensOrCommas() throws {
        for text in ["[1 0.5 0 0]", "(1 0.5 0 0)", "1,0.5,0,0"] {
            let spec = try FilterSpecParser.parse("CIColorMatrix inputRVector=\(text)")
            XCTAssertEqual(spec.parameters["inputRVector"]?.description, "[1 0.5 0 0]", text)
        }
    }

    func testUnbalancedBracketsAreRefused() {
        for text in ["[1 0 0 0", "[[1 0 0 0]]", "(1 0 0 0]x", "1,0,0,0]"] {
            XCTAssertThrowsError(try FilterSpecParser.parse("CIColorMatrix inputRVector=\(text)"), text) { error in
                guard case let .invalidValue(filter, key, reason)? = error as? FilterError else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual([filter, key], ["CIColorMatrix", "inputRVector"])
                XCTAssertTrue(reason.contains("unbalanced brackets"), reason)
            }
        }
    }

    func testAStrayClosingBracketLeavesAWordThatIsNotKeyEqualsValue() {
        for text in ["1 0 0 0]", "[1 0] [0 0]"] {
            XCTAssertThrowsError(try FilterSpecParser.parse("CIColorMatrix inputRVector=\(text)"), text) { error in
                guard case .invalidValue(_, _, "expected key=value")? = error as? FilterError else {
                    return XCTFail("\(error)")
                }
            }
        }
    }

    func testAKeyGivenTwiceIsRefused() {
        XCTAssertThrowsError(try FilterSpecParser.parse("CISepiaTone inputIntensity=0.5 inputIntensity=0.6")) { error in
            XCTAssertEqual(
                error as? FilterError,
                .invalidValue(filter: "CISepiaTone", key: "inputIntensity", reason: "given twice"))
        }
    }

    func testNonFiniteNumbersNameTheKey() {
        XCTAssertThrowsError(try FilterSpecParser.parse("CISepiaTone inputIntensity=nan").validatedFilter()) { error in
            XCTAssertTrue("\(error)".contains("inputIntensity"), "\(error)")
        }
    }
}

private extension FilterSpec {
    func validatedFilter() throws -> Filter {
        var filter = try Filter(name: name)
        for (key, value) in parameters { try filter.setValue(value, forKey: key) }
        return filter
    }
}
