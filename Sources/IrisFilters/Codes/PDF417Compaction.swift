import IrisCore

/// PDF417's data compaction (ISO/IEC 15438, section 5.4): a message's bytes become codewords 0…899 through
/// Text Compaction (two characters of its Alpha, Lower, Mixed and Punctuation sub-modes a codeword), Byte
/// Compaction (six bytes in five codewords) and Numeric Compaction (up to 44 digits in 15 codewords), with
/// latch codewords (900 text, 901/924 byte, 902 numeric) and the single-byte shift 913 between them.
///
///     let codewords = try PDF417Compaction.codewords(for: Array("PDF417".utf8), mode: .automatic)
enum PDF417Compaction {
    /// Core Image's `inputCompactionMode` values.
    enum Mode: Int, Sendable {
        /// Segments chosen per run of the message: 13 or more digits numeric, 5 or more text characters text
        /// (any while text is already in force), the rest bytes; the standard's suggested method (annex N).
        case automatic = 0
        /// Numeric Compaction throughout; the message must be digits.
        case numeric = 1
        /// Text Compaction throughout, any byte it has no character for shifted in with 913.
        case text = 2
        /// Byte Compaction throughout.
        case byte = 3
    }

    static let textLatch = 900, byteLatch = 901, numericLatch = 902, byteShift = 913, byteLatchSix = 924

    /// The message's codewords, without the symbol length descriptor. `alwaysLatch` writes the Text latch
    /// even where Text Compaction is in force anyway (at the start of the symbol).
    static func codewords(for message: [UInt8], mode: Mode, alwaysLatch: Bool = false) throws(PDF417CompactionError)
        -> [Int]
    {
        var encoder = Encoder(message: message, alwaysLatch: alwaysLatch)
        switch mode {
        case .automatic:
            encoder.encodeAutomatically()
        case .numeric:
            if let i = message.firstIndex(where: { !isDigit($0) }) { throw .notADigit(offset: i, byte: message[i]) }
            if !message.isEmpty { encoder.numeric(0..<message.count) }
        case .text:
            if !message.isEmpty { encoder.text(0..<message.count) }
        case .byte:
            if !message.isEmpty { encoder.bytes(0..<message.count) }
        }
        return encoder.out
    }

    // MARK: - Text Compaction's sub-modes

    enum SubMode: Int { case alpha, lower, mixed, punct }

    /// `values[subMode][byte]`: the byte's value 0…29 in that sub-mode, or nil.
    private static let values: [[Int?]] = {
        var table = [[Int?]](repeating: [Int?](repeating: nil, count: 256), count: 4)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8.enumerated() { table[0][Int(c)] = i }
        for (i, c) in "abcdefghijklmnopqrstuvwxyz".utf8.enumerated() { table[1][Int(c)] = i }
        table[0][32] = 26
        table[1][32] = 26
        table[2][32] = 26
        // Mixed and Punctuation, in value order (CR 13, HT 9, LF 10).
        let mixed: [UInt8] = Array("0123456789&".utf8) + [13, 9] + Array(",:#-.$/+%*=^".utf8)
        for (i, b) in mixed.enumerated() { table[2][Int(b)] = i }
        let punct: [UInt8] =
            Array(";<>@[\\]_`~!".utf8) + [13, 9] + Array(",:".utf8) + [10] + Array("-.$/\"|*()?{}'".utf8)
        for (i, b) in punct.enumerated() { table[3][Int(b)] = i }
        return table
    }()

