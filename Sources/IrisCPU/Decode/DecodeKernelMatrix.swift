/// A Y'CbCr → R'G'B' matrix read back from a decode kernel's arguments (which IrisCore builds from its
/// `YCbCrMatrix` and range), as the row decoder uses it: R'G'B' = rows · (Y, Cb, Cr) + offset, with Y,
/// Cb, Cr raw code values (0…255) and R'G'B' normalised (0…1).
struct DecodeKernelMatrix: Sendable {
    let r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>  // (y, cb, cr, offset) coefficients of each output

    /// From the decode kernels' arguments: a column-major mat4 over normalised code values and an offset.
    init(columnMajor m: [Float], offset: SIMD4<Float>) {
        func row(_ i: Int) -> SIMD4<Float> {
            guard m.count >= 16 else { return .zero }
            return SIMD4(m[i] / 255, m[4 + i] / 255, m[8 + i] / 255, offset[i])
        }
        r = row(0)
        g = row(1)
        b = row(2)
    }
}
