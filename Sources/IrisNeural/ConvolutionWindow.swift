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
        let rows = WindowAxis(
            input: input.height, filter: kernelH, stride: options.strideH, dilation: options.dilationH,
            padding: options.padding)
        let cols = WindowAxis(
            input: input.width, filter: kernelW, stride: options.strideW, dilation: options.dilationW,
            padding: options.padding)
        self.kernelH = kernelH
        self.kernelW = kernelW
        strideH = options.strideH
        strideW = options.strideW
        dilationH = options.dilationH
        dilationW = options.dilationW
        padTop = rows.padBefore
        padLeft = cols.padBefore
        outputHeight = rows.output
        outputWidth = cols.output
    }

    /// Calls `body(tap, pixel)` for each tap of the window placed with its first tap at input row `y0`,
    /// column `x0` that falls inside a `height` × `width` input: `tap` is ky · kernelW + kx, `pixel` is
    /// y · width + x. Taps over the padding are skipped, as zeros add nothing.
    @inline(__always)
    func forEachTapInside(y0: Int, x0: Int, height: Int, width: Int, _ body: (_ tap: Int, _ pixel: Int) -> Void) {
        for ky in 0..<kernelH {
            let y = y0 + ky * dilationH
            guard y >= 0, y < height else { continue }
            for kx in 0..<kernelW {
                let x = x0 + kx * dilationW
                guard x >= 0, x < width else { continue }
                body(ky * kernelW + kx, y * width + x)
            }
        }
    }
}
