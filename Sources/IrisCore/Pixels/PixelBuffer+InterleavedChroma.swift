extension PixelBuffer {
    /// This I420 buffer as NV12: the same luma plane (shared, not copied) and Cb and Cr interleaved into
    /// one plane, a pass over the chroma's bytes (half as many as the luma's). Nil for any other format.
    ///
    ///     let nv12 = frame.buffer.interleavingChroma()   // what an NV12 camera would have sent
    public func interleavingChroma() -> PixelBuffer? {
        guard format == .i420 else { return nil }
        let (chromaWidth, chromaHeight) = format.planeSize(1, width: width, height: height)
        let rowBytes = 2 * chromaWidth
        let cb = planes[1], cr = planes[2]
        let interleaved = [UInt8](unsafeUninitializedCapacity: rowBytes * chromaHeight) { out, count in
            cb.withUnsafeBufferPointer { cbBytes in
                cr.withUnsafeBufferPointer { crBytes in
                    guard let destination = out.baseAddress, let blue = cbBytes.baseAddress,
                        let red = crBytes.baseAddress
                    else { return }
                    for row in 0..<chromaHeight {
                        let to = destination + row * rowBytes
                        let fromBlue = blue + row * cb.bytesPerRow, fromRed = red + row * cr.bytesPerRow
                        for x in 0..<chromaWidth {
                            to[2 * x] = fromBlue[x]
                            to[2 * x + 1] = fromRed[x]
                        }
                    }
                }
            }
            count = rowBytes * chromaHeight
        }
        return try? PixelBuffer(
            width: width, height: height, format: .nv12,
            planes: [planes[0], Plane(bytes: interleaved, bytesPerRow: rowBytes)])
    }
}