    static func isText(_ byte: UInt8) -> Bool { (0..<4).contains { values[$0][Int(byte)] != nil } }
    static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }

    /// Sub-mode switches: latches (ll 27, ml 28 from Alpha and Lower; al 28, ll 27, pl 25 from Mixed; al 29
    /// from Punctuation) and one-character shifts (ps 29 from Alpha, Lower and Mixed; as 27 from Lower).
    private static let latchValues: [[[Int]]] = [
        /* from alpha */ [[], [27], [28], [28, 25]],
        /* from lower */ [[28, 28], [], [28], [28, 25]],
        /* from mixed */ [[28], [27], [], [25]],
        /* from punct */ [[29], [29, 27], [29, 28], []]
    ]

    // MARK: - Encoding

    private struct Encoder {
        let message: [UInt8]
        let alwaysLatch: Bool
        var out: [Int] = []
        /// Text is in force at the start, in Alpha; after a Byte or Numeric segment only a latch restores it.
        var inText = true
        var subMode = SubMode.alpha

        init(message: [UInt8], alwaysLatch: Bool) {
            self.message = message
            self.alwaysLatch = alwaysLatch
        }

        func digitRun(from i: Int) -> Int {
            var j = i
            while j < message.count, isDigit(message[j]) { j += 1 }
            return j - i
        }

        /// Text characters from `i`, stopping where 13 digits in a row would rather go numeric.
        func textRun(from i: Int) -> Int {
            var j = i
            while j < message.count, isText(message[j]) {
                if digitRun(from: j) >= 13 { break }
                j += 1
            }
            return j - i
        }

        mutating func encodeAutomatically() {
            var i = 0
            while i < message.count {
                let digits = digitRun(from: i)
                if digits >= 13 {
                    numeric(i..<(i + digits))
                    i += digits
                    continue
                }
                let textCount = textRun(from: i)
                if textCount >= 5 || (inText && textCount > 0) {
                    text(i..<(i + textCount))
                    i += textCount
                    continue
                }
                // Bytes until a run worth another mode starts.
                var j = i + 1
                while j < message.count, digitRun(from: j) < 13, textRun(from: j) < 5 { j += 1 }
                if j - i == 1 && inText {
                    out += [PDF417Compaction.byteShift, Int(message[i])]
                } else {
                    bytes(i..<j)
                }
                i = j
            }
        }

        /// Text Compaction of the range: values two to a codeword, an odd one out padded with 29 (a shift to
        /// Punctuation the reader ignores at the end, or a latch to Alpha from Punctuation, harmless there).
        /// Bytes without a Text character go through the 913 shift.
        mutating func text(_ range: Range<Int>) {
            if !inText || (alwaysLatch && out.isEmpty) {
                out.append(PDF417Compaction.textLatch)
                inText = true
                subMode = .alpha
            }
            var pending: [Int] = []
            func flush(_ out: inout [Int], _ subMode: inout SubMode) {
                if pending.count % 2 == 1 {
                    pending.append(29)
                    if subMode == .punct { subMode = .alpha }
                }
                for k in stride(from: 0, to: pending.count, by: 2) { out.append(pending[k] * 30 + pending[k + 1]) }
                pending.removeAll()
            }
            for i in range {
                let byte = message[i]
                if let v = values[subMode.rawValue][Int(byte)] {
                    pending.append(v)
                    continue
                }
                guard isText(byte) else {
                    flush(&out, &subMode)
                    out += [PDF417Compaction.byteShift, Int(byte)]
                    continue
                }
                let next = i + 1 < range.upperBound ? message[i + 1] : nil
                // One character of another sub-mode: shift when the next one is back in this one (or there
                // is none), rather than latching there and back.
                let nextStays = next.map { values[subMode.rawValue][Int($0)] != nil } ?? true
                if subMode != .punct, let v = values[SubMode.punct.rawValue][Int(byte)],
                    nextStays || values[SubMode.punct.rawValue][Int(next!)] == nil
                {
                    pending += [29, v]
                    continue
                }
                if subMode == .lower, let v = values[SubMode.alpha.rawValue][Int(byte)], v < 26, nextStays {
                    pending += [27, v]
                    continue
                }
                let target =
                    [SubMode.alpha, .lower, .mixed, .punct].first { values[$0.rawValue][Int(byte)] != nil } ?? .alpha
                pending += latchValues[subMode.rawValue][target.rawValue]
                subMode = target
                pending.append(values[target.rawValue][Int(byte)] ?? 0)
            }
            flush(&out, &subMode)
        }

        /// Byte Compaction: 924 and groups of six bytes in five base-900 codewords when the count is a
        /// multiple of six, else 901 with the groups and then one codeword per remaining byte.
        mutating func bytes(_ range: Range<Int>) {
            out.append(range.count % 6 == 0 ? PDF417Compaction.byteLatchSix : PDF417Compaction.byteLatch)
            inText = false
            var i = range.lowerBound
            while range.upperBound - i >= 6 {
                var value: UInt64 = 0
                for b in message[i..<(i + 6)] { value = value << 8 | UInt64(b) }
                var group = [Int](repeating: 0, count: 5)
                for k in stride(from: 4, through: 0, by: -1) {
                    group[k] = Int(value % 900)
                    value /= 900
                }
                out += group
                i += 6
            }
            out += message[i..<range.upperBound].map(Int.init)
        }

        /// Numeric Compaction: 902, then each group of up to 44 digits, with a 1 put before it, in base 900.
        mutating func numeric(_ range: Range<Int>) {
            out.append(PDF417Compaction.numericLatch)
            inText = false
            var start = range.lowerBound
            while start < range.upperBound {
                let end = min(start + 44, range.upperBound)
                var decimal = [1] + message[start..<end].map { Int($0) - 48 }
                var group: [Int] = []
                // Long division of the decimal digits by 900, least significant base-900 digit first.
                while !(decimal.count == 1 && decimal[0] == 0) {
                    var remainder = 0, quotient: [Int] = []
                    for d in decimal {
                        let value = remainder * 10 + d
                        if !quotient.isEmpty || value / 900 > 0 { quotient.append(value / 900) }
                        remainder = value % 900
                    }
                    group.append(remainder)
                    decimal = quotient.isEmpty ? [0] : quotient
                }
                out += group.reversed()
                start = end
            }
        }
    }
}

/// Why a message cannot be compacted as asked.
enum PDF417CompactionError: Error, Equatable {
    /// Numeric Compaction holds digits only; `byte` at `offset` is not one.
    case notADigit(offset: Int, byte: UInt8)
}
