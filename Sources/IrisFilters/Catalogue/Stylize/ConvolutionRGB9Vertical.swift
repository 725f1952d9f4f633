import IrisCore

extension BuiltInFilters {
    /// CIConvolutionRGB9Vertical: a weighted sum of red, green and blue (premultiplied) over a 1x9 neighbourhood,
    /// keeping the centre pixel's alpha, plus `inputBias`. Weights run top row first, left to right
    /// (see `ConvolutionSupport`).
    static let convolutionRGB9Vertical = ConvolutionSupport.descriptor(
        name: "CIConvolutionRGB9Vertical", displayName: "9 Vertical RGB Convolution",
        summary: "Vertical Convolution of RGB channels with 9 values.", shape: convolutionRGB9VerticalShape,
        kernel: convolutionRGB9VerticalKernel)

    static let convolutionRGB9VerticalShape = ConvolutionSupport.Shape(columns: 1, rows: 9, rgbOnly: true)
    static let convolutionRGB9VerticalKernel = ConvolutionSupport.kernel(
        name: "irisConvolutionRGB9Vertical", shape: convolutionRGB9VerticalShape)
}
