import Foundation

/// A JSON reader for the files people write by hand (pipeline files, filter chains, thresholds) that accepts
/// exactly RFC 8259 and says where it stopped: no trailing commas, no key given twice in one object, no
/// comments, no NaN, nothing after the one value, nesting at most `maximumDepth` deep. It gives the values
/// JSONSerialization gives (`[String: Any]`, `[Any]`, `String`, `NSNumber`, `NSNull`; true and false as
/// boolean NSNumbers), so code that reads those reads these. Errors never quote the file's text, except a
/// duplicated key's name, cut short.
///
///     let root = try StrictJSON.parse(data)   // throws "line 3, column 14: trailing comma before '}'"
public enum StrictJSON {
    /// The deepest nesting read; past it the reader stops instead of recursing further.
    public static let maximumDepth = 256

    public static func parse(_ data: Data) throws(JSONSyntaxError) -> Any {
        var reader = Reader(bytes: [UInt8](data))
        return try reader.document()
    }
}

/// Why a JSON text was refused, and where: the line and column (both from 1; columns count characters).
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let reason: String

    public init(line: Int, column: Int, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    public var description: String { "line \(line), column \(column): \(reason)" }
}

private struct Reader {
    let bytes: [UInt8]
    var at = 0
    var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }  // a UTF-8 byte order mark, as JSONSerialization allows
    }

    mutating func document() throws(JSONSyntaxError) -> Any {
        guard String(validating: bytes, as: UTF8.self) != nil else { throw fail("the text is not UTF-8", at: 0) }
        skipSpace()
        guard at < bytes.count else { throw fail("no JSON value (the text is empty)") }
        let value = try self.value()
        skipSpace()
        guard at == bytes.count else { throw fail("more text after the JSON value ended") }
        return value
    }

    // MARK: values

    mutating func value() throws(JSONSyntaxError) -> Any {
        guard let byte = peek() else { throw fail("the text ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "t"):
            try word("true")
            return NSNumber(value: true)
        case UInt8(ascii: "f"):
            try word("false")
            return NSNumber(value: false)
        case UInt8(ascii: "n"):
            try word("null")
            return NSNull()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw fail("expected a value before '\(Character(Unicode.Scalar(byte)))'")
        default: throw fail("expected a value (an object, array, string, number, true, false or null)")
        }
    }

    mutating func object() throws(JSONSyntaxError) -> [String: Any] {
        try enter()
        at += 1
        var result: [String: Any] = [:]
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            at += 1
            depth -= 1
            return result
        }
        while true {
            skipSpace()
            guard let byte = peek() else { throw fail("the text ends inside an object (a '}' is missing)") }
            if byte == UInt8(ascii: "}") { throw fail("trailing comma before '}'", at: lastComma) }
            guard byte == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
            let keyStart = at
            let key = try string()
            guard result[key] == nil else {
                throw fail("key \"\(Self.shortened(key))\" is given twice in this object", at: keyStart)
            }
            skipSpace()
            guard peek() == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
            at += 1
            skipSpace()
            result[key] = try value()
            skipSpace()
            guard let next = peek() else { throw fail("the text ends inside an object (a '}' is missing)") }
            if next == UInt8(ascii: "}") {
                at += 1
                depth -= 1
                return result
            }
            guard next == UInt8(ascii: ",") else { throw fail("expected ',' or '}' after a value in an object") }
            lastComma = at
            at += 1
        }
    }

    mutating func array() throws(JSONSyntaxError) -> [Any] {
        try enter()
        at += 1
        var result: [Any] = []
        skipSpace()
        if peek() == UInt8(ascii: "]") {
            at += 1
            depth -= 1
            return result
        }
        while true {
            skipSpace()
            if peek() == UInt8(ascii: "]") { throw fail("trailing comma before ']'", at: lastComma) }
            result.append(try value())
            skipSpace()
            guard let next = peek() else { throw fail("the text ends inside an array (a ']' is missing)") }
            if next == UInt8(ascii: "]") {
                at += 1
                depth -= 1
                return result
            }
            guard next == UInt8(ascii: ",") else { throw fail("expected ',' or ']' after a value in an array") }
            lastComma = at
            at += 1
        }
    }

    var lastComma = 0

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= StrictJSON.maximumDepth else {
            throw fail("nested deeper than \(StrictJSON.maximumDepth) levels")
        }
    }

    mutating func word(_ text: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard bytes.count - at >= expected.count, bytes[at..<(at + expected.count)].elementsEqual(expected) else {
            throw fail("expected a value (an object, array, string, number, true, false or null)")
        }
        at += expected.count
    }

    mutating func number() throws(JSONSyntaxError) -> NSNumber {
        let start = at
        var integral = true
        if peek() == UInt8(ascii: "-") { at += 1 }
        guard let first = peek(), Self.isDigit(first) else { throw fail("a number needs a digit after '-'") }
        if first == UInt8(ascii: "0") {
            at += 1
            if let next = peek(), Self.isDigit(next) {
                throw fail("a number may not start with 0 (leading zeros are not JSON)", at: start)
            }
        } else {
            while let d = peek(), Self.isDigit(d) { at += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            integral = false
            at += 1
            guard let d = peek(), Self.isDigit(d) else { throw fail("a number needs a digit after '.'") }
            while let d = peek(), Self.isDigit(d) { at += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            integral = false
            at += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { at += 1 }
            guard let d = peek(), Self.isDigit(d) else { throw fail("a number needs a digit in its exponent") }
            while let d = peek(), Self.isDigit(d) { at += 1 }
        }
        let text = String(decoding: bytes[start..<at], as: UTF8.self)
        if integral, let whole = Int(text) { return NSNumber(value: whole) }
        guard let real = Double(text), real.isFinite else {
            throw fail("the number is too large for a double", at: start)
        }
        return NSNumber(value: real)
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        let start = at
        at += 1
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else {
                throw fail("the text ends inside a string (a closing '\"' is missing)", at: start)
            }
            switch byte {
            case UInt8(ascii: "\""):
                at += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                at += 1
                guard let escape = peek() else {
                    throw fail("the text ends inside a string (a closing '\"' is missing)", at: start)
                }
                at += 1
                switch escape {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): out.append(contentsOf: try unicodeEscape())
                default:
                    throw fail(
                        "unknown escape in a string (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: at - 2)
                }
            case 0..<0x20:
                throw fail("a control character inside a string (write it as an escape, e.g. \\n)")
            default:
                out.append(byte)
                at += 1
            }
        }
    }

    /// After `\u`: four hex digits, and a second `\uXXXX` when the first is a high surrogate.
    mutating func unicodeEscape() throws(JSONSyntaxError) -> [UInt8] {
        let escapeStart = at - 2
        let first = try hex4()
        var scalar: Unicode.Scalar?
        if (0xD800...0xDBFF).contains(first) {
            guard bytes.count - at >= 2, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                throw fail("a \\u escape of a high surrogate must be followed by a low one", at: escapeStart)
            }
            at += 2
            let second = try hex4()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw fail("a \\u escape of a high surrogate must be followed by a low one", at: escapeStart)
            }
            scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        } else {
            scalar = Unicode.Scalar(first)
        }
        guard let scalar else { throw fail("a \\u escape of a lone low surrogate", at: escapeStart) }
        return Array(String(Character(scalar)).utf8)
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexValue(byte) else {
                throw fail("a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
            at += 1
        }
        return value
    }

    // MARK: bytes and positions

    func peek() -> UInt8? { at < bytes.count ? bytes[at] : nil }

    mutating func skipSpace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { at += 1 }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    static func shortened(_ text: String) -> String { text.count > 40 ? String(text.prefix(40)) + "…" : text }

    func fail(_ reason: String) -> JSONSyntaxError { fail(reason, at: at) }

    /// The error at byte `offset`: lines end at "\n"; a column counts characters (UTF-8 lead bytes) from 1.
    func fail(_ reason: String, at offset: Int) -> JSONSyntaxError {
        var line = 1, column = 1
        for byte in bytes[0..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }
}
