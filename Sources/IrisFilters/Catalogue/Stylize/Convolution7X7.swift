import IrisCore

extension BuiltInFilters {
    /// CIConvolution7X7: a weighted sum of premultiplied colour (alpha included) over a 7x7 neighbourhood, plus
    /// `inputBias`. Weights run top row first, left to right
    /// (see `ConvolutionSupport`).
    static let convolution7X7 = ConvolutionSupport.descriptor(
        name: "CIConvolution7X7", displayName: "7 by 7 Convolution",
        summary: "Modifies pixel values by performing a 7x7 matrix convolution.", shape: convolution7X7Shape,
        kernel: convolution7X7Kernel)

    static let convolution7X7Shape = ConvolutionSupport.Shape(columns: 7, rows: 7, rgbOnly: false)
    static let convolution7X7Kernel = ConvolutionSupport.kernel(name: "irisConvolution7X7", shape: convolution7X7Shape)
}
