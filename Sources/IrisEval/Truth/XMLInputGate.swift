import Foundation

/// What a truth file's XML must be before Foundation's `XMLParser` sees it: UTF-8 text with no processing
/// instruction but the XML declaration at its start. libxml2's callbacks in swift-corelibs-foundation trap
/// on names that are not UTF-8 and on processing instructions without data (both found by tools/fuzz, in
/// Fuzz/Corpus/cvat-truth and cascade-xml); a CVAT export never has either, so they are refused here
/// with the line, as malformed.
enum XMLInputGate {
    /// Nil when `data` may be parsed, else what is wrong, starting with its line.
    static func problem(in data: Data) -> String? {
        let bytes = [UInt8](data)
        let invalid = firstInvalidUTF8(bytes)
        guard invalid == bytes.count else { return "line \(line(at: invalid, in: bytes)): not UTF-8 text" }
        // An optional byte-order mark, then "<?xml" and white space: the declaration. Any other "<?" is a
        // processing instruction.
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if bytes[start...].starts(with: Array("<?xml".utf8)), bytes.count > start + 5,
            [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start + 5])
        {
            start += 5
        }
        var i = start
        while i + 1 < bytes.count {
            if bytes[i] == 0x3C && bytes[i + 1] == 0x3F {  // "<?"
                return "line \(line(at: i, in: bytes)): a processing instruction (<?…?>): a CVAT export has none"
            }
            i += 1
        }
        return nil
    }

    private static func line(at offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<min(offset, bytes.count)].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// The offset of the first byte that does not decode as UTF-8.
    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &input) {
            case let .valid(scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return offset
            }
        }
    }
}
