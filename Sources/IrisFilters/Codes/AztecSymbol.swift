import IrisCore

/// An Aztec code (ISO/IEC 24778) for a message, encoded in Swift: the shortest high-level encoding
/// (`AztecEncoding`), bit stuffing into codewords, Reed–Solomon check words over GF(2⁶/2⁸/2¹⁰/2¹²), and the
/// smallest compact or full-range symbol whose check words are at least `correctionPercent` % of the data
/// codewords plus three, as the standard recommends (23 % + 3). CIAztecCodeGenerator draws it.
///
///     let symbol = try AztecSymbol(message: Array("hello".utf8))   // compact, 1 layer: symbol.size == 15
public struct AztecSymbol: Sendable, Equatable {
    /// Which symbol shapes may be chosen.
    public enum Style: Sendable, Equatable {
        /// The smallest symbol that holds the message (compact where it can).
        case automatic
        /// Compact only: 1 to 4 layers, a two-ring bullseye.
        case compact
        /// Full-range only: 1 to 32 layers, a three-ring bullseye and a reference grid.
        case fullRange
    }

    public let isCompact: Bool
    public let layers: Int
    /// Codewords of message (after bit stuffing), as the mode message counts them.
    public let dataCodewords: Int
    /// Reed–Solomon check codewords: every codeword of the layers that is not data.
    public let checkCodewords: Int
    /// Bits per codeword: 6, 8, 10 or 12.
    public let codewordSize: Int
    /// Modules per side.
    public let size: Int
    /// Row-major, row 0 at the top, true for dark.
    public let modules: [Bool]

    public func isDark(x: Int, y: Int) -> Bool { modules[y * size + x] }

    /// The smallest symbol of `style` (or with exactly `layers` layers) whose check codewords are at least
    /// `correctionPercent` % of its data codewords plus three. With `.automatic` and a layer count, the
    /// compact symbol is taken when it has that many layers and holds the message, else the full-range one.
    public init(message: [UInt8], correctionPercent: Double = 23, layers: Int? = nil, style: Style = .automatic)
        throws(AztecCodeError)
    {
        guard correctionPercent.isFinite, (0...100).contains(correctionPercent) else {
            throw .correctionOutOfRange(correctionPercent)
        }
        if let layers {
            guard (1...32).contains(layers) else { throw .layersOutOfRange(layers, compact: style == .compact) }
            if style == .compact && layers > 4 { throw .layersOutOfRange(layers, compact: true) }
        }
        let bits = AztecEncoding.bits(for: message)
        let candidates = AztecLayout.all.filter { layout in
            switch style {
            case .compact: if !layout.isCompact { return false }
            case .fullRange: if layout.isCompact { return false }
            case .automatic: break
            }
            return layers.map { $0 == layout.layers } ?? true
        }
        var chosen: (layout: AztecLayout, words: [Int])?
        for layout in candidates {
            let words = Self.stuffedWords(bits, wordSize: layout.wordSize)
            if Self.fits(words.count, in: layout, correctionPercent: correctionPercent) {
                chosen = (layout, words)
                break
            }
        }
        guard let (layout, data) = chosen else {
            let largest = candidates.last ?? AztecLayout(isCompact: false, layers: 32)
            throw .messageTooLong(
                bytes: message.count, layers: largest.layers, compact: largest.isCompact,
                correctionPercent: correctionPercent,
                dataWordsNeeded: Self.stuffedWords(bits, wordSize: largest.wordSize).count,
                dataWordsAvailable: Self.mostDataWords(in: largest, correctionPercent: correctionPercent))
        }
        let check = ReedSolomonEncoder(field: layout.field, degree: layout.totalWords - data.count, firstRoot: 1)
            .checkSymbols(of: data)
        var grid = AztecModuleGrid(layout: layout)
        grid.drawData(words: data + check)
        grid.drawReferenceGrid()
        grid.drawBullseye()
        grid.drawModeMessage(dataWords: data.count)
        isCompact = layout.isCompact
        self.layers = layout.layers
        dataCodewords = data.count
        checkCodewords = check.count
        codewordSize = layout.wordSize
        size = grid.size
        modules = grid.dark
    }

    /// Whether `dataWords` codewords fit `layout` with enough check words left: at least
    /// ⌈dataWords · percent / 100⌉ + 3, and at least one data codeword (an empty message has one of padding).
    static func fits(_ dataWords: Int, in layout: AztecLayout, correctionPercent: Double) -> Bool {
        guard dataWords >= 1, dataWords <= layout.maximumDataWords else { return false }
        let needed = Int((Double(dataWords) * correctionPercent / 100).rounded(.up)) + 3
        return layout.totalWords - dataWords >= needed
    }

    static func mostDataWords(in layout: AztecLayout, correctionPercent: Double) -> Int {
        var n = 0
        while fits(n + 1, in: layout, correctionPercent: correctionPercent) { n += 1 }
        return n
    }

    /// Splits the bits into codewords of `wordSize`, stuffing as section 7.3.1.2 asks: a codeword whose first
    /// wordSize − 1 bits are all equal gets the opposite bit last (all-0 and all-1 codewords are reserved for
    /// erasures), and the bit it displaced starts the next codeword. The last codeword is padded with 1s,
    /// which the same rule keeps from being all 1s. An empty stream still makes one (padding) codeword.
    static func stuffedWords(_ bits: [Bool], wordSize: Int) -> [Int] {
        var words: [Int] = []
        let upper = (1 << wordSize) - 2  // the first wordSize − 1 bits
        var i = 0
        repeat {
            var word = 0
            for j in 0..<wordSize { word = word << 1 | (i + j >= bits.count || bits[i + j] ? 1 : 0) }
            if word & upper == upper {
                words.append(upper)
                i += wordSize - 1
            } else if word & upper == 0 {
                words.append(1)
                i += wordSize - 1
            } else {
                words.append(word)
                i += wordSize
            }
        } while i < bits.count
        return words
    }
}

/// Why an Aztec code could not be made.
public enum AztecCodeError: Error, Equatable, CustomStringConvertible {
    case messageTooLong(
        bytes: Int, layers: Int, compact: Bool, correctionPercent: Double, dataWordsNeeded: Int, dataWordsAvailable: Int
    )
    case layersOutOfRange(Int, compact: Bool)
    case correctionOutOfRange(Double)

    public var description: String {
        switch self {
        case let .messageTooLong(bytes, layers, compact, percent, needed, available):
            let shape = "\(compact ? "compact" : "full-range") \(layers)-layer"
            return
                "a \(bytes)-byte message needs \(needed) data codewords; a \(shape) Aztec code holds at most \(available) "
                + "with \(formatNumber(percent)) % error correction"
        case let .layersOutOfRange(layers, compact):
            return compact
                ? "a compact Aztec code has 1 to 4 layers, not \(layers)"
                : "an Aztec code has 1 to 32 layers, not \(layers)"
        case let .correctionOutOfRange(percent):
            return "error correction \(formatNumber(percent)) % is not within 0…100 %"
        }
    }
}
