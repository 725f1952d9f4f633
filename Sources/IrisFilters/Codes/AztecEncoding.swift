import IrisCore

/// Aztec's high-level encoding (ISO/IEC 24778, section 7.3): a message's bytes become a bit stream through
/// five character modes — Upper, Lower, Mixed and Punct of five bits a character, Digit of four — and binary
/// shifts for bytes no mode holds. `bits(for:)` finds the shortest such stream by dynamic programming over
/// (position, mode), so a long message needs the fewest codewords and fits the smallest symbol it can.
///
///     let bits = AztecEncoding.bits(for: Array("Hello".utf8))   // U 'H', L/L, 'e' 'l' 'l' 'o': 6 × 5 bits
enum AztecEncoding {
    enum Mode: Int, CaseIterable {
        case upper, lower, mixed, punct, digit

        var width: Int { self == .digit ? 4 : 5 }
    }

    /// The longest run one binary shift carries (its 11-bit length counts from 31).
    static let longestBinaryRun = 2047 + 31

    static func bits(for message: [UInt8]) -> [Bool] {
        var out = BitBuffer()
        for step in cheapestSteps(message) { step.emit(message, into: &out) }
        return out.bits
    }

    // MARK: - Character tables

    /// `codes[mode][byte]`: the byte's code in that mode, or nil. Space is in every mode but Punct.
    private static let codes: [[Int?]] = {
        var table = [[Int?]](repeating: [Int?](repeating: nil, count: 256), count: 5)
        for (mode, chars) in [(Mode.upper, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"), (.lower, "abcdefghijklmnopqrstuvwxyz")] {
            table[mode.rawValue][32] = 1
            for (i, c) in chars.utf8.enumerated() { table[mode.rawValue][Int(c)] = 2 + i }
        }
        // Mixed: space, ^A…^M (1…13), ^[…^_ (27…31), then @ \ ^ _ ` | ~ DEL.
        table[Mode.mixed.rawValue][32] = 1
        for (i, byte) in (Array(1...13) + Array(27...31) + Array("@\\^_`|~".utf8).map(Int.init) + [127]).enumerated() {
            table[Mode.mixed.rawValue][byte] = 2 + i
        }
        // Punct: code 0 is FLG(n) and 2…5 are the pairs; CR is 1, then ! … } from 6.
        table[Mode.punct.rawValue][13] = 1
        for (i, c) in "!\"#$%&'()*+,-./:;<=>?[]{}".utf8.enumerated() { table[Mode.punct.rawValue][Int(c)] = 6 + i }
        table[Mode.digit.rawValue][32] = 1
        for (i, c) in "0123456789,.".utf8.enumerated() { table[Mode.digit.rawValue][Int(c)] = 2 + i }
        return table
    }()

    /// Punct's two-character codes: CR LF, ". ", ", ", ": ".
    private static func punctPair(_ message: [UInt8], at i: Int) -> Int? {
        guard i + 1 < message.count, message[i + 1] == (message[i] == 13 ? 10 : 32) else { return nil }
        switch message[i] {
        case 13: return 2
        case UInt8(ascii: "."): return 3
        case UInt8(ascii: ","): return 4
        case UInt8(ascii: ":"): return 5
        default: return nil
        }
    }

    // MARK: - Mode changes

    /// One code (value, written in the width of the mode it is read in).
    private typealias Code = (value: Int, width: Int)

    /// The single latches the tables offer; longer changes chain them (Lower → Upper goes through Digit).
    private static let latchEdges: [(from: Mode, to: Mode, value: Int)] = [
        (.upper, .lower, 28), (.upper, .mixed, 29), (.upper, .digit, 30),
        (.lower, .mixed, 29), (.lower, .digit, 30),
        (.mixed, .upper, 29), (.mixed, .lower, 28), (.mixed, .punct, 30),
        (.punct, .upper, 31),
        (.digit, .upper, 14)
    ]

    /// `latches[from][to]`: the cheapest chain of latch codes from one mode to another (empty to itself).
    private static let latches: [[[Code]]] = {
        var paths = [[[Code]?]](repeating: [[Code]?](repeating: nil, count: 5), count: 5)
        for m in Mode.allCases { paths[m.rawValue][m.rawValue] = [] }
        func bits(_ p: [Code]) -> Int { p.reduce(0) { $0 + $1.width } }
        // Bellman–Ford over five nodes: every edge relaxed until nothing shortens.
        var changed = true
        while changed {
            changed = false
            for source in Mode.allCases {
                for edge in latchEdges {
                    guard let head = paths[source.rawValue][edge.from.rawValue] else { continue }
                    let candidate = head + [(edge.value, edge.from.width)]
                    if paths[source.rawValue][edge.to.rawValue].map({ bits(candidate) < bits($0) }) ?? true {
                        paths[source.rawValue][edge.to.rawValue] = candidate
                        changed = true
                    }
                }
            }
        }
        return paths.map { $0.map { $0 ?? [] } }
    }()

    private static let latchBits: [[Int]] = latches.map { $0.map { $0.reduce(0) { $0 + $1.width } } }

    /// P/S in every mode but Punct is code 0; U/S exists in Lower (28) and Digit (15); B/S in Upper, Lower
    /// and Mixed (31).
    private static func upperShift(in mode: Mode) -> Int? { mode == .lower ? 28 : mode == .digit ? 15 : nil }
    private static func hasBinaryShift(_ mode: Mode) -> Bool { mode == .upper || mode == .lower || mode == .mixed }

    // MARK: - Shortest encoding

    /// What moves the encoder from one position to a later one, staying in `mode` (shifts and binary runs
    /// return to the mode they left).
    private enum Action {
        case character(code: Int)
        case punctPair(code: Int)
        case punctShift(code: Int)
        case upperShift(code: Int)
        case binary
    }

    private struct Step {
        /// Latches written before the action, from the mode the last action left.
        var latches: [Code]
        var mode: Mode
        var action: Action
        var start: Int, end: Int

        func emit(_ message: [UInt8], into out: inout BitBuffer) {
            for code in latches { out.append(code.value, count: code.width) }
            switch action {
            case let .character(code), let .punctPair(code):
                out.append(code, count: mode.width)
            case let .punctShift(code):
                out.append(0, count: mode.width)
                out.append(code, count: 5)
            case let .upperShift(code):
                out.append(AztecEncoding.upperShift(in: mode) ?? 0, count: mode.width)
                out.append(code, count: 5)
            case .binary:
                var i = start
                while i < end {
                    let run = min(end - i, AztecEncoding.longestBinaryRun)
                    out.append(31, count: mode.width)
                    if run <= 31 {
                        out.append(run, count: 5)
                    } else {
                        out.append(0, count: 5)
                        out.append(run - 31, count: 11)
                    }
                    for byte in message[i..<(i + run)] { out.append(Int(byte), count: 8) }
                    i += run
                }
            }
        }
    }

    private struct Arrival {
        var cost = Int.max
        var from = 0
        var action = Action.binary
    }

    /// The cheapest steps over the whole message, from Upper mode at the start.
    private static func cheapestSteps(_ message: [UInt8]) -> [Step] {
        let n = message.count, modes = Mode.allCases
        // arrived[j][m]: cheapest way to have read j bytes in mode m by an action; settled[j][m]: after
        // latching there from whichever mode arrived cheapest (its index kept in `latchedFrom`).
        var arrived = [[Arrival]](repeating: [Arrival](repeating: Arrival(), count: 5), count: n + 1)
        var settled = [[Int]](repeating: [Int](repeating: Int.max, count: 5), count: n + 1)
        var latchedFrom = [[Int]](repeating: [Int](repeating: 0, count: 5), count: n + 1)
        arrived[0][Mode.upper.rawValue].cost = 0
        // For binary runs of 32 or more: the best settled[p][m] − 8p over p ≤ j − 32, and its p.
        var longRunBase = [(cost: Int, at: Int)](repeating: (Int.max, 0), count: 5)

        func offer(_ j: Int, _ m: Mode, _ cost: Int, from p: Int, _ action: Action) {
            if cost < arrived[j][m.rawValue].cost {
                arrived[j][m.rawValue] = Arrival(cost: cost, from: p, action: action)
            }
        }

        for j in 0...n {
            if j > 0 {
                let byte = Int(message[j - 1])
                for m in modes {
                    let here = settled[j - 1][m.rawValue]
                    guard here < Int.max else { continue }
                    if let code = codes[m.rawValue][byte] {
                        offer(j, m, here + m.width, from: j - 1, .character(code: code))
                    }
                    if m != .punct, let code = codes[Mode.punct.rawValue][byte] {
                        offer(j, m, here + m.width + 5, from: j - 1, .punctShift(code: code))
                    }
                    if upperShift(in: m) != nil, let code = codes[Mode.upper.rawValue][byte] {
                        offer(j, m, here + m.width + 5, from: j - 1, .upperShift(code: code))
                    }
                }
                if j >= 2, let pair = punctPair(message, at: j - 2) {
                    for m in modes where settled[j - 2][m.rawValue] < Int.max {
                        let here = settled[j - 2][m.rawValue]
                        if m == .punct {
                            offer(j, m, here + 5, from: j - 2, .punctPair(code: pair))
                        } else {
                            offer(j, m, here + m.width + 5, from: j - 2, .punctShift(code: pair))
                        }
                    }
                }
                for m in modes where hasBinaryShift(m) {
                    for k in 1...min(31, j) where settled[j - k][m.rawValue] < Int.max {
                        offer(j, m, settled[j - k][m.rawValue] + m.width + 5 + 8 * k, from: j - k, .binary)
                    }
                    if j >= 32 {
                        let p = j - 32
                        if settled[p][m.rawValue] < Int.max,
                            settled[p][m.rawValue] - 8 * p < longRunBase[m.rawValue].cost
                        {
                            longRunBase[m.rawValue] = (settled[p][m.rawValue] - 8 * p, p)
                        }
                        let base = longRunBase[m.rawValue]
                        if base.cost < Int.max { offer(j, m, base.cost + m.width + 16 + 8 * j, from: base.at, .binary) }
                    }
                }
            }
            for target in modes {
                for source in modes where arrived[j][source.rawValue].cost < Int.max {
                    let cost = arrived[j][source.rawValue].cost + latchBits[source.rawValue][target.rawValue]
                    if cost < settled[j][target.rawValue] {
                        settled[j][target.rawValue] = cost
                        latchedFrom[j][target.rawValue] = source.rawValue
                    }
                }
            }
        }

        // Walk back from the cheapest arrival at the end (no latch is needed after the last action).
        var mode = modes.min { arrived[n][$0.rawValue].cost < arrived[n][$1.rawValue].cost } ?? .upper
        var j = n
        var reversed: [(mode: Mode, arrival: Arrival, end: Int)] = []
        while j > 0 {
            let arrival = arrived[j][mode.rawValue]
            reversed.append((mode, arrival, j))
            j = arrival.from
            mode = modes[latchedFrom[j][mode.rawValue]]
        }
        var steps: [Step] = []
        var current = Mode.upper
        for (m, arrival, end) in reversed.reversed() {
            steps.append(
                Step(
                    latches: latches[current.rawValue][m.rawValue], mode: m, action: arrival.action,
                    start: arrival.from, end: end))
            current = m
        }
        return steps
    }
}
