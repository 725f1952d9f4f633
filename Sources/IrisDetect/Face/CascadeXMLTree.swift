import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A cascade file read into a small element tree: names, attributes, text and children. OpenCV's
/// FileStorage XML is regular enough that a tree is simpler to walk than streaming callbacks.
final class CascadeXMLElement {
    let name: String
    let attributes: [String: String]
    var text = ""
    var children: [CascadeXMLElement] = []

    init(name: String, attributes: [String: String]) { self.name = name; self.attributes = attributes }

    func child(_ name: String) -> CascadeXMLElement? { children.first { $0.name == name } }

    /// The element's text as numbers (OpenCV writes node tables and rectangles as space-separated text).
    var numbers: [Double] { text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).compactMap { Double($0) } }

    /// Parses a whole document; nil with the parser's reason when it is not well-formed XML.
    static func parse(_ data: Data) -> Result<CascadeXMLElement, XMLFailure> {
        let builder = TreeBuilder()
        let parser = XMLParser(data: data)
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            let reason = parser.parserError.map { "\($0.localizedDescription) at line \(parser.lineNumber)" } ?? "no root element"
            return .failure(XMLFailure(reason: reason))
        }
        return .success(root)
    }

    struct XMLFailure: Error { let reason: String }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var root: CascadeXMLElement?
        var stack: [CascadeXMLElement] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let element = CascadeXMLElement(name: elementName, attributes: attributeDict)
            if let parent = stack.last { parent.children.append(element) } else { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            // Only leaves carry data; whitespace between elements is ignored by the number reader anyway.
            stack.last?.text += string
        }
    }
}
