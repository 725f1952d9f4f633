import IrisCore

/// The module matrix of a QR code while it is built: function patterns (finders, timing, alignment,
/// format and version information), the zig-zag codeword placement, masks and the penalty that picks one.
struct QRCodeModuleGrid {
    let version: Int
    let size: Int
    var dark: [Bool]
    private var isFunction: [Bool]

    init(version: Int) {
        self.version = version
        size = version * 4 + 17
        dark = [Bool](repeating: false, count: size * size)
        isFunction = dark
    }

    private mutating func setFunction(_ x: Int, _ y: Int, _ value: Bool) {
        dark[y * size + x] = value
        isFunction[y * size + x] = true
    }

    mutating func drawFunctionPatterns() {
        for i in 0..<size {
            setFunction(6, i, i % 2 == 0)
            setFunction(i, 6, i % 2 == 0)
        }
        drawFinder(3, 3)
        drawFinder(size - 4, 3)
        drawFinder(3, size - 4)
        let positions = QRCodeSymbol.alignmentPositions(version: version)
        let last = positions.count - 1
        for (i, x) in positions.enumerated() {
            for (j, y) in positions.enumerated()
            where !((i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0)) {
                for dy in -2...2 { for dx in -2...2 { setFunction(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) } }
            }
        }
        drawFormatBits(correction: .low, mask: 0)  // reserves the area; the real bits come after masking
        drawVersion()
    }

    private mutating func drawFinder(_ x: Int, _ y: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let distance = max(abs(dx), abs(dy)), xx = x + dx, yy = y + dy
                if xx >= 0, xx < size, yy >= 0, yy < size { setFunction(xx, yy, distance != 2 && distance != 4) }
            }
        }
    }

    mutating func drawFormatBits(correction: QRCodeSymbol.Correction, mask: Int) {
        let data = correction.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        for i in 0...5 { setFunction(8, i, bit(i)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for i in 9..<15 { setFunction(14 - i, 8, bit(i)) }
        for i in 0..<8 { setFunction(size - 1 - i, 8, bit(i)) }
        for i in 8..<15 { setFunction(8, size - 15 + i, bit(i)) }
        setFunction(8, size - 8, true)
    }

    private mutating func drawVersion() {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = version << 12 | remainder
        for i in 0..<18 {
            let value = (bits >> i) & 1 == 1
            let a = size - 11 + i % 3, b = i / 3
            setFunction(a, b, value)
            setFunction(b, a, value)
        }
    }

    /// Places the codewords two columns at a time, right to left, alternately upwards and downwards,
    /// skipping the vertical timing pattern and every function module.
    mutating func drawCodewords(_ codewords: [UInt8]) {
        var bit = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for j in 0..<2 {
                    let x = right - j
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    if !isFunction[y * size + x], bit < codewords.count * 8 {
                        dark[y * size + x] = (codewords[bit >> 3] >> (7 - (bit & 7))) & 1 == 1
                        bit += 1
                    }
                }
            }
            right -= 2
        }
    }

    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] {
                let flip: Bool
                switch mask {
                case 0: flip = (x + y) % 2 == 0
                case 1: flip = y % 2 == 0
                case 2: flip = x % 3 == 0
                case 3: flip = (x + y) % 3 == 0
                case 4: flip = (x / 3 + y / 2) % 2 == 0
                case 5: flip = x * y % 2 + x * y % 3 == 0
                case 6: flip = (x * y % 2 + x * y % 3) % 2 == 0
                default: flip = ((x + y) % 2 + x * y % 3) % 2 == 0
                }
                if flip { dark[y * size + x].toggle() }
            }
        }
    }

    /// The standard's penalty: long runs, 2×2 blocks, finder-like patterns, and imbalance of dark and light.
    func penalty() -> Int {
        var result = 0
        for line in 0..<size {
            for horizontal in [true, false] {
                var runColor = false, runLength = 0
                var history = [Int](repeating: 0, count: 7)
                for i in 0..<size {
                    let value = horizontal ? dark[line * size + i] : dark[i * size + line]
                    if value == runColor {
                        runLength += 1
                        if runLength == 5 { result += 3 } else if runLength > 5 { result += 1 }
                    } else {
                        addHistory(runLength, &history)
                        if !runColor { result += finderLikePatterns(history) * 40 }
                        runColor = value
                        runLength = 1
                    }
                }
                if runColor {
                    addHistory(runLength, &history)
                    runLength = 0
                }
                addHistory(runLength + size, &history)
                result += finderLikePatterns(history) * 40
            }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let c = dark[y * size + x]
                if c == dark[y * size + x + 1], c == dark[(y + 1) * size + x], c == dark[(y + 1) * size + x + 1] {
                    result += 3
                }
            }
        }
        let darkCount = dark.reduce(0) { $0 + ($1 ? 1 : 0) }, total = size * size
        let k = (abs(darkCount * 20 - total * 10) + total - 1) / total - 1
        result += max(k, 0) * 10
        return result
    }

    /// Records a run; the first run of a line counts the light border outside the symbol too.
    private func addHistory(_ length: Int, _ history: inout [Int]) {
        let run = history[0] == 0 ? length + size : length
        history.removeLast()
        history.insert(run, at: 0)
    }

    /// 1:1:3:1:1 dark-light runs with four light modules on either side.
    private func finderLikePatterns(_ h: [Int]) -> Int {
        let n = h[1]
        let core = n > 0 && h[2] == n && h[3] == n * 3 && h[4] == n && h[5] == n
        return (core && h[0] >= n * 4 && h[6] >= n ? 1 : 0) + (core && h[6] >= n * 4 && h[0] >= n ? 1 : 0)
    }
}

/// Error-correction structure per version (index 1…40) and level (L, M, Q, H): the standard's table 9.
enum QRCodeTables {
    static let eccPerBlock: [[Int]] = [
        [
            -1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30
        ],
        [
            -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28,
            28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28
        ],
        [
            -1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30
        ],
        [
            -1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30
        ]
    ]
    static let blocks: [[Int]] = [
        [
            -1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17,
            18, 19, 19, 20, 21, 22, 24, 25
        ],
        [
            -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28,
            29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49
        ],
        [
            -1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38,
            40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68
        ],
        [
            -1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42,
            45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81
        ]
    ]
}
