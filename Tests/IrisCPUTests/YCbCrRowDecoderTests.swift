@testable import IrisCPU
import IrisCore
import Foundation
import Testing

/// The row decoder's paths on their own, each against the matrix written out here: to bytes, the 16-bit
/// fixed-point one that every standard matrix takes and the float one left for any other matrix; to a
/// cube's coordinates, the float one for any cube and the fixed-point one for power-of-two cubes.
@Suite(.serialized) struct YCbCrRowDecoderTests {
    /// One row of 4:2:0 Y'CbCr with a constant chroma pair, decoded to RGBA bytes.
    private func decodedRow(width: Int, luma: (Int) -> UInt8, cb: UInt8, cr: UInt8, matrix: DecodeKernelMatrix)
        -> [UInt32]
    {
        var decoder = YCbCrRowDecoder(width: width)
        let lumaRow = (0..<width).map(luma)
        let chroma = (0..<((width + 1) / 2)).flatMap { _ in [cb, cr] }
        chroma.withUnsafeBufferPointer { c in
            decoder.blendInterleaved(near: c.baseAddress!, far: c.baseAddress!, nearWeight: 4, swapped: false)
        }
        var out = [UInt32](repeating: 0, count: width)
        let scaled = YCbCrRowDecoder.ScaledMatrix(matrix, scale: 255)
        lumaRow.withUnsafeBufferPointer { y in
            out.withUnsafeMutableBufferPointer { o in
                decoder.decodeToBytes(
                    luma: y.baseAddress!, x0: 0, count: width, matrix: scaled, swapsRedBlue: false, into: o.baseAddress!
                )
            }
        }
        return out
    }

    /// A decode kernel's matrix (column-major over normalised code values) from rows over (Y, Cb, Cr) and an offset.
    private func kernelMatrix(_ rows: [[Float]], offset: SIMD4<Float>) -> DecodeKernelMatrix {
        var columnMajor = [Float](repeating: 0, count: 16)
        for r in 0..<3 { for c in 0..<3 { columnMajor[c * 4 + r] = rows[r][c] } }
        return DecodeKernelMatrix(columnMajor: columnMajor, offset: offset)
    }

    private func check(
        _ rows: [[Float]], offset: SIMD4<Float>, expectFixedPoint: Bool, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let matrix = kernelMatrix(rows, offset: offset)
        #expect((YCbCrRowDecoder.ScaledMatrix(matrix, scale: 255).fixedPoint != nil) == expectFixedPoint)
        for (cb, cr) in [(UInt8(16), UInt8(240)), (128, 128), (200, 60), (255, 0)] {
            let out = decodedRow(width: 37, luma: { UInt8(($0 * 7) % 256) }, cb: cb, cr: cr, matrix: matrix)
            for x in 0..<37 {
                let v = [Float((x * 7) % 256) / 255, Float(cb) / 255, Float(cr) / 255]
                for c in 0..<3 {
                    let exact = rows[c][0] * v[0] + rows[c][1] * v[1] + rows[c][2] * v[2] + offset[c]
                    let want = Int((min(max(exact, 0), 1) * 255).rounded())
                    let got = Int((out[x] >> (8 * UInt32(c))) & 0xFF)
                    #expect(abs(got - want) <= 1, "x \(x) Cb \(cb) Cr \(cr) channel \(c)")
                }
                #expect((out[x] >> 24) == 255)
            }
        }
    }

    @Test func aStandardMatrixTakesTheFixedPointPath() {
        // BT.601 full range: R = Y + 1.402 (Cr − ½), G = Y − 0.344136 (Cb − ½) − 0.714136 (Cr − ½), B = Y + 1.772 (Cb −
        // ½).
        check(
            [[1, 0, 1.402], [1, -0.344136, -0.714136], [1, 1.772, 0]],
            offset: SIMD4(-0.701, 0.529136, -0.886, 0), expectFixedPoint: true)
    }

    @Test func anyOtherMatrixTakesTheFloatPath() {
        // Cb reaches red and luma differs per channel: no standard matrix does this, so the fixed point refuses it.
        check(
            [[0.9, 0.3, 1.1], [1.05, -0.4, -0.6], [1.1, 1.5, 0.2]],
            offset: SIMD4(-0.5, 0.4, -0.8, 0), expectFixedPoint: false)
    }

