extension Context {
    /// The encoder's planes of `image` without a render: its frame's own planes, when `image` is a Y'CbCr frame
    /// as it is (no filter, crop or transform: `Image.decodedFrame`), rendered whole, and the frame is already
    /// in `encoding`'s layout and colours, its rows padded to a multiple of 4 bytes as the encoder's are (a
    /// camera's wider rows keep their own length). Decoding it to R'G'B' and converting it back would cost
    /// a pass over the frame and give the same samples at best: chroma a little softer (the decode stretches
    /// it, the encoder averages it again) and colours outside R'G'B' clipped. A recording of an unfiltered
    /// camera or file takes this way. The planes are shared, not copied, so no bytes are counted.
    ///
    ///     let planes = context.framePlanes(Image(frame: frame), rect: nil, encoding: EncoderPlanes())
    public func framePlanes(_ image: Image, rect: Rect?, encoding: EncoderPlanes) -> PixelBuffer? {
        guard let frame = image.decodedFrame, rect == nil || rect == image.extent,
            frame.buffer.format == encoding.pixelFormat, frame.colorimetry == encoding.colorimetry
        else { return nil }
        let buffer = frame.buffer
        return buffer.planes.allSatisfy { $0.bytesPerRow % 4 == 0 } ? buffer : nil
    }
}
