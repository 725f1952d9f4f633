import IrisCore

/// A Code 128 barcode (ISO/IEC 15417) for an ASCII message, encoded in Swift: code set C for runs of four
/// or more digits, A for control characters, B for the rest, a modulo-103 check symbol and the stop pattern.
/// CICode128BarcodeGenerator draws it.
///
///     let symbol = try Code128Symbol(message: Array("IRIS-0042".utf8))   // symbol.modules.count == 11 * symbols + 2
public struct Code128Symbol: Sendable, Equatable {
    /// The symbol values in order: start, data (with code-set switches), check, stop (106).
    public let values: [Int]
    /// Left to right, true for a dark module (bar); the first and last are bars.
    public let modules: [Bool]

    public init(message: [UInt8]) throws(Code128Error) {
        if let index = message.firstIndex(where: { $0 > 127 }) {
            throw .notASCII(offset: index, byte: message[index])
        }
        var values = Self.dataValues(message)
        let check = values.enumerated().reduce(0) { sum, item in sum + item.element * max(item.offset, 1) } % 103
        values += [check, Self.stop]
        self.values = values
        modules = values.flatMap { value in
            Self.widths[value].enumerated().flatMap { element, width in
                [Bool](repeating: element % 2 == 0, count: width)
            }
        }
    }

    // MARK: Code sets

    private enum CodeSet { case a, b, c }
    private static let startValue: [CodeSet: Int] = [.a: 103, .b: 104, .c: 105]
    /// The value that switches to a set (the same in every set that can switch to it).
    private static let switchValue: [CodeSet: Int] = [.a: 101, .b: 100, .c: 99]
    private static let stop = 106

    /// Start symbol and data values, choosing code sets greedily: C for a run of at least four digits (the run's
    /// odd first digit stays in the current set), A for control characters, B otherwise.
    private static func dataValues(_ message: [UInt8]) -> [Int] {
        func digitRun(from i: Int) -> Int {
            var end = i
            while end < message.count, (48...57).contains(message[end]) { end += 1 }
            return end - i
        }
        func textSet(for byte: UInt8, current: CodeSet?) -> CodeSet {
            if byte < 32 { return .a }
            if byte >= 96 { return .b }
            return current == .a ? .a : .b
        }
        var values: [Int] = []
        var set: CodeSet?
        var i = 0
        func enter(_ next: CodeSet) {
            if set == nil { values.append(startValue[next]!) } else if set != next { values.append(switchValue[next]!) }
            set = next
        }
        while i < message.count {
            let run = digitRun(from: i)
            if run >= 4 || (run >= 2 && run == message.count - i && (set == .c || set == nil) && run % 2 == 0) {
                if run % 2 == 1 {
                    enter(textSet(for: message[i], current: set))
                    values.append(Int(message[i]) - 32)
                    i += 1
                }
                enter(.c)
                for _ in 0..<(run / 2) {
                    values.append(Int(message[i] - 48) * 10 + Int(message[i + 1] - 48))
                    i += 2
                }
                continue
            }
            let byte = message[i]
            let next = set == .c ? textSet(for: byte, current: nil) : textSet(for: byte, current: set)
            enter(next)
            values.append(byte < 32 ? Int(byte) + 64 : Int(byte) - 32)
            i += 1
        }
        if set == nil { values.append(startValue[.b]!) }
        return values
    }

    /// Bar, space, bar, … widths in modules for each value 0…105 (six elements, eleven modules) and the stop
    /// (seven elements, thirteen modules), from the standard's symbol table.
    static let widths: [[Int]] = """
        212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231
        113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211
        212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131
        113123 113321 133121 313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111
        314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211
        241211 221114 413111 241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141
        214121 412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 211214
        211232 2331112
        """.split(whereSeparator: \.isWhitespace).map { $0.map { Int(String($0))! } }
}

/// Why a message cannot become a Code 128 barcode.
public enum Code128Error: Error, Equatable, CustomStringConvertible {
    /// Code 128 carries ASCII (Core Image takes the message as ASCII data); `byte` at `offset` is not.
    case notASCII(offset: Int, byte: UInt8)

    public var description: String {
        switch self {
        case let .notASCII(offset, byte):
            return "byte \(offset) of the message (\(byte)) is not ASCII, which is all Code 128 carries"
        }
    }
}
