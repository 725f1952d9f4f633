/// The Y'CbCr 4:2:0 planes a video encoder takes, as a render can write them instead of (or beside) an
/// RGBA picture: I420 (three planes) or NV12 (luma, interleaved CbCr), with the recording's matrix and
/// range. Chroma is centre-sited: each Cb, Cr is the mean of its 2×2 block of R'G'B' (a block cut by an
/// odd edge repeats the edge pixel), as JPEG and libyuv place it; the recorder writes that siting into
/// the file. Rows are padded to a multiple of 4 bytes, so a GPU reads each plane straight into place (a
/// render pads them to exactly that; a frame handed on unrendered, `Context.framePlanes`, may have longer rows).
///
///     let planes = try context.render(image, encoding: EncoderPlanes(layout: .i420, colorimetry: .default))
public struct EncoderPlanes: Sendable, Hashable, CustomStringConvertible {
    public enum Layout: String, Sendable, Hashable, CaseIterable {
        case i420, nv12

        public var pixelFormat: PixelFormat { self == .i420 ? .i420 : .nv12 }
    }

    public var layout: Layout
    public var colorimetry: Colorimetry
    /// Where the chroma of these planes sits; a recorder writes it into the file.
    public static let chromaLocation = ChromaLocation.center

    public init(layout: Layout = .i420, colorimetry: Colorimetry = .default) {
        self.layout = layout
        self.colorimetry = colorimetry
    }

    public var pixelFormat: PixelFormat { layout.pixelFormat }

    /// These planes in `format`'s layout when it is one of theirs (I420 or NV12), else as they are: for a
    /// frame handed to the encoder as it is, whose layout a recorder takes either way.
    ///
    ///     EncoderPlanes(layout: .i420).laidOut(as: .nv12).layout   // .nv12
    public func laidOut(as format: PixelFormat) -> EncoderPlanes {
        guard let layout = Layout.allCases.first(where: { $0.pixelFormat == format }) else { return self }
        return EncoderPlanes(layout: layout, colorimetry: colorimetry)
    }

    public var description: String { "\(layout.rawValue) \(colorimetry)" }

    /// Bytes in each plane's row: the samples' bytes rounded up to a multiple of 4 (luma: `width`; chroma:
    /// ⌈width/2⌉ for I420's Cb and Cr, twice that for NV12's interleaved pairs).
    public func bytesPerRow(plane: Int, width: Int) -> Int {
        let chroma = (width + 1) / 2
        let samples = plane == 0 ? width : layout == .i420 ? chroma : 2 * chroma
        return (samples + 3) / 4 * 4
    }

    /// A buffer of these planes at `width`×`height`, zero-filled (padding included); `zeroed: false` leaves
    /// the bytes as the allocator gives them, for a writer that fills every byte, padding included
    /// (`EncoderPlaneConverter` does): a 1080p frame's zero fill and its page faults cost as much as its
    /// conversion.
    public func makeBuffer(width: Int, height: Int, zeroed: Bool = true) -> PixelBuffer {
        let format = pixelFormat
        let planes = format.planes.indices.map { index in
            let rowBytes = bytesPerRow(plane: index, width: width)
            let count = rowBytes * format.planeSize(index, width: width, height: height).height
            let bytes =
                zeroed
                ? [UInt8](repeating: 0, count: count)
                : [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
            return PixelBuffer.Plane(bytes: bytes, bytesPerRow: rowBytes)
        }
        // The planes were sized from the format's own geometry, which is what the checked init verifies.
        guard let buffer = try? PixelBuffer(width: width, height: height, format: format, planes: planes) else {
            preconditionFailure("encoder planes for \(width)×\(height) \(format) do not fit their own geometry")
        }
        return buffer
    }
}
