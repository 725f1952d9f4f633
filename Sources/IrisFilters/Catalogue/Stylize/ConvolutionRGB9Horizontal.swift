import IrisCore

extension BuiltInFilters {
    /// CIConvolutionRGB9Horizontal: a weighted sum of red, green and blue (premultiplied) over a 9x1 neighbourhood,
    /// keeping the centre pixel's alpha, plus `inputBias`. Weights run top row first, left to right
    /// (see `ConvolutionSupport`).
    static let convolutionRGB9Horizontal = ConvolutionSupport.descriptor(
        name: "CIConvolutionRGB9Horizontal", displayName: "9 Horizontal RGB Convolution",
        summary: "Horizontal Convolution of RGB channels with 9 values.", shape: convolutionRGB9HorizontalShape,
        kernel: convolutionRGB9HorizontalKernel)

    static let convolutionRGB9HorizontalShape = ConvolutionSupport.Shape(columns: 9, rows: 1, rgbOnly: true)
    static let convolutionRGB9HorizontalKernel = ConvolutionSupport.kernel(
        name: "irisConvolutionRGB9Horizontal", shape: convolutionRGB9HorizontalShape)
}
