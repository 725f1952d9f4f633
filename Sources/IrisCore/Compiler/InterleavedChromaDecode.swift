/// The rewrite behind `CompilerOptions.interleavesChroma`: the decode of an I420 frame (luma, and Cb and Cr
/// each upsampled the same way) read instead as the NV12 decode of the same samples, Cb and Cr interleaved
/// into one plane, so a renderer fetches both with one texture read instead of two. Every chroma sample
/// keeps its value and its place, so the pixels do not change.
enum InterleavedChromaDecode {
    /// The NV12 decode to lower in place of `image`, and the bytes interleaved to make it; nil when `image`
    /// is not the decode of an I420 buffer, or the buffer lives in a dmabuf (its planes stay there, for import).
    static func replacement(for image: Image) -> (image: Image, interleavedBytes: Int)? {
        guard case let .kernel(app) = image.node, app.kernel.role == .ycbcrTriplanar, app.inputs.count == 3,
            case let .plane(buffer, 0) = app.inputs[0].node, buffer.format == .i420,
            buffer.planes.allSatisfy({ $0.borrowedMemory?.dmabuf == nil }),
            reads(app.inputs[1], plane: 1, of: buffer), reads(app.inputs[2], plane: 2, of: buffer),
            let nv12 = buffer.interleavingChroma()
        else { return nil }
        let decode = Image.biplanarDecode(
            Image.planeImages(nv12), arguments: app.arguments, extent: image.extent,
            label: app.label + ", chroma interleaved")
        return (decode, nv12.planes[1].byteCount)
    }

    /// Whether `image` is plane `index` of `buffer` under nothing but the crop and scale that upsample it.
    private static func reads(_ image: Image, plane index: Int, of buffer: PixelBuffer) -> Bool {
        var node = image
        while case let .kernel(app) = node.node {
            guard app.inputs.count == 1, app.kernel.role == .crop || app.kernel.role == .affine else { return false }
            node = app.inputs[0]
        }
        guard case let .plane(other, i) = node.node, i == index else { return false }
        return other.planes[index].sharesBytes(with: buffer.planes[index])
    }
}

extension PixelBuffer.Plane {
    /// Whether both planes read the same bytes in place: one array shared by copies, or one lent memory.
    func sharesBytes(with other: PixelBuffer.Plane) -> Bool {
        withUnsafeBufferPointer { a in
            other.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count }
        }
    }
}
