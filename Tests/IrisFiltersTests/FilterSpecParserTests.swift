import Foundation
import IrisCore
@testable import IrisFilters
import Testing

/// The text form of a filter (`CIColorMatrix inputRVector=[1 0 0 0]`): typos are errors naming the key.
@Suite(.serialized) struct FilterSpecParserTests {
    @Test func vectorsInBracketsParensOrCommas() throws {
        for text in ["[1 0.5 0 0]", "(1 0.5 0 0)", "1,0.5,0,0"] {
            let spec = try FilterSpecParser.parse("CIColorMatrix inputRVector=\(text)")
            #expect(spec.parameters["inputRVector"]?.description == "[1 0.5 0 0]", "\(text)")
        }
    }

    @Test func unbalancedBracketsAreRefused() {
        for text in ["[1 0 0 0", "[[1 0 0 0]]", "(1 0 0 0]x", "1,0,0,0]"] {
            do {
                _ = try FilterSpecParser.parse("CIColorMatrix inputRVector=\(text)")
                Issue.record("\(text)")
            } catch {
                guard case let .invalidValue(filter, key, reason)? = error as? FilterError else {
                    Issue.record("\(error)")
                    return
                }
                #expect([filter, key] == ["CIColorMatrix", "inputRVector"])
                #expect(reason.contains("unbalanced brackets"), "\(reason)")
            }
        }
    }

    @Test func aStrayClosingBracketLeavesAWordThatIsNotKeyEqualsValue() {
        for text in ["1 0 0 0]", "[1 0] [0 0]"] {
            do {
                _ = try FilterSpecParser.parse("CIColorMatrix inputRVector=\(text)")
                Issue.record("\(text)")
            } catch {
                guard case .invalidValue(_, _, "expected key=value")? = error as? FilterError else {
                    Issue.record("\(error)")
                    return
                }
            }
        }
    }

    @Test func aKeyGivenTwiceIsRefused() {
        do {
            _ = try FilterSpecParser.parse("CISepiaTone inputIntensity=0.5 inputIntensity=0.6")
            Issue.record("expected an error")
        } catch {
            #expect(
                (error as? FilterError)
                    == .invalidValue(filter: "CISepiaTone", key: "inputIntensity", reason: "given twice"))
        }
    }

    @Test func nonFiniteNumbersNameTheKey() {
        do {
            _ = try FilterSpecParser.parse("CISepiaTone inputIntensity=nan").validatedFilter()
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("inputIntensity"), "\(error)")
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
