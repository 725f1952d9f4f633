import IrisCore

/// A PDF417 symbol (ISO/IEC 15438) for a message, encoded in Swift: data compaction (`PDF417Compaction`),
/// the symbol length descriptor and pad codewords, 2^(level+1) Reed–Solomon check codewords over GF(929),
/// rows and columns chosen by `PDF417Layout`, and each row drawn as start pattern, left row indicator, data,
/// right row indicator and stop pattern in the row's cluster. CIPDF417BarcodeGenerator draws it.
///
///     let symbol = try PDF417Symbol(message: Array("PDF417".utf8))   // symbol.rows ≥ 3
public struct PDF417Symbol: Sendable, Equatable {
    /// What the caller may fix; nil leaves it to the encoder, as Core Image's unset inputs do.
    public struct Options: Sendable, Equatable {
        /// Core Image's `inputCompactionMode`: 0 automatic, 1 numeric, 2 text, 3 byte.
        public var compactionMode = 0
        /// Write the Text latch even where Text Compaction is in force anyway (`inputAlwaysSpecifyCompaction`).
        public var alwaysSpecifyCompaction = false
        /// 0…8; nil picks the standard's recommended level for the data codewords (annex E): 2 up to 40,
        /// 3 up to 160, 4 up to 320, else 5, lowered only where the symbol could not hold it otherwise.
        public var correctionLevel: Int?
        /// Data columns 1…30 and rows 3…90; nil to choose.
        public var columns: Int?
        public var rows: Int?
        /// Compact PDF417: no right row indicator, a one-module stop.
        public var compact = false
        /// Bounds on the picture's size in pixels (as `rgbaBuffer` draws it), and the width ÷ height to come
        /// nearest among the layouts that meet them.
        public var width: ClosedRange<Int> = 0...Int.max
        public var height: ClosedRange<Int> = 0...Int.max
        public var aspectRatio = 3.0

        public init() {}
    }

    public let rows: Int
    public let columns: Int
    public let correctionLevel: Int
    public let isCompact: Bool
    /// Every codeword row by row: the length descriptor, the message, padding (900), then the check words.
    public let codewords: [Int]
    /// The symbol length descriptor's value: codewords before the check words.
    public var dataCodewords: Int { codewords.count - (2 << correctionLevel) }
    /// Each row's modules left to right, true for a bar (dark); row 0 is the top row.
    public let rowModules: [[Bool]]

    public init(message: [UInt8], options: Options = Options()) throws(PDF417Error) {
        guard (0...3).contains(options.compactionMode),
            let mode = PDF417Compaction.Mode(rawValue: options.compactionMode)
        else {
            throw .compactionModeOutOfRange(options.compactionMode)
        }
        if let level = options.correctionLevel, !(0...8).contains(level) { throw .correctionLevelOutOfRange(level) }
        if let c = options.columns, !(1...30).contains(c) { throw .columnsOutOfRange(c) }
        if let r = options.rows, !(3...90).contains(r) { throw .rowsOutOfRange(r) }
        let payload: [Int]
        do throws(PDF417CompactionError) {
            payload = try PDF417Compaction.codewords(
                for: message, mode: mode, alwaysLatch: options.alwaysSpecifyCompaction)
        } catch {
            switch error {
            case let .notADigit(offset, byte): throw .notADigit(offset: offset, byte: byte)
            }
        }
        let data = payload.count + 1
        var level = options.correctionLevel ?? Self.recommendedLevel(dataCodewords: data)
        if options.correctionLevel == nil {
            while level > 0 && data + (2 << level) > PDF417Layout.maximumCodewords { level -= 1 }
        }
        let check = 2 << level
        let request = PDF417Layout.Request(
            columns: options.columns, rows: options.rows, compact: options.compact,
            width: options.width, height: options.height, aspectRatio: options.aspectRatio)
        let layout: PDF417Layout
        do throws(PDF417LayoutError) { layout = try PDF417Layout.choose(holding: data + check, request) } catch {
            throw .layout(error, bytes: message.count, correctionLevel: level)
        }
        let slots = layout.rows * layout.columns
        var words = [slots - check] + payload
        words += [Int](repeating: PDF417Compaction.textLatch, count: slots - check - words.count)
        words += ReedSolomonEncoder(field: PrimeGaloisField.pdf417, degree: check, firstRoot: 1).checkSymbols(of: words)

        rows = layout.rows
        columns = layout.columns
        correctionLevel = level
        isCompact = options.compact
        codewords = words
        rowModules = (0..<layout.rows).map { r in
            Self.rowModules(
                r, of: words, rows: layout.rows, columns: layout.columns, level: level, compact: options.compact)
        }
    }

    /// Annex E's recommended minimum error correction level for a count of data codewords.
    static func recommendedLevel(dataCodewords n: Int) -> Int { n <= 40 ? 2 : n <= 160 ? 3 : n <= 320 ? 4 : 5 }

    // MARK: - Rows

    static let startPattern = [8, 1, 1, 1, 1, 1, 1, 3]
    static let stopPattern = [7, 1, 1, 3, 1, 1, 1, 2, 1]

