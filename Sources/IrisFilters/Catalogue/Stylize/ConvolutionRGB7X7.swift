import IrisCore

extension BuiltInFilters {
    /// CIConvolutionRGB7X7: a weighted sum of red, green and blue (premultiplied) over a 7x7 neighbourhood, keeping the
    /// centre pixel's alpha, plus `inputBias`. Weights run top row first, left to right
    /// (see `ConvolutionSupport`).
    static let convolutionRGB7X7 = ConvolutionSupport.descriptor(
        name: "CIConvolutionRGB7X7", displayName: "7 by 7 RGB Convolution",
        summary: "Convolution of RGB channels with 7 by 7 matrix.", shape: convolutionRGB7X7Shape,
        kernel: convolutionRGB7X7Kernel)

    static let convolutionRGB7X7Shape = ConvolutionSupport.Shape(columns: 7, rows: 7, rgbOnly: true)
    static let convolutionRGB7X7Kernel = ConvolutionSupport.kernel(
        name: "irisConvolutionRGB7X7", shape: convolutionRGB7X7Shape)
}
