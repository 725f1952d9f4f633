/// An affine colour transform on straight (unpremultiplied) RGBA: out = m · in + bias, m row-major 4×4.
/// Matrix-like filters (sepia, hue, saturation, exposure, invert, colour matrix) produce one, and the
/// compiler multiplies consecutive ones into a single matrix.
///
///     let gray = ColorMatrix(rows: [[0.3, 0.59, 0.11, 0], [0.3, 0.59, 0.11, 0], [0.3, 0.59, 0.11, 0], [0, 0, 0, 1]])
public struct ColorMatrix: Sendable, Hashable {
    /// Row-major: `m[r * 4 + c]`.
    public var m: [Double]
    public var bias: SIMD4<Double>

    public init(rows: [[Double]], bias: SIMD4<Double> = .zero) {
        self.m = rows.flatMap { $0 }
        self.bias = bias
    }
    public static let identity = ColorMatrix(rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])

    /// `self` followed by `next`: next.m · (m · c + bias) + next.bias.
    public func followed(by next: ColorMatrix) -> ColorMatrix {
        var out = [Double](repeating: 0, count: 16)
        for r in 0..<4 { for c in 0..<4 { for k in 0..<4 { out[r * 4 + c] += next.m[r * 4 + k] * m[k * 4 + c] } } }
        var b = next.bias
        for r in 0..<4 { for k in 0..<4 { b[r] += next.m[r * 4 + k] * bias[k] } }
        var result = ColorMatrix.identity
        result.m = out
        result.bias = b
        return result
    }

    public func apply(_ c: SIMD4<Double>) -> SIMD4<Double> {
        var o = bias
        for r in 0..<4 { for k in 0..<4 { o[r] += m[r * 4 + k] * c[k] } }
        return o
    }

    /// The kernel arguments of `BuiltInKernels.colorMatrix`: a column-major mat4 and the bias.
    var kernelArguments: KernelArguments {
        var cm = [Float](repeating: 0, count: 16)
        for r in 0..<4 { for c in 0..<4 { cm[c * 4 + r] = Float(m[r * 4 + c]) } }
        return KernelArguments([.mat4(cm), .vec4(SIMD4<Float>(bias))])
    }
}