    /// Row `r` in cluster 3·(r mod 3). The row indicators tell a reader the rows, the columns and the
    /// correction level, a third of it each, rotating with the cluster (section 5.8.1):
    /// x = 30·⌊r/3⌋ plus ⌊(rows−1)/3⌋, 3·level + (rows−1) mod 3 or columns − 1.
    static func rowModules(_ r: Int, of words: [Int], rows: Int, columns: Int, level: Int, compact: Bool) -> [Bool] {
        let cluster = r % 3, base = 30 * (r / 3)
        let rowsPart = (rows - 1) / 3, levelPart = 3 * level + (rows - 1) % 3, columnsPart = columns - 1
        let left = base + [rowsPart, levelPart, columnsPart][cluster]
        let right = base + [columnsPart, rowsPart, levelPart][cluster]
        let patterns = PDF417CodewordPatterns.widths[cluster]
        var elements = startPattern + patterns[left]
        for c in 0..<columns { elements += patterns[words[r * columns + c]] }
        elements += compact ? [1] : patterns[right] + stopPattern
        return elements.enumerated().flatMap { i, width in [Bool](repeating: i % 2 == 0, count: width) }
    }

    /// The symbol as opaque RGBA8: one pixel per module, each row `PDF417Layout.rowHeight` pixels tall, inside
    /// a `PDF417Layout.quietZone`-pixel light border; row 0 is the top row.
    public func rgbaBuffer() -> PixelBuffer {
        let quiet = PDF417Layout.quietZone, rowHeight = PDF417Layout.rowHeight
        let modules = rowModules.first?.count ?? 0
        return PixelBuffer.codePicture(width: modules + 2 * quiet, height: rows * rowHeight + 2 * quiet) { x, row in
            let m = x - quiet, r = row - quiet
            return m >= 0 && m < modules && r >= 0 && r < rows * rowHeight && rowModules[r / rowHeight][m]
        }
    }
}

/// Why a PDF417 symbol could not be made; `input` names the Core Image input at fault.
public enum PDF417Error: Error, Equatable, CustomStringConvertible {
    case notADigit(offset: Int, byte: UInt8)
    case compactionModeOutOfRange(Int)
    case correctionLevelOutOfRange(Int)
    case columnsOutOfRange(Int)
    case rowsOutOfRange(Int)
    case layout(PDF417LayoutError, bytes: Int, correctionLevel: Int)

    /// The Core Image input whose value cannot be honoured.
    public var input: String {
        switch self {
        case .notADigit: return "inputCompactionMode"
        case .compactionModeOutOfRange: return "inputCompactionMode"
        case .correctionLevelOutOfRange: return "inputCorrectionLevel"
        case .columnsOutOfRange: return "inputDataColumns"
        case .rowsOutOfRange: return "inputRows"
        case let .layout(error, _, _):
            switch error {
            case .messageTooLong: return "inputMessage"
            case .tooManyCodewords, .gridTooSmall, .rowsTooFew: return "inputRows"
            case .columnsTooFew: return "inputDataColumns"
            case let .noWidthFits(_, _, tooWide): return tooWide ? "inputMaxWidth" : "inputMinWidth"
            case let .noHeightFits(_, _, tooTall): return tooTall ? "inputMaxHeight" : "inputMinHeight"
            }
        }
    }

    public var description: String {
        switch self {
        case let .notADigit(offset, byte):
            return
                "byte \(offset) of the message (\(byte)) is not a digit, which is all Numeric Compaction (inputCompactionMode 1) holds"
        case let .compactionModeOutOfRange(m):
            return "compaction mode \(m) is not 0 (automatic), 1 (numeric), 2 (text) or 3 (byte)"
        case let .correctionLevelOutOfRange(l): return "error correction level \(l) is not within 0…8"
        case let .columnsOutOfRange(c): return "\(c) data columns: PDF417 has 1 to 30"
        case let .rowsOutOfRange(r): return "\(r) rows: PDF417 has 3 to 90"
        case let .layout(error, bytes, level):
            let needs = "with error correction level \(level) "
            switch error {
            case let .messageTooLong(needed):
                return
                    "a \(bytes)-byte message needs \(needed) codewords \(needs)(data and check); a PDF417 symbol holds at most 928"
            case let .tooManyCodewords(r, c):
                return "\(r) rows × \(c) columns make \(r * c) codewords, more than the 928 a PDF417 symbol holds"
            case let .gridTooSmall(r, c, needed):
                return
                    "\(r) rows × \(c) columns hold \(r * c) codewords; the \(bytes)-byte message needs \(needed) \(needs)"
            case let .columnsTooFew(c, rows, needed):
                let height = rows.map { " × \($0) rows" } ?? " (at most 90 rows)"
                return
                    "\(c) data columns\(height) cannot hold the \(needed) codewords the \(bytes)-byte message needs \(needs)"
            case let .rowsTooFew(r, needed):
                return
                    "\(r) rows cannot hold the \(needed) codewords the \(bytes)-byte message needs \(needs)(at most 30 columns, 928 codewords)"
            case let .noWidthFits(range, needed, _):
                return
                    "no layout of the \(needed) codewords the message needs \(needs)is \(range.lowerBound)…\(range.upperBound) pixels wide"
            case let .noHeightFits(range, needed, _):
                return
                    "no layout of the \(needed) codewords the message needs \(needs)is \(range.lowerBound)…\(range.upperBound) "
                    + "pixels tall within the width asked"
            }
        }
    }
}
