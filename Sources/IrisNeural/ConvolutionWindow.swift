/// Where a convolution's window goes: its size, strides, dilations and the leading padding TensorFlow
/// Lite's SAME or VALID rule gives, with the output's height and width. Shared by CONV_2D and
/// DEPTHWISE_CONV_2D.
struct ConvolutionWindow: Sendable {
    let kernelH: Int, kernelW: Int
    let strideH: Int, strideW: Int
    let dilationH: Int, dilationW: Int
    let padTop: Int, padLeft: Int
    let outputHeight: Int, outputWidth: Int

    init(input: FeatureMap, kernelH: Int, kernelW: Int, options: TFLiteSchema.Options) {
        let rows = WindowAxis(input: input.height, filter: kernelH, stride: options.strideH, dilation: options.dilationH, padding: options.padding)
        let cols = WindowAxis(input: input.width, filter: kernelW, stride: options.strideW, dilation: options.dilationW, padding: options.padding)
        self.kernelH = kernelH; self.kernelW = kernelW
        strideH = options.strideH; strideW = options.strideW; dilationH = options.dilationH; dilationW = options.dilationW
        padTop = rows.padBefore; padLeft = cols.padBefore; outputHeight = rows.output; outputWidth = cols.output
    }
}
