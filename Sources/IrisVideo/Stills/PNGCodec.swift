import CPNG
import IrisCore

/// PNG decoding and encoding through libpng's simplified API, which reports errors as return codes
/// (libpng's usual longjmp error path cannot unwind through Swift frames).
///
///     let buffer = try PNGCodec.decode(bytes)   // any PNG → rgba8, straight (non-premultiplied) alpha
public enum PNGCodec {
    /// Decodes any PNG (gray, gray+alpha, palette, RGB, RGBA, 1–16 bits, interlaced) to an `.rgba8` buffer.
    /// 16-bit files without gAMA/sRGB chunks are taken as sRGB-encoded, as image editors write them
    /// (libpng's own default would take them as linear and brighten them).
    /// - Parameter source: the name errors report, a path or "<memory>".
    public static func decode(_ bytes: [UInt8], source: String = "<memory>") throws(StillImageError) -> PixelBuffer {
        guard StillImageFormat(magicBytes: bytes) == .png else {
            throw bytes.count < 8 ? .truncated(path: source) : .unsupportedFormat(path: source)
        }
        if PNGChunkWalk.endsEarly(bytes) { throw .truncated(path: source) }

        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard began != 0 else { throw .corrupt(path: source, reason: message(of: image)) }

        let width = Int(image.width), height = Int(image.height)
        guard DecodeLimits.allows(width: width, height: height) else {
            png_image_free(&image)
            throw .corrupt(path: source, reason: "declares \(width)×\(height) pixels, more than Iris decodes")
        }
        image.format = rgbaFormat
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)

        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        // finish_read frees libpng's state whether it succeeds or fails.
        let finished = pixels.withUnsafeMutableBytes {
            png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else { throw .corrupt(path: source, reason: message(of: image)) }
        return try PackedRGBA.buffer(width: width, height: height, bytes: pixels, source: source)
    }

    /// Encodes an `.rgba8` or `.bgra8` buffer as an 8-bit RGBA PNG; the bytes decode back exactly.
    /// - Parameter destination: the name errors report.
    public static func encode(_ buffer: PixelBuffer, destination: String = "<memory>") throws(StillImageError)
        -> [UInt8]
    {
        let rows = try PackedRGBA.rows(of: buffer, destination: destination, codec: .png)
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(buffer.width)
        image.height = UInt32(buffer.height)
        image.format = rgbaFormat

        // Start from libpng's own worst-case bound so one compression pass usually suffices; if the
        // bound was short, libpng reports the size it needs and the second pass uses it.
        var capacity = worstCaseSize(width: buffer.width, height: buffer.height)
        for _ in 0..<2 {
            var output = [UInt8](repeating: 0, count: capacity)
            var size = capacity
            let ok = output.withUnsafeMutableBytes { out in
                rows.withUnsafeBytes { input in
                    png_image_write_to_memory(
                        &image, out.baseAddress, &size, 0, input.baseAddress,
                        Int32(buffer.width * 4), nil)
                }
            }
            if ok != 0 {
                output.removeSubrange(size...)
                return output
            }
            guard size > capacity else { break }  // a real error, not a short buffer
            capacity = size
        }
        throw .writeFailed(path: destination, reason: "PNG encoding failed: \(message(of: image))")
    }

    /// Reads and decodes the PNG at `path`.
    public static func read(contentsOf path: String) throws(StillImageError) -> PixelBuffer {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path: path) } catch { throw .reading(path, error) }
        return try decode(bytes, source: path)
    }

    /// Encodes `buffer` and writes it to `path` atomically (whole file or no file).
    public static func write(_ buffer: PixelBuffer, to path: String) throws(StillImageError) {
        let bytes = try encode(buffer, destination: path)
        do { try FileBytes.writeAtomically(bytes, to: path) } catch { throw .writing(path, error) }
    }

    /// PNG_FORMAT_RGBA, which Swift does not import (a macro built from other macros).
    private static let rgbaFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// PNG_IMAGE_PNG_SIZE_MAX from png.h, which Swift cannot import (a function-like macro).
    private static func worstCaseSize(width: Int, height: Int) -> Int {
        let raw = (width * 4 + 1) * height
        let deflated = raw + (raw + 7) / 8 + (raw + 63) / 64 + 11
        let zbufSize = 8192
        return 8 + 25 + 16 + 44 + 12 + 12 + 12 * (deflated / zbufSize) + deflated
    }

    private static func message(of image: png_image) -> String {
        let text = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return text.isEmpty ? "libpng gave no reason" : text
    }
}
