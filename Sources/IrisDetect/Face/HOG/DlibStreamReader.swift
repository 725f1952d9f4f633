/// Reads dlib's portable serialization (dlib/serialize.h): integers as a control byte (length, sign bit)
/// and little-endian bytes, floating point as an integer mantissa and exponent, matrices as their negated
/// sizes followed by the elements. Every read checks the length, so a truncated file is an error.
struct DlibStreamReader {
    struct Problem: Error { let reason: String }

    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws(Problem) -> UInt8 {
        guard offset < bytes.count else { throw Problem(reason: "ends early, at byte \(offset)") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// dlib's pack_int: the control byte's low nibble is the byte count, bit 7 the sign.
    mutating func integer(_ what: String) throws(Problem) -> Int {
        let control = try byte()
        let count = Int(control & 0x0F)
        guard count >= 1, count <= 8, control & 0x70 == 0 else {
            throw Problem(
                reason: "\(what): bad integer control byte 0x\(String(control, radix: 16)) at byte \(offset - 1)")
        }
        var magnitude: UInt64 = 0
        for shift in 0..<count { magnitude |= UInt64(try byte()) << (8 * UInt64(shift)) }
        guard magnitude <= UInt64(Int.max) else { throw Problem(reason: "\(what): integer out of range") }
        return control & 0x80 != 0 ? -Int(magnitude) : Int(magnitude)
    }

    /// A count or size: an integer that must lie in `range`.
    mutating func integer(_ what: String, in range: ClosedRange<Int>) throws(Problem) -> Int {
        let value = try integer(what)
        guard range.contains(value) else {
            throw Problem(reason: "\(what) is \(value), expected \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    /// dlib's float_details: mantissa × 2^exponent, with three reserved exponents for ±∞ and NaN.
    mutating func double(_ what: String) throws(Problem) -> Double {
        guard offset < bytes.count, bytes[offset] & 0x70 == 0 else {
            throw Problem(reason: "\(what): not a binary dlib number (dlib's old text format is not read)")
        }
        let mantissa = try integer(what)
        let exponent = try integer(what, in: -32768...32767)
        switch exponent {
        case 32000: return .infinity
        case 32001: return -.infinity
        case 32002: return .nan
        default:
            return Double(
                sign: mantissa < 0 ? .minus : .plus, exponent: exponent, significand: Double(mantissa.magnitude))
        }
    }

    /// A dlib matrix of doubles, row by row. Current dlib writes −rows, −columns; old dlib wrote them positive.
    mutating func matrix(_ what: String, maxElements: Int) throws(Problem) -> (
        rows: Int, columns: Int, values: [Double]
    ) {
        let rows = abs(try integer("\(what) rows")), columns = abs(try integer("\(what) columns"))
        guard rows.multipliedReportingOverflow(by: columns).partialValue <= maxElements, rows <= maxElements,
            columns <= maxElements
        else {
            throw Problem(reason: "\(what) is \(rows)×\(columns), more than \(maxElements) numbers")
        }
        var values: [Double] = []
        values.reserveCapacity(rows * columns)
        for _ in 0..<rows * columns { values.append(try double(what)) }
        return (rows, columns, values)
    }
}
