import IrisCore

/// An Aztec symbol's modules as they are drawn (ISO/IEC 24778, section 5): the data layers spiralling out
/// from the core, the reference grid, the bullseye, and the mode message with its orientation marks.
/// `AztecSymbol` draws in that order, so each later part owns the modules it shares with an earlier one.
struct AztecModuleGrid {
    let layout: AztecLayout
    let size: Int
    /// Row-major, row 0 at the top, true for dark.
    private(set) var dark: [Bool]

    init(layout: AztecLayout) {
        self.layout = layout
        size = layout.size
        dark = [Bool](repeating: false, count: size * size)
    }

    private var centre: Int { size / 2 }
    /// Chebyshev radius of the mode-message ring: just outside the bullseye's 9×9 or 13×13.
    private var modeRing: Int { layout.isCompact ? 5 : 7 }

    private mutating func set(_ x: Int, _ y: Int, _ value: Bool = true) { dark[y * size + x] = value }

    /// Places the codewords, most significant bit first, after the few zero bits by which the layers' bit
    /// count exceeds a whole number of codewords. Layer 0 is the outermost; each layer is a band two modules
    /// wide read down its left side, along its bottom, up its right side and back along its top, with the
    /// message starting outside and the check words ending next to the core.
    mutating func drawData(words: [Int]) {
        var bits = BitBuffer()
        bits.append(0, count: layout.layerBits % layout.wordSize)
        for word in words { bits.append(word, count: layout.wordSize) }
        let map = layout.gridCoordinates, base = layout.baseSize
        var offset = 0
        for layer in 0..<layout.layers {
            let length = (layout.layers - layer) * 4 + (layout.isCompact ? 9 : 12)
            let low = 2 * layer, high = base - 1 - 2 * layer
            for j in 0..<length {
                for k in 0..<2 {
                    let places = [(low + k, low + j), (low + j, high - k), (high - k, high - j), (high - j, low + k)]
                    for (side, (x, y)) in places.enumerated() where bits.bits[offset + 2 * side * length + 2 * j + k] {
                        set(map[x], map[y])
                    }
                }
            }
            offset += 8 * length
        }
    }

    /// Full-range symbols only: lines through the centre and every 16 modules from it, across the whole
    /// symbol, alternating dark and light with the centre dark, so a reader can follow the grid in a big
    /// symbol that is warped.
    mutating func drawReferenceGrid() {
        guard !layout.isCompact else { return }
        for k in 0...((layout.baseSize / 2 - 1) / 15) {
            for line in [centre - 16 * k, centre + 16 * k] {
                for p in 0..<size where (p - centre) % 2 == 0 {
                    set(line, p)
                    set(p, line)
                }
            }
        }
    }

    /// Concentric squares, dark at even Chebyshev distances from the centre: two dark rings round the dark
    /// centre (compact) or three (full-range).
    mutating func drawBullseye() {
        let radius = modeRing - 1
        for dy in -radius...radius {
            for dx in -radius...radius { set(centre + dx, centre + dy, max(abs(dx), abs(dy)) % 2 == 0) }
        }
    }

    /// The ring round the bullseye: the orientation marks in its corners (three dark modules at the top left,
    /// two at the top right, one at the bottom right, none at the bottom left) and between them the mode
    /// message — layers − 1 and data codewords − 1 in 2 + 6 bits (compact) or 5 + 11 (full-range), in 4-bit
    /// words with 5 or 6 Reed–Solomon check words over GF(16) — clockwise from the top left.
    mutating func drawModeMessage(dataWords: Int) {
        let r = modeRing, c = centre
        for i in -r...r {
            set(c + i, c - r, false)
            set(c + i, c + r, false)
            set(c - r, c + i, false)
            set(c + r, c + i, false)
        }
        for (x, y) in [
            (c - r, c - r), (c - r + 1, c - r), (c - r, c - r + 1), (c + r, c - r), (c + r, c - r + 1),
            (c + r, c + r - 1)
        ] {
            set(x, y)
        }

        let value =
            layout.isCompact ? (layout.layers - 1) << 6 | (dataWords - 1) : (layout.layers - 1) << 11 | (dataWords - 1)
        let dataNibbles = layout.isCompact ? 2 : 4
        let nibbles = (0..<dataNibbles).map { (value >> (4 * (dataNibbles - 1 - $0))) & 0xF }
        let check = ReedSolomonEncoder(
            field: BinaryGaloisField.aztecModeMessage, degree: layout.isCompact ? 5 : 6, firstRoot: 1
        )
        .checkSymbols(of: nibbles)
        var message = BitBuffer()
        for nibble in nibbles + check { message.append(nibble, count: 4) }
        let bits = message.bits

        // Each side holds a quarter of the bits; full-range sides skip the grid line through the centre.
        let perSide = bits.count / 4
        for i in 0..<perSide {
            let along = layout.isCompact ? c - 3 + i : c - 5 + i + i / 5
            set(along, c - r, bits[i])  // top, left to right
            set(c + r, along, bits[perSide + i])  // right, top to bottom
            set(along, c + r, bits[3 * perSide - 1 - i])  // bottom, right to left
            set(c - r, along, bits[4 * perSide - 1 - i])  // left, bottom to top
        }
    }
}