    /// One row (4:2:0, or packed 4:2:2 Y0 Cb Y1 Cr) with a constant chroma pair, decoded for a cube of
    /// `size`: the float path's coordinates in the cube's own scale, and, where the matrix and size allow
    /// it, the fixed-point path's 16-bit coordinates (16384 for 1).
    private func decodedCoordinates(
        width: Int, luma: (Int) -> UInt8, cb: UInt8, cr: UInt8, matrix: DecodeKernelMatrix,
        size: Int, packed: Bool
    ) -> (float: [[Float]], fixed: [[Float]]?) {
        var decoder = YCbCrRowDecoder(width: width, packed: packed ? .cbFirst : nil)
        let lumaRow = (0..<width).map(luma)
        let row = packed ? (0..<width).flatMap { [lumaRow[$0], $0 % 2 == 0 ? cb : cr] } : lumaRow
        if !packed {
            let chroma = (0..<((width + 1) / 2)).flatMap { _ in [cb, cr] }
            chroma.withUnsafeBufferPointer { c in
                decoder.blendInterleaved(near: c.baseAddress!, far: c.baseAddress!, nearWeight: 4, swapped: false)
            }
        }
        let scaled = YCbCrRowDecoder.ScaledMatrix(matrix, scale: Float(size - 1) * Float(CubeInterpolator.one))
        var red = [Int32](repeating: -1, count: width), green = red, blue = red
        var red16 = [UInt16](repeating: 0xFFFF, count: width + YCbCrRowDecoder.outputPadding), green16 = red16,
            blue16 = red16
        row.withUnsafeBufferPointer { y in
            red.withUnsafeMutableBufferPointer { r in
                green.withUnsafeMutableBufferPointer { g in
                    blue.withUnsafeMutableBufferPointer { b in
                        decoder.decode(
                            luma: y.baseAddress!, x0: 0, count: width, matrix: scaled, r: r.baseAddress!,
                            g: g.baseAddress!, b: b.baseAddress!)
                    }
                }
            }
            guard scaled.fixedPointCoordinates != nil else { return }
            red16.withUnsafeMutableBufferPointer { r in
                green16.withUnsafeMutableBufferPointer { g in
                    blue16.withUnsafeMutableBufferPointer { b in
                        decoder.decodeToUnit16(
                            luma: y.baseAddress!, x0: 0, count: width, matrix: scaled, r: r.baseAddress!,
                            g: g.baseAddress!, b: b.baseAddress!)
                    }
                }
            }
        }
        let float = [red, green, blue].map { $0.map(Float.init) }
        guard scaled.fixedPointCoordinates != nil else { return (float, nil) }
        return (float, [red16, green16, blue16].map { $0.prefix(width).map(Float.init) })
    }

    /// BT.709 video range (the widest reach of the standard matrices' channels, −1.1…2.1 for blue) and
    /// BT.601 full range, over every luma value and a chroma grid that includes both extremes.
    @Test func cubeCoordinatesMatchTheMatrixOnEveryPathAndLayout() {
        let y = Float(255) / 219, c = Float(255) / 224, centre = Float(128) / 255, black = Float(16) / 255
        let bt709: [[Float]] = [[y, 0, 1.5748 * c], [y, -0.187324 * c, -0.468124 * c], [y, 1.8556 * c, 0]]
        let bt601Full: [[Float]] = [[1, 0, 1.402], [1, -0.344136, -0.714136], [1, 1.772, 0]]
        for (name, rows, lumaOffset) in [("bt709-video", bt709, -black * y), ("bt601-full", bt601Full, Float(0))] {
            let offset = SIMD4<Float>((0..<3).map { lumaOffset - (rows[$0][1] + rows[$0][2]) * centre } + [0])
            let matrix = kernelMatrix(rows, offset: offset)
            // 65 and 17 are power-of-two cubes (fixed point), 24 is not (float).
            for size in [65, 17, 24] {
                let scale = Float(size - 1) * Float(CubeInterpolator.one)
                let fixed = YCbCrRowDecoder.ScaledMatrix(matrix, scale: scale).fixedPointCoordinates != nil
                #expect(fixed == (size != 24), "\(name) size \(size)")
                for packed in [false, true] {
                    for cb in stride(from: 0, through: 255, by: 51) {
                        for cr in stride(from: 0, through: 255, by: 51) {
                            // 256 pixels, every luma value once, in blocks and a tail of 16 for 4:2:0, 8 for packed;
                            // then 37, a tail of 5.
                            for width in [256, 37] {
                                let decoded = decodedCoordinates(
                                    width: width, luma: { UInt8(($0 * 7) % 256) }, cb: UInt8(cb), cr: UInt8(cr),
                                    matrix: matrix, size: size, packed: packed)
                                #expect((decoded.fixed != nil) == fixed)
                                for x in 0..<width {
                                    let v = [Float((x * 7) % 256) / 255, Float(cb) / 255, Float(cr) / 255]
                                    for ch in 0..<3 {
                                        let exact = min(
                                            max(
                                                rows[ch][0] * v[0] + rows[ch][1] * v[1] + rows[ch][2] * v[2]
                                                    + offset[ch], 0), 1)
                                        let place =
                                            "\(name) size \(size) packed \(packed) x \(x) Cb \(cb) Cr \(cr) channel \(ch)"
                                        // The float path rounds to the nearest coordinate.
                                        #expect(abs(decoded.float[ch][x] - exact * scale) <= 1, "\("float, " + place)")
                                        // The fixed point works in 16384ths of full scale (0.03 of a code value each).
                                        if let fixedChannels = decoded.fixed {
                                            #expect(
                                                abs(fixedChannels[ch][x] - exact * FixedPointMatrix.coordinateScale)
                                                    <= 2, "\("fixed, " + place)")
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
