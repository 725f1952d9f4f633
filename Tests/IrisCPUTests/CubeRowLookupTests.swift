@testable import IrisCPU
import IrisCore
import Foundation
import Testing

/// The row lookup's two coordinate forms against `ColorCube.sample`, the reference interpolation.
@Suite(.serialized) struct CubeRowLookupTests {
    /// A cube that is not linear inside its cells, so every corner and weight shows in the result.
    private func curvedCube(size: Int) -> ColorCube {
        ColorCube(size: size) { c in SIMD4(c.x * c.x, sin(3 * c.y) + c.z, c.x * c.z - c.y, 1) }
    }

    /// Coordinates in 16384ths: both ends, every cell boundary and its neighbours, and a spread between.
    private func coordinateValues(cellBits: Int) -> [UInt16] {
        let full = 1 << FixedPointMatrix.coordinateBits, cell = 1 << cellBits
        var values = Set<Int>([0, 1, full - 1, full])
        for boundary in stride(from: 0, through: full, by: cell) {
            values.formUnion([boundary - 1, boundary, boundary + 1])
        }
        var state: UInt32 = 12_345
        for _ in 0..<64 {
            state = state &* 1_664_525 &+ 1_013_904_223
            values.insert(Int(state >> 8) % (full + 1))
        }
        return values.filter { (0...full).contains($0) }.sorted().map { UInt16($0) }
    }

    @Test func sixteenBitCoordinatesLookUpAsTheCubeSamples() {
        for size in [5, 17, 65] {
            let cube = curvedCube(size: size), interpolator = CubeInterpolator(cube)
            // 2^14 / (size − 1) per cell, written out here.
            let cellBits = 14 - Int(log2(Double(size - 1)))
            #expect(interpolator.unit16CellBits == cellBits)
            let values = coordinateValues(cellBits: cellBits)
            // Every value on each axis, with the other two axes walking the list at other paces (ties included).
            // The 16-bit rows are read in blocks of eight, so they carry eight values of padding.
            let n = values.count * 3
            let r = (0..<n).map { values[$0 % values.count] } + [UInt16](repeating: 0, count: 8)
            let g =
                (0..<n).map { values[($0 * 7 + $0 / values.count) % values.count] } + [UInt16](repeating: 0, count: 8)
            let b = (0..<n).map { values[($0 * 13 + 5) % values.count] } + [UInt16](repeating: 0, count: 8)
            let shift = Int32((size - 1).trailingZeroBitCount - 2)
            let wide = [r, g, b].map { $0.map { shift >= 0 ? Int32($0) << shift : Int32($0) >> -shift } }
            var fromUnit16 = [SIMD4<Float>](repeating: .zero, count: n), fromCells = fromUnit16
            let rows = CubeRowLookup()
            r.withUnsafeBufferPointer { rp in
                g.withUnsafeBufferPointer { gp in
                    b.withUnsafeBufferPointer { bp in
                        fromUnit16.withUnsafeMutableBufferPointer { out in
                            rows.lookUp(
                                interpolator,
                                .unit16(r: rp.baseAddress!, g: gp.baseAddress!, b: bp.baseAddress!, cellBits: cellBits),
                                count: n, into: out.baseAddress!)
                        }
                    }
                }
            }
            wide[0].withUnsafeBufferPointer { rp in
                wide[1].withUnsafeBufferPointer { gp in
                    wide[2].withUnsafeBufferPointer { bp in
                        fromCells.withUnsafeMutableBufferPointer { out in
                            rows.lookUp(
                                interpolator, .cells(r: rp.baseAddress!, g: gp.baseAddress!, b: bp.baseAddress!),
                                count: n, into: out.baseAddress!)
                        }
                    }
                }
            }
            let unit = 1 / FixedPointMatrix.coordinateScale
            for i in 0..<n {
                let want = cube.sample(SIMD3(Float(r[i]) * unit, Float(g[i]) * unit, Float(b[i]) * unit))
                for c in 0..<4 {
                    #expect(
                        abs(fromUnit16[i][c] - want[c]) <= 2e-6, "size \(size) (\(r[i]), \(g[i]), \(b[i])) channel \(c)"
                    )
                    #expect(
                        abs(fromCells[i][c] - want[c]) <= 2e-6,
                        "cells, size \(size) (\(r[i]), \(g[i]), \(b[i])) channel \(c)")
                }
            }
        }
    }
}
