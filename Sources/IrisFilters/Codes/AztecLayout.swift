import IrisCore

/// The size of an Aztec symbol (ISO/IEC 24778, sections 5 and 7.2): compact (a two-ring bullseye, 1–4
/// layers) or full-range (three rings, 1–32 layers, with a reference grid every 16 modules), and what
/// follows from it: modules per side, the codeword size, the Galois field of its check words and how many
/// codewords its layers hold.
struct AztecLayout: Sendable, Equatable {
    let isCompact: Bool
    let layers: Int

    /// Every layout, smallest symbol first. Compact n + 1 layers and full-range n (n ≤ 3) are the same size;
    /// the compact one comes first, as it holds more bits.
    static let all: [AztecLayout] = {
        let compact = (1...4).map { AztecLayout(isCompact: true, layers: $0) }
        let full = (1...32).map { AztecLayout(isCompact: false, layers: $0) }
        return (compact + full).sorted { ($0.size, $0.isCompact ? 0 : 1) < ($1.size, $1.isCompact ? 0 : 1) }
    }()

    /// Bits per codeword: 6 up to two layers, 8 up to eight, 10 up to twenty-two, then 12 (table 1).
    var wordSize: Int { layers <= 2 ? 6 : layers <= 8 ? 8 : layers <= 22 ? 10 : 12 }

    var field: BinaryGaloisField {
        switch wordSize {
        case 6: return .aztec6
        case 8: return .aztec8
        case 10: return .aztec10
        default: return .aztec12
        }
    }

    /// Data bits the layers hold: each layer is a ring two modules wide around the previous one.
    var layerBits: Int { ((isCompact ? 88 : 112) + 16 * layers) * layers }
    var totalWords: Int { layerBits / wordSize }
    /// The mode message counts data codewords in 6 bits (compact) or 11 (full-range).
    var maximumDataWords: Int { isCompact ? 64 : 2048 }

    /// Modules per side without the reference grid: the 11 or 14 of the core (bullseye and mode message;
    /// 14 counts the full core without its grid line) plus two rings a layer.
    var baseSize: Int { (isCompact ? 11 : 14) + 4 * layers }
    /// Modules per side: compact 15…27, full-range 19…151 (the reference grid adds a line at the centre
    /// and every 16 modules from it).
    var size: Int { isCompact ? baseSize : baseSize + 1 + 2 * ((baseSize / 2 - 1) / 15) }

    /// The symbol's column (or row) of each base coordinate: identity for compact symbols, a step over every
    /// reference-grid line for full-range ones.
    var gridCoordinates: [Int] {
        guard !isCompact else { return Array(0..<baseSize) }
        var map = [Int](repeating: 0, count: baseSize)
        let half = baseSize / 2, centre = size / 2
        for i in 0..<half {
            let offset = i + i / 15
            map[half - i - 1] = centre - offset - 1
            map[half + i] = centre + offset + 1
        }
        return map
    }
}
