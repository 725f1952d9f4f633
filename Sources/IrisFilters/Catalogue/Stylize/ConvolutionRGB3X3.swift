import IrisCore

extension BuiltInFilters {
    /// CIConvolutionRGB3X3: a weighted sum of red, green and blue (premultiplied) over a 3x3 neighbourhood, keeping the
    /// centre pixel's alpha, plus `inputBias`. Weights run top row first, left to right
    /// (see `ConvolutionSupport`).
    static let convolutionRGB3X3 = ConvolutionSupport.descriptor(
        name: "CIConvolutionRGB3X3", displayName: "3 by 3 RGB Convolution",
        summary: "Convolution of RGB channels with 3 by 3 matrix.", shape: convolutionRGB3X3Shape,
        kernel: convolutionRGB3X3Kernel)

    static let convolutionRGB3X3Shape = ConvolutionSupport.Shape(columns: 3, rows: 3, rgbOnly: true)
    static let convolutionRGB3X3Kernel = ConvolutionSupport.kernel(
        name: "irisConvolutionRGB3X3", shape: convolutionRGB3X3Shape)
}
