import Foundation
import IrisCore
import Testing

/// Hand-written JSON read strictly: the values JSONSerialization gives, and every mistake refused with the
/// line and column where it is.
@Suite(.serialized) struct StrictJSONTests {
    private func error(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try StrictJSON.parse(Data(text.utf8))
            return nil
        } catch { return error }
    }

    @Test func aValidDocumentReadsBackAsFoundationValues() throws {
        let text = #"{"a": [1, -2.5, 1e3, true, false, null], "b": {"c": "x\n\u00e9\ud83d\ude00"}, "d": 0}"#
        let root = try #require(try StrictJSON.parse(Data(text.utf8)) as? [String: Any])
        let list = try #require(root["a"] as? [Any])
        #expect(list.count == 6)
        #expect((list[0] as? NSNumber)?.intValue == 1)
        #expect((list[1] as? NSNumber)?.doubleValue == -2.5)
        #expect((list[2] as? NSNumber)?.doubleValue == 1000)
        #expect(
            String(cString: (list[3] as! NSNumber).objCType) == "c",
            "true is a boolean NSNumber, as JSONSerialization gives")
        #expect(String(cString: (list[0] as! NSNumber).objCType) != "c", "a number is not a boolean")
        #expect(list[5] is NSNull)
        #expect(((root["b"] as? [String: Any])?["c"] as? String) == "x\né😀")
        #expect((root["d"] as? Int) == 0)
    }

    @Test func mistakesGiveLineAndColumn() throws {
        let cases: [(String, Int, Int, String)] = [
            ("{\"a\": 1,}", 1, 8, "trailing comma before '}'"),
            ("[1,\n 2,\n]", 2, 3, "trailing comma before ']'"),
            ("{\"a\": 1,\n  \"a\": 2}", 2, 3, "key \"a\" is given twice in this object"),
            ("{\"a\": 1\n  \"b\": 2}", 2, 3, "expected ',' or '}' after a value in an object"),
            ("{\"a\": 01}", 1, 7, "a number may not start with 0 (leading zeros are not JSON)"),
            ("[NaN]", 1, 2, "expected a value (an object, array, string, number, true, false or null)"),
            ("{} // note", 1, 4, "more text after the JSON value ended"),
            ("", 1, 1, "no JSON value (the text is empty)"),
            ("{\"é\": \"x", 1, 7, "the text ends inside a string (a closing '\"' is missing)"),
            ("[1e400]", 1, 2, "the number is too large for a double"),
            ("[\"a\\q\"]", 1, 4, "unknown escape in a string (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"),
            ("[\"\\ud800\"]", 1, 3, "a \\u escape of a high surrogate must be followed by a low one")
        ]
        for (text, line, column, reason) in cases {
            #expect(error(text) == JSONSyntaxError(line: line, column: column, reason: reason), "\(text)")
        }
        #expect(JSONSyntaxError(line: 2, column: 3, reason: "x").description == "line 2, column 3: x")
    }

    @Test func nestingIsBoundedAndErrorsNeverQuoteTheText() {
        let deep = String(repeating: "[", count: StrictJSON.maximumDepth + 1)
        #expect(error(deep)?.reason == "nested deeper than \(StrictJSON.maximumDepth) levels")
        let secret = error("root:$y$j9T$SECRETHASH:19000:0:99999:7:::\n")
        #expect(secret != nil)
        #expect(!("\(secret!)".contains("SECRET") || "\(secret!)".contains("root")), "\(secret!)")
        #expect(error("[\"\u{1}\"]")?.reason == "a control character inside a string (write it as an escape, e.g. \\n)")
    }
}
