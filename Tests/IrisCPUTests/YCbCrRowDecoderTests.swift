@testable import IrisCPU
import IrisCore
import XCTest

/// The row decoder's two byte paths on their own: the 16-bit fixed-point one that every standard matrix
/// takes, and the float one left for any other matrix, each against the matrix written out here.
final class YCbCrRowDecoderTests: XCTestCase {
    /// One row of 4:2:0 Y'CbCr with a constant chroma pair, decoded to RGBA bytes.
    private func decodedRow(width: Int, luma: (Int) -> UInt8, cb: UInt8, cr: UInt8, matrix: DecodeKernelMatrix) -> [UInt32] {
        var decoder = YCbCrRowDecoder(width: width)
        let lumaRow = (0..<width).map(luma)
        let chroma = (0..<((width + 1) / 2)).flatMap { _ in [cb, cr] }
        chroma.withUnsafeBufferPointer { c in decoder.blendInterleaved(near: c.baseAddress!, far: c.baseAddress!, nearWeight: 4, swapped: false) }
        var out = [UInt32](repeating: 0, count: width)
        let scaled = YCbCrRowDecoder.ScaledMatrix(matrix, scale: 255)
        lumaRow.withUnsafeBufferPointer { y in out.withUnsafeMutableBufferPointer { o in
            decoder.decodeToBytes(luma: y.baseAddress!, x0: 0, count: width, matrix: scaled, swapsRedBlue: false, into: o.baseAddress!)
        } }
        return out
    }

    /// A decode kernel's matrix (column-major over normalised code values) from rows over (Y, Cb, Cr) and an offset.
    private func kernelMatrix(_ rows: [[Float]], offset: SIMD4<Float>) -> DecodeKernelMatrix {
        var columnMajor = [Float](repeating: 0, count: 16)
        for r in 0..<3 { for c in 0..<3 { columnMajor[c * 4 + r] = rows[r][c] } }
        return DecodeKernelMatrix(columnMajor: columnMajor, offset: offset)
    }

    private func check(_ rows: [[Float]], offset: SIMD4<Float>, expectFixedPoint: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let matrix = kernelMatrix(rows, offset: offset)
        XCTAssertEqual(YCbCrRowDecoder.ScaledMatrix(matrix, scale: 255).fixedPoint != nil, expectFixedPoint, file: file, line: line)
        for (cb, cr) in [(UInt8(16), UInt8(240)), (128, 128), (200, 60), (255, 0)] {
            let out = decodedRow(width: 37, luma: { UInt8(($0 * 7) % 256) }, cb: cb, cr: cr, matrix: matrix)
            for x in 0..<37 {
                let v = [Float((x * 7) % 256) / 255, Float(cb) / 255, Float(cr) / 255]
                for c in 0..<3 {
                    let exact = rows[c][0] * v[0] + rows[c][1] * v[1] + rows[c][2] * v[2] + offset[c]
                    let want = Int((min(max(exact, 0), 1) * 255).rounded())
                    let got = Int((out[x] >> (8 * UInt32(c))) & 0xFF)
                    XCTAssertLessThanOrEqual(abs(got - want), 1, "x \(x) Cb \(cb) Cr \(cr) channel \(c)", file: file, line: line)
                }
                XCTAssertEqual(out[x] >> 24, 255, file: file, line: line)
            }
        }
    }

    func testAStandardMatrixTakesTheFixedPointPath() {
        // BT.601 full range: R = Y + 1.402 (Cr − ½), G = Y − 0.344136 (Cb − ½) − 0.714136 (Cr − ½), B = Y + 1.772 (Cb − ½).
        check([[1, 0, 1.402], [1, -0.344136, -0.714136], [1, 1.772, 0]],
              offset: SIMD4(-0.701, 0.529136, -0.886, 0), expectFixedPoint: true)
    }

    func testAnyOtherMatrixTakesTheFloatPath() {
        // Cb reaches red and luma differs per channel: no standard matrix does this, so the fixed point refuses it.
        check([[0.9, 0.3, 1.1], [1.05, -0.4, -0.6], [1.1, 1.5, 0.2]],
              offset: SIMD4(-0.5, 0.4, -0.8, 0), expectFixedPoint: false)
    }
}
