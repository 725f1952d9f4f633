@testable import IrisCPU
import IrisCore
import Foundation
import Testing

/// The byte table that ends a baked camera chain against the exact sRGB encode and output store.
@Suite(.serialized) struct SRGBByteTableTests {
    /// The exact path's byte: the formula, then `floor(v × 255 + ½)` clamped.
    private func exactByte(_ v: Float) -> Int {
        Int((min(max(Double(TransferFunction.linearToSRGB(v)), 0), 1) * 255 + 0.5).rounded(.down))
    }

    @Test func everyLinearValueEncodesWithinOneCodeOfTheFormula() {
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
        #expect(worst.difference <= 1, "at \(worst.value)")
        #expect(worstValue <= 0.2)
    }

    @Test func theEndsClamp() {
        let table = SRGBByteTable.shared
        #expect(table.byte(-0.5) == 0)
        #expect(table.byte(-0.0) == 0)
        #expect(table.byte(0) == 0)
        #expect(table.byte(1e-9) == 0)
        #expect(table.byte(1) == 255)
        #expect(table.byte(7.5) == 255)
        #expect(table.byte(.infinity) == 255)
        // sRGB 128/255 is linear 0.21586.
        #expect(table.byte(0.21586) == 128)
    }

    /// The row loops' float-clamped index equals the bit-pattern index for every value, with negatives, NaN
    /// and values past 1 clamped to the table's ends.
    @Test func theFloatClampedIndexMatchesTheBitPatternIndex() {
        for bits in stride(from: UInt32(0), through: Float(1.5).bitPattern, by: 977) {
            let v = Float(bitPattern: bits)
            #expect(SRGBByteTable.index(v) == SRGBByteTable.index(bitPattern: Int32(bitPattern: v.bitPattern)), "\(v)")
        }
        let first = SRGBByteTable.index(bitPattern: SRGBByteTable.firstBits),
            last = SRGBByteTable.index(bitPattern: SRGBByteTable.endBits)
        for v: Float in [-1, -0.0, -.infinity, .nan, 2, .infinity, .greatestFiniteMagnitude] {
            #expect(SRGBByteTable.index(v) == (v > 1 ? last : first), "\(v)")
        }
    }
}
