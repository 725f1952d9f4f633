import CAV
import IrisCore

/// Converts what the recorder is handed into the encoder's 4:2:0 layout: RGBA8 or BGRA8 (a picture a
/// caller rendered itself) through IrisCore's `EncoderPlaneConverter`, the same conversion the renderers'
/// encoder planes make, with the recording's matrix and range and centre-sited chroma; other Y'CbCr frames
/// (NV21, YUYV…) through libswscale, keeping their code values (only the chroma layout changes, so an I420
/// frame reaches an I420 encoder bit for bit). `iris run` hands it the encoder's planes already made.
///
///     let converter = RecorderPictureConverter(); try converter.convert(buffer, into: planes, colorimetry: .default)
final class RecorderPictureConverter {
    /// A 4:2:0 destination: libavcodec's YUV420P (three planes) or NV12 (luma, interleaved CbCr).
    struct Destination {
        var planes: [UnsafeMutablePointer<UInt8>]
        var strides: [Int32]
        var layout: Layout
        enum Layout {
            case planar, semiPlanar

            /// The layout of an encoder taking `format` (nv12 semi-planar; yuv420p and yuvj420p planar).
            init(_ format: AVPixelFormat) { self = format == AV_PIX_FMT_NV12 ? .semiPlanar : .planar }

            /// Whether a picture in `format` is in this layout already, to be taken as its planes are.
            func holds(_ format: PixelFormat) -> Bool {
                (format == .i420 && self == .planar) || (format == .nv12 && self == .semiPlanar)
            }
        }
    }

    struct Failure: Error { let reason: String }

    private var scaler: OpaquePointer?
    deinit { sws_freeContext(scaler) }

    func convert(_ source: PixelBuffer, into destination: Destination, colorimetry: Colorimetry) throws(Failure) {
        if source.format == .rgba8 || source.format == .bgra8 {
            convertRGB(source, into: destination, colorimetry: colorimetry)
            return
        }
        let sourceFormat = try Self.libavFormat(of: source.format)
        let destinationFormat = destination.layout == .planar ? AV_PIX_FMT_YUV420P : AV_PIX_FMT_NV12
        let (width, height) = (Int32(source.width), Int32(source.height))
        scaler = sws_getCachedContext(
            scaler, width, height, sourceFormat, width, height, destinationFormat,
            SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT, nil, nil, nil)
        guard let scaler else { throw Failure(reason: "swscale cannot convert \(source.format) to 4:2:0") }
        let full: Int32 = colorimetry.range == .full ? 1 : 0
        // For RGB sources the destination table picks the matrix; YUV→YUV with equal tables and ranges
        // leaves code values alone. 0, 1<<16, 1<<16: brightness, contrast, saturation unchanged.
        _ = sws_setColorspaceDetails(
            scaler, colorimetry.swscaleCoefficients, source.format.isYCbCr ? full : 1,
            colorimetry.swscaleCoefficients, full, 0, 1 << 16, 1 << 16)
        let rows = Self.withPlanePointers(source) { sourcePlanes, sourceStrides in
            var targets: [UnsafeMutablePointer<UInt8>?] = destination.planes.map { $0 }
            var strides = destination.strides
            while targets.count < 4 {
                targets.append(nil)
                strides.append(0)
            }
            return sws_scale(scaler, sourcePlanes, sourceStrides, 0, height, targets, strides)
        }
        guard rows == height else { throw Failure(reason: "swscale converted \(rows) of \(height) rows") }
    }

    /// RGB rows, a pair at a time, straight into the encoder's planes.
    private func convertRGB(_ source: PixelBuffer, into destination: Destination, colorimetry: Colorimetry) {
        let layout: EncoderPlanes.Layout = destination.layout == .planar ? .i420 : .nv12
        let converter = EncoderPlaneConverter(
            EncoderPlanes(layout: layout, colorimetry: colorimetry), from: source.format)
        source.planes[0].withUnsafeBufferPointer { rgba in
            guard let base = rgba.baseAddress else { return }
            converter.convert(
                rows: source.height, from: base, stride: source.planes[0].bytesPerRow, width: source.width,
                into: destination.planes, strides: destination.strides.map(Int.init))
        }
    }

    /// Copies an I420 or NV12 source whose layout already matches, row by row (no swscale, no rounding).
    static func copyIfSameLayout(_ source: PixelBuffer, into destination: Destination) -> Bool {
        guard destination.layout.holds(source.format) else { return false }
        for (index, plane) in source.planes.enumerated() {
            let (planeWidth, rows) = source.format.planeSize(index, width: source.width, height: source.height)
            let rowBytes = planeWidth * source.format.planes[index].bytesPerSample
            plane.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return }
                for row in 0..<rows {
                    (destination.planes[index] + row * Int(destination.strides[index]))
                        .update(
                            from: base.advanced(by: row * plane.bytesPerRow).assumingMemoryBound(to: UInt8.self),
                            count: rowBytes)
                }
            }
        }
        return true
    }

    /// libav's pixel format by the name the pixel-format table gives.
    private static func libavFormat(of format: PixelFormat) throws(Failure) -> AVPixelFormat {
        guard let name = format.info.libavName else { throw Failure(reason: "libav has no pixel format for \(format)") }
        let libavFormat = av_get_pix_fmt(name)
        guard libavFormat != AV_PIX_FMT_NONE else {
            throw Failure(reason: "libav does not know pixel format \"\(name)\" (\(format))")
        }
        return libavFormat
    }

    /// The source planes as the read-only pointers swscale takes, valid inside `body`.
    private static func withPlanePointers<R>(
        _ buffer: PixelBuffer,
        _ body: ([UnsafePointer<UInt8>?], [Int32]) -> R
    ) -> R {
        func nest(_ index: Int, _ pointers: [UnsafePointer<UInt8>?]) -> R {
            guard index < buffer.planes.count else {
                let strides =
                    buffer.planes.map { Int32($0.bytesPerRow) } + Array(repeating: 0, count: 4 - buffer.planes.count)
                return body(pointers + Array(repeating: nil, count: 4 - pointers.count), strides)
            }
            return buffer.planes[index].withUnsafeBufferPointer { nest(index + 1, pointers + [$0.baseAddress]) }
        }
        return nest(0, [])
    }
}
