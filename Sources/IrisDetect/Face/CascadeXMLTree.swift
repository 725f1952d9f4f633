import Foundation

/// A cascade file read into a small element tree: names, attributes, text and children. OpenCV's
/// FileStorage XML is regular enough that a tree is simpler to walk than streaming callbacks.
final class CascadeXMLElement {
    let name: String
    let attributes: [String: String]
    var text = ""
    var children: [CascadeXMLElement] = []

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    func child(_ name: String) -> CascadeXMLElement? { children.first { $0.name == name } }

    /// The element's text as numbers (OpenCV writes node tables and rectangles as space-separated text).
    /// (`isWhitespace` also splits at "\r\n", one Character in Swift: Windows-written files have them.)
    var numbers: [Double] { text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) } }

    /// Parses a whole document; the failure names what is wrong and the line.
    static func parse(_ data: Data) -> Result<CascadeXMLElement, XMLFailure> {
        var reader = CascadeXMLReader(Array(data))
        do { return .success(try reader.document()) } catch { return .failure(error) }
    }

    struct XMLFailure: Error { let reason: String }
}

/// The XML that OpenCV's FileStorage writes: a declaration, comments, elements with quoted attributes, text
/// with the five predefined entities, CDATA. Written here rather than taken from Foundation's XMLParser,
/// whose libxml2 callbacks trap on some malformed input (processing instructions without data, names that
/// are not UTF-8: both found by tools/fuzz, kept in Fuzz/Corpus/cascade-xml). Iterative, and nesting is
/// bounded, so no input costs deep recursion here or when the tree is released.
struct CascadeXMLReader {
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var at = 0
    private var line = 1

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws(CascadeXMLElement.XMLFailure) -> CascadeXMLElement {
        var root: CascadeXMLElement?
        var open: [CascadeXMLElement] = []
        while at < bytes.count {
            if bytes[at] != UInt8(ascii: "<") {
                let text = try characters()
                if let top = open.last {
                    top.text += text
                } else if text.contains(where: { !$0.isWhitespace }) {
                    throw fail("text outside the root element")
                }
                continue
            }
            if starts(with: "<?") {
                try skip(past: "?>", what: "a processing instruction")
                continue
            }
            if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
                continue
            }
            if starts(with: "<![CDATA[") {
                at += 9
                let start = at
                try skip(past: "]]>", what: "a CDATA section")
                guard let top = open.last else { throw fail("CDATA outside the root element") }
                top.text += String(decoding: bytes[start..<(at - 3)], as: UTF8.self)
                continue
            }
            if starts(with: "<!") {
                try skip(past: ">", what: "a declaration")
                continue
            }
            if starts(with: "</") {
                at += 2
                let name = try self.name()
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ">") else { throw fail("an end tag is not closed") }
                at += 1
                guard let top = open.popLast(), top.name == name else {
                    throw fail("an end tag closes no open element")
                }
                continue
            }
            at += 1
            let element = CascadeXMLElement(name: try name(), attributes: try attributes())
            if let parent = open.last {
                parent.children.append(element)
            } else if root == nil {
                root = element
            } else {
                throw fail("a second root element")
            }
            if starts(with: "/>") {
                at += 2
                continue
            }
            guard at < bytes.count, bytes[at] == UInt8(ascii: ">") else { throw fail("a start tag is not closed") }
            at += 1
            open.append(element)
            guard open.count <= Self.maximumDepth else {
                throw fail("elements nested deeper than \(Self.maximumDepth)")
            }
        }
        if !open.isEmpty { throw fail("\(open.count) element\(open.count == 1 ? " is" : "s are") never closed") }
        guard let root else { throw fail("no root element") }
        return root
    }

    /// Reasons never quote the file's text (names included): the file may be anything given by mistake.
    private func fail(_ reason: String) -> CascadeXMLElement.XMLFailure { .init(reason: "\(reason) at line \(line)") }

    private func starts(with text: String) -> Bool {
        let prefix = Array(text.utf8)
        return bytes.count - at >= prefix.count && bytes[at..<(at + prefix.count)].elementsEqual(prefix)
    }

    private mutating func skip(past end: String, what: String) throws(CascadeXMLElement.XMLFailure) {
        while at < bytes.count {
            if starts(with: end) {
                at += end.utf8.count
                return
            }
            if bytes[at] == UInt8(ascii: "\n") { line += 1 }
            at += 1
        }
        throw fail("\(what) is never closed")
    }

    private mutating func skipSpace() {
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) {
            if bytes[at] == 0x0A { line += 1 }
            at += 1
        }
    }

    private mutating func name() throws(CascadeXMLElement.XMLFailure) -> String {
        let start = at
        while at < bytes.count, Self.isNameByte(bytes[at]) { at += 1 }
        guard at > start else { throw fail("a tag without a name") }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D
            || b == 0x2E || b == 0x3A || b >= 0x80
    }

    private mutating func attributes() throws(CascadeXMLElement.XMLFailure) -> [String: String] {
        var found: [String: String] = [:]
        while true {
            skipSpace()
            guard at < bytes.count else { throw fail("a tag runs to the end of the file") }
            if bytes[at] == UInt8(ascii: ">") || starts(with: "/>") { return found }
            let key = try name()
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { throw fail("an attribute has no value") }
            at += 1
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else {
                throw fail("an attribute's value is not quoted")
            }
            let quote = bytes[at]
            at += 1
            let start = at
            while at < bytes.count, bytes[at] != quote {
                if bytes[at] == 0x0A { line += 1 }
                at += 1
            }
            guard at < bytes.count else { throw fail("an attribute's value is never closed") }
            found[key] = Self.decodingEntities(String(decoding: bytes[start..<at], as: UTF8.self))
            at += 1
        }
    }

    private mutating func characters() throws(CascadeXMLElement.XMLFailure) -> String {
        let start = at
        while at < bytes.count, bytes[at] != UInt8(ascii: "<") {
            if bytes[at] == 0x0A { line += 1 }
            at += 1
        }
        return Self.decodingEntities(String(decoding: bytes[start..<at], as: UTF8.self))
    }

    private static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
