extension Image {
    /// An image of an RGB buffer (RGBA, BGRA, packed RGB or BGR, BGRX; sRGB, straight alpha, opaque where the
    /// format has no alpha) or a Y'CbCr buffer read with `colorimetry`.
    /// The buffer's top row is the image's top: the flip into bottom-left coordinates is part of sampling.
    public convenience init(buffer: PixelBuffer, colorimetry: Colorimetry = .default) {
        let full = Rect(width: buffer.width, height: buffer.height)
        let planes = Self.planeImages(buffer)
        let decoded: Image
        switch buffer.format {
        case .rgba8, .bgra8, .rgb8, .bgr8:
            decoded = planes[0]
        case .bgrx8:
            decoded = Image.make(
                BuiltInKernels.opaque, [planes[0]], KernelArguments([]), extent: full, label: "bgrx8")
        case .nv12, .nv21:
            decoded = Self.biplanarDecode(
                planes, arguments: BuiltInKernels.ycbcrArguments(colorimetry, swapsChroma: buffer.format == .nv21),
                extent: full, label: "\(buffer.format) \(colorimetry)")
        case .i420:
            let cb = planes[1].upsampledChroma(to: full, horizontal: 2, vertical: 2)
            let cr = planes[2].upsampledChroma(to: full, horizontal: 2, vertical: 2)
            decoded = Image.make(
                BuiltInKernels.ycbcrTriplanar, [planes[0], cb, cr],
                BuiltInKernels.ycbcrArguments(colorimetry, swapsChroma: false),
                extent: full, label: "i420 \(colorimetry)")
        case .yuyv:
            decoded = Image.make(
                BuiltInKernels.ycbcrPacked422, [planes[0]],
                BuiltInKernels.ycbcrArguments(colorimetry, swapsChroma: false),
                extent: full, label: "yuyv \(colorimetry)")
        }
        let frame = buffer.format.isYCbCr ? Frame(buffer: buffer, colorimetry: colorimetry) : nil
        self.init(extent: full, node: .encoded(decoded), decodedFrame: frame)
    }

    /// A camera or recording frame; its colorimetry says how to read the Y'CbCr values.
    public convenience init(frame: Frame) { self.init(buffer: frame.buffer, colorimetry: frame.colorimetry) }

    /// An infinite image of one colour (sRGB components, straight alpha). Crop it before rendering.
    ///
    ///     let red = Image(color: SIMD4(1, 0, 0, 1)).cropped(to: Rect(width: 64, height: 64))
    public convenience init(color: SIMD4<Float>) {
        self.init(extent: .infinite, node: .encoded(Image(extent: .infinite, node: .constant(color))))
    }

    /// An image with no pixels: what a filter gives when its parameters leave nothing to draw.
    public static var empty: Image { Image(extent: .empty, node: .constant(.zero)) }

    /// This image's colour read as straight-alpha sRGB (a generator's kernel output): the compiler brings it into
    /// the working space.
    package func readAsEncodedColor() -> Image { Image(extent: extent, node: .encoded(self)) }

    /// One image a plane of `buffer`, each returning the plane's raw channel values.
    static func planeImages(_ buffer: PixelBuffer) -> [Image] {
        buffer.format.planes.indices.map { Image(extent: planeExtent(buffer, $0), node: .plane(buffer, index: $0)) }
    }

    static func planeExtent(_ buffer: PixelBuffer, _ index: Int) -> Rect {
        let s = buffer.format.planeSize(index, width: buffer.width, height: buffer.height)
        return Rect(width: s.width, height: s.height)
    }

    /// Luma and interleaved 4:2:0 chroma (`planes` of an NV12 or NV21 buffer) decoded to R'G'B'.
    static func biplanarDecode(_ planes: [Image], arguments: KernelArguments, extent: Rect, label: String) -> Image {
        let chroma = planes[1].upsampledChroma(to: extent, horizontal: 2, vertical: 2)
        return Image.make(BuiltInKernels.ycbcrBiplanar, [planes[0], chroma], arguments, extent: extent, label: label)
    }

    /// Stretches a subsampled chroma plane over the full frame (centre-sited samples).
    func upsampledChroma(to full: Rect, horizontal: Int, vertical: Int) -> Image {
        let scale = AffineTransform(scaleX: full.width / extent.width, y: full.height / extent.height)
        return transformed(by: scale).cropped(to: full)
    }
}
