import IrisCore

extension BuiltInFilters {
    /// CIConvolution5X5: a weighted sum of premultiplied colour (alpha included) over a 5x5 neighbourhood, plus
    /// `inputBias`. Weights run top row first, left to right
    /// (see `ConvolutionSupport`).
    static let convolution5X5 = ConvolutionSupport.descriptor(
        name: "CIConvolution5X5", displayName: "5 by 5 Convolution",
        summary: "Modifies pixel values by performing a 5x5 matrix convolution.", shape: convolution5X5Shape,
        kernel: convolution5X5Kernel)

    static let convolution5X5Shape = ConvolutionSupport.Shape(columns: 5, rows: 5, rgbOnly: false)
    static let convolution5X5Kernel = ConvolutionSupport.kernel(name: "irisConvolution5X5", shape: convolution5X5Shape)
}
