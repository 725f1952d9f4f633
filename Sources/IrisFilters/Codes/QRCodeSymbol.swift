import IrisCore

/// A QR code (ISO/IEC 18004, model 2) for a message, encoded in Swift: byte mode, the smallest version 1–40
/// that holds the message at the chosen error correction, and the mask with the lowest penalty score.
/// CIQRCodeGenerator draws it.
///
///     let symbol = try QRCodeSymbol(message: Array("hello".utf8), correction: .medium)   // symbol.isDark(x: 0, y: 0)
public struct QRCodeSymbol: Sendable, Equatable {
    /// Core Image's `inputCorrectionLevel` letters.
    public enum Correction: String, Sendable, CaseIterable {
        case low = "L"
        case medium = "M"
        case quartile = "Q"
        case high = "H"

        /// The two format-information bits.
        var formatBits: Int {
            switch self {
            case .low: return 1
            case .medium: return 0
            case .quartile: return 3
            case .high: return 2
            }
        }
        var tableRow: Int {
            switch self {
            case .low: return 0
            case .medium: return 1
            case .quartile: return 2
            case .high: return 3
            }
        }
    }

    public let version: Int
    public let correction: Correction
    public let mask: Int
    /// Modules per side: 17 + 4 × version.
    public let size: Int
    /// Row-major, row 0 at the top, true for dark.
    public let modules: [Bool]

    public func isDark(x: Int, y: Int) -> Bool { modules[y * size + x] }

    public init(message: [UInt8], correction: Correction = .medium) throws(QRCodeError) {
        guard let version = Self.smallestVersion(bytes: message.count, correction: correction) else {
            throw .messageTooLong(bytes: message.count, limit: Self.capacity(version: 40, correction: correction))
        }
        let codewords = Self.codewords(message, version: version, correction: correction)
        var grid = QRCodeModuleGrid(version: version)
        grid.drawFunctionPatterns()
        grid.drawCodewords(codewords)
        var best: (mask: Int, penalty: Int, grid: QRCodeModuleGrid)?
        for mask in 0..<8 {
            var candidate = grid
            candidate.applyMask(mask)
            candidate.drawFormatBits(correction: correction, mask: mask)
            let penalty = candidate.penalty()
            if best == nil || penalty < best!.penalty { best = (mask, penalty, candidate) }
        }
        guard let chosen = best else { throw .messageTooLong(bytes: message.count, limit: 0) }
        self.version = version
        self.correction = correction
        self.mask = chosen.mask
        size = chosen.grid.size
        modules = chosen.grid.dark
    }

    /// The most message bytes version `version` holds at `correction` in byte mode.
    public static func capacity(version: Int, correction: Correction) -> Int {
        let countBits = version <= 9 ? 8 : 16
        let bits = dataCodewords(version: version, correction: correction) * 8 - 4 - countBits
        return min(bits / 8, (1 << countBits) - 1)
    }

    static func smallestVersion(bytes: Int, correction: Correction) -> Int? {
        (1...40).first { capacity(version: $0, correction: correction) >= bytes }
    }

    // MARK: - Codewords

    /// Byte-mode segment, terminator and padding, split into blocks with Reed–Solomon codewords, interleaved.
    static func codewords(_ message: [UInt8], version: Int, correction: Correction) -> [UInt8] {
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(message.count, count: version <= 9 ? 8 : 16)
        for byte in message { bits.append(Int(byte), count: 8) }
        let capacityBits = dataCodewords(version: version, correction: correction) * 8
        bits.append(0, count: min(4, capacityBits - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count < capacityBits / 8 {
            data.append(pad)
            pad ^= 0xEC ^ 0x11
        }

        let blockCount = QRCodeTables.blocks[correction.tableRow][version],
            eccLength = QRCodeTables.eccPerBlock[correction.tableRow][version]
        let rawCodewords = rawDataModules(version: version) / 8
        let shortBlocks = blockCount - rawCodewords % blockCount
        let shortLength = rawCodewords / blockCount
        let code = ReedSolomonEncoder(field: BinaryGaloisField.qrCode, degree: eccLength, firstRoot: 0)
        var blocks: [[UInt8]] = [], eccs: [[UInt8]] = []
        var offset = 0
        for i in 0..<blockCount {
            let length = shortLength - eccLength + (i < shortBlocks ? 0 : 1)
            let block = Array(data[offset..<(offset + length)])
            offset += length
            blocks.append(block)
            eccs.append(code.checkSymbols(of: block.map(Int.init)).map { UInt8($0) })
        }
        var result: [UInt8] = []
        for i in 0...(shortLength - eccLength) {
            for block in blocks where i < block.count { result.append(block[i]) }
        }
        for i in 0..<eccLength { for ecc in eccs { result.append(ecc[i]) } }
        return result
    }

    static func dataCodewords(version: Int, correction: Correction) -> Int {
        rawDataModules(version: version) / 8 - QRCodeTables.eccPerBlock[correction.tableRow][version]
            * QRCodeTables.blocks[correction.tableRow][version]
    }

    /// Modules left for data and error correction once the function patterns are drawn.
    static func rawDataModules(version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignment = version / 7 + 2
            result -= (25 * alignment - 10) * alignment - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    /// The centres of the alignment patterns along each axis.
    static func alignmentPositions(version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let size = version * 4 + 17
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var positions = [6]
        var position = size - 7
        var tail: [Int] = []
        for _ in 0..<(count - 1) {
            tail.insert(position, at: 0)
            position -= step
        }
        positions += tail
        return positions
    }
}

/// Why a QR code could not be made.
public enum QRCodeError: Error, Equatable, CustomStringConvertible {
    case messageTooLong(bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case let .messageTooLong(bytes, limit):
            return "a \(bytes)-byte message does not fit a QR code at this correction level (at most \(limit) bytes)"
        }
    }
}

/// Bits appended most significant first.
struct BitBuffer {
    private(set) var bits: [Bool] = []
    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for i in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> i) & 1 == 1) }
    }

    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            (0..<8).reduce(UInt8(0)) { byte, i in byte << 1 | (start + i < bits.count && bits[start + i] ? 1 : 0) }
        }
    }
}
