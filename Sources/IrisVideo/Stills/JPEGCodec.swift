import CTurboJPEG
import IrisCore

/// JPEG decoding and encoding through TurboJPEG, plus the EXIF orientation a camera leaves in the file.
///
///     let jpeg = try JPEGCodec.encode(buffer, quality: 85)
public enum JPEGCodec {
    /// Decodes a baseline or progressive JPEG (gray, YCbCr; not CMYK) to an opaque `.rgba8` buffer.
    /// The pixels are as stored; apply `orientation(of:)` to show them upright.
    /// - Parameter source: the name errors report, a path or "<memory>".
    public static func decode(_ bytes: [UInt8], source: String = "<memory>") throws(StillImageError) -> PixelBuffer {
        guard StillImageFormat(magicBytes: bytes) == .jpeg else {
            throw bytes.count < 3 ? .truncated(path: source) : .unsupportedFormat(path: source)
        }
        guard let handle = tjInitDecompress() else {
            throw .unreadable(path: source, reason: "TurboJPEG could not start a decoder")
        }
        defer { tjDestroy(handle) }

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let headerResult = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        if headerResult != 0 { throw failure(handle, bytes, source) }
        // A header cut short can "succeed" with a 0×0 frame: libjpeg pads missing input with a fake EOI.
        if width <= 0 || height <= 0 {
            throw JPEGMarkerWalk.endsEarly(bytes)
                ? .truncated(path: source) : .corrupt(path: source, reason: "no frame header")
        }
        guard DecodeLimits.allows(width: Int(width), height: Int(height)) else {
            throw .corrupt(path: source, reason: "declares \(width)×\(height) pixels, more than Iris decodes")
        }

        // A header is a claim: 10 KB of data cannot hold 16384×16384 pixels, whose blocks need at least a
        // bit each, so such a file is refused before gigabytes are allocated for it.
        let lumaBlocks = ((Int(width) + 7) / 8) * ((Int(height) + 7) / 8)
        if JPEGMarkerWalk.isHuffmanCoded(bytes) && bytes.count * 8 < lumaBlocks {
            throw .corrupt(
                path: source,
                reason:
                    "declares \(width)×\(height) pixels, which need at least \(lumaBlocks / 8) bytes of image data; the file has \(bytes.count)"
            )
        }
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let decodeResult = pixels.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                tjDecompress2(
                    handle, input.baseAddress, UInt(input.count), out.baseAddress,
                    width, width * 4, height, Int32(TJPF_RGBA.rawValue), 0)
            }
        }
        // A warning still yields a whole image (e.g. "extraneous bytes before marker" from many cameras);
        // only a premature end turns a warning into an error, since the missing rows are filled with grey.
        if decodeResult != 0 && (!isWarning(handle) || endsEarly(handle, bytes)) {
            throw failure(handle, bytes, source)
        }
        return try PackedRGBA.buffer(width: Int(width), height: Int(height), bytes: pixels, source: source)
    }

    /// The EXIF orientation stored in the JPEG, `.up` when it has none.
    public static func orientation(of bytes: [UInt8]) -> Orientation {
        EXIFOrientationReader.orientation(inJPEG: bytes) ?? .up
    }

    /// Encodes an `.rgba8` or `.bgra8` buffer (alpha is dropped: JPEG has none).
    /// - Parameter quality: 1 (smallest) to 100 (best). At 90 and above chroma keeps full resolution
    ///   (4:4:4), below it is halved (4:2:0), the trade ImageMagick makes too.
    public static func encode(_ buffer: PixelBuffer, quality: Int = 90, destination: String = "<memory>")
        throws(StillImageError) -> [UInt8]
    {
        guard (1...100).contains(quality) else {
            throw .writeFailed(path: destination, reason: "JPEG quality must be 1–100, got \(quality)")
        }
        guard buffer.format == .rgba8 || buffer.format == .bgra8 else {
            throw .writeFailed(
                path: destination, reason: "JPEG encoding takes rgba8 or bgra8 pixels, not \(buffer.format)")
        }
        guard let handle = tjInitCompress() else {
            throw .writeFailed(path: destination, reason: "TurboJPEG could not start an encoder")
        }
        defer { tjDestroy(handle) }

        let pixelFormat = buffer.format == .rgba8 ? TJPF_RGBA : TJPF_BGRA
        let subsampling = quality >= 90 ? TJSAMP_444 : TJSAMP_420
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { tjFree(output) }
        let result = buffer.planes[0].withUnsafeBufferPointer { input in
            tjCompress2(
                handle, input.baseAddress, Int32(buffer.width), Int32(buffer.planes[0].bytesPerRow),
                Int32(buffer.height), Int32(pixelFormat.rawValue), &output, &size,
                Int32(subsampling.rawValue), Int32(quality), 0)
        }
        guard result == 0, let output else {
            throw .writeFailed(path: destination, reason: "JPEG encoding failed: \(message(handle))")
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// Reads and decodes the JPEG at `path`, with its EXIF orientation.
    public static func read(contentsOf path: String) throws(StillImageError) -> (
        buffer: PixelBuffer, orientation: Orientation
    ) {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path: path) } catch { throw .reading(path, error) }
        return (try decode(bytes, source: path), orientation(of: bytes))
    }

    /// Encodes `buffer` and writes it to `path` atomically (whole file or no file).
    public static func write(_ buffer: PixelBuffer, to path: String, quality: Int = 90) throws(StillImageError) {
        let bytes = try encode(buffer, quality: quality, destination: path)
        do { try FileBytes.writeAtomically(bytes, to: path) } catch { throw .writing(path, error) }
    }

    private static func failure(_ handle: tjhandle, _ bytes: [UInt8], _ source: String) -> StillImageError {
        endsEarly(handle, bytes) ? .truncated(path: source) : .corrupt(path: source, reason: message(handle))
    }

    /// libjpeg says "Premature end of JPEG file" when its input runs dry, and "premature end of data
    /// segment" when a scan stops before its blocks do (the rest is filled with grey); the marker walk
    /// catches cuts it words differently (inside the header).
    private static func endsEarly(_ handle: tjhandle, _ bytes: [UInt8]) -> Bool {
        message(handle).lowercased().contains("premature end") || JPEGMarkerWalk.endsEarly(bytes)
    }

    private static func isWarning(_ handle: tjhandle) -> Bool {
        tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
    }

    private static func message(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "TurboJPEG gave no reason" }
        return String(cString: text)
    }
}
