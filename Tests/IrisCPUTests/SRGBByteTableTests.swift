@testable import IrisCPU
import IrisCore
import XCTest

/// The byte table that ends a baked camera chain against the exact sRGB encode and output store.
final class SRGBByteTableTests: XCTestCase {
    /// The exact path's byte: the formula, then `floor(v × 255 + ½)` clamped.
    private func exactByte(_ v: Float) -> Int {
        Int((min(max(Double(TransferFunction.linearToSRGB(v)), 0), 1) * 255 + 0.5).rounded(.down))
    }

    func testEveryLinearValueEncodesWithinOneCodeOfTheFormula() {
        let table = SRGBByteTable.shared
        var worst = (difference: 0, value: Float(0))
        var worstValue: Double = 0
        for bits in stride(from: UInt32(0), through: Float(1).bitPattern, by: 101) {
            let v = Float(bitPattern: bits)
            let byte = Int(table.byte(v))
            let d = abs(byte - exactByte(v))
            if d > worst.difference { worst = (d, v) }
            // Before rounding, the entry is within 0.2 of a code value of the encode.
            let encoded = Double(TransferFunction.linearToSRGB(v)) * 255
            worstValue = max(worstValue, abs(encoded - Double(byte)) - 0.5)
        }
        XCTAssertLessThanOrEqual(worst.difference, 1, "at \(worst.value)")
        XCTAssertLessThanOrEqual(worstValue, 0.2)
    }

    func testTheEndsClamp() {
        let table = SRGBByteTable.shared
        XCTAssertEqual(table.byte(-0.5), 0)
        XCTAssertEqual(table.byte(-0.0), 0)
        XCTAssertEqual(table.byte(0), 0)
        XCTAssertEqual(table.byte(1e-9), 0)
        XCTAssertEqual(table.byte(1), 255)
        XCTAssertEqual(table.byte(7.5), 255)
        XCTAssertEqual(table.byte(.infinity), 255)
        // sRGB 128/255 is linear 0.21586.
        XCTAssertEqual(table.byte(0.21586), 128)
    }

    /// The row loops' float-clamped index equals the bit-pattern index for every value, with negatives, NaN
    /// and values past 1 clamped to the table's ends.
    func testTheFloatClampedIndexMatchesTheBitPatternIndex() {
        for bits in stride(from: UInt32(0), through: Float(1.5).bitPattern, by: 977) {
            let v = Float(bitPattern: bits)
            XCTAssertEqual(
                SRGBByteTable.index(v), SRGBByteTable.index(bitPattern: Int32(bitPattern: v.bitPattern)), "\(v)")
        }
        let first = SRGBByteTable.index(bitPattern: SRGBByteTable.firstBits),
            last = SRGBByteTable.index(bitPattern: SRGBByteTable.endBits)
        for v: Float in [-1, -0.0, -.infinity, .nan, 2, .infinity, .greatestFiniteMagnitude] {
            XCTAssertEqual(SRGBByteTable.index(v), v > 1 ? last : first, "\(v)")
        }
    }
}
