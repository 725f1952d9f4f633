import IrisCore

extension BuiltInFilters {
    /// CIConvolutionRGB5X5: a weighted sum of red, green and blue (premultiplied) over a 5x5 neighbourhood, keeping the
    /// centre pixel's alpha, plus `inputBias`. Weights run top row first, left to right
    /// (see `ConvolutionSupport`).
    static let convolutionRGB5X5 = ConvolutionSupport.descriptor(
        name: "CIConvolutionRGB5X5", displayName: "5 by 5 RGB Convolution",
        summary: "Convolution of RGB channels with 5 by 5 matrix.", shape: convolutionRGB5X5Shape,
        kernel: convolutionRGB5X5Kernel)

    static let convolutionRGB5X5Shape = ConvolutionSupport.Shape(columns: 5, rows: 5, rgbOnly: true)
    static let convolutionRGB5X5Kernel = ConvolutionSupport.kernel(
        name: "irisConvolutionRGB5X5", shape: convolutionRGB5X5Shape)
}
