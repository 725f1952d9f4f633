import CAV
import IrisCore

/// Copies a decoded `AVFrame` into a `PixelBuffer`: I420 and NV12 pictures (yuvj420p is I420 with full
/// range) are copied as they are; anything else (4:2:2 MJPEG, 4:4:4, RGB FFV1, 10-bit H.264) goes through
/// libswscale to I420, keeping the source's range and matrix.
final class LibAVPictureCopier {
    private var scaler: OpaquePointer?

    deinit { sws_freeContext(scaler) }

    /// Why a picture could not be copied; the reader turns it into a `RecordingError` naming the file.
    struct Failure: Error { let reason: String }

    func buffer(from frame: UnsafePointer<AVFrame>, colorimetry: Colorimetry) throws(Failure) -> PixelBuffer {
        let picture = frame.pointee
        let (width, height) = (Int(picture.width), Int(picture.height))
        guard DecodeLimits.allows(width: width, height: height) else {
            throw Failure(reason: "a \(width)×\(height) picture")
        }
        let planes = [picture.data.0, picture.data.1, picture.data.2]
        let strides = [picture.linesize.0, picture.linesize.1, picture.linesize.2].map(Int.init)
        let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)

        switch picture.format {
        case AV_PIX_FMT_YUV420P.rawValue, AV_PIX_FMT_YUVJ420P.rawValue:
            return try packed(
                .i420, width, height,
                [
                    copy(planes[0], stride: strides[0], rowBytes: width, rows: height),
                    copy(planes[1], stride: strides[1], rowBytes: cw, rows: ch),
                    copy(planes[2], stride: strides[2], rowBytes: cw, rows: ch)
                ])
        case AV_PIX_FMT_NV12.rawValue:
            return try packed(
                .nv12, width, height,
                [
                    copy(planes[0], stride: strides[0], rowBytes: width, rows: height),
                    copy(planes[1], stride: strides[1], rowBytes: 2 * cw, rows: ch)
                ])
        default:
            return try scaled(frame, width: width, height: height, colorimetry: colorimetry)
        }
    }

    /// Converts to I420 with swscale. Source and destination share range and matrix, so YUV pictures
    /// only have their chroma resampled (and bit depth reduced); RGB pictures are encoded with `colorimetry`.
    private func scaled(
        _ frame: UnsafePointer<AVFrame>, width: Int, height: Int,
        colorimetry: Colorimetry
    ) throws(Failure) -> PixelBuffer {
        let source = frame.pointee
        let sourceFormat = AVPixelFormat(rawValue: source.format)
        guard sws_isSupportedInput(sourceFormat) != 0 else {
            throw Failure(reason: "swscale cannot read pixel format \(Self.name(of: source.format))")
        }
        scaler = sws_getCachedContext(
            scaler, Int32(width), Int32(height), sourceFormat,
            Int32(width), Int32(height), AV_PIX_FMT_YUV420P,
            SWS_BILINEAR | SWS_ACCURATE_RND, nil, nil, nil)
        guard let scaler else {
            throw Failure(reason: "swscale cannot convert \(Self.name(of: source.format)) to yuv420p")
        }
        let full: Int32 = colorimetry.range == .full ? 1 : 0
        // 0, 1<<16, 1<<16: brightness, contrast and saturation left as they are.
        _ = sws_setColorspaceDetails(
            scaler, colorimetry.swscaleCoefficients, full,
            colorimetry.swscaleCoefficients, full, 0, 1 << 16, 1 << 16)

        let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
        var luma = [UInt8](repeating: 0, count: width * height)
        var cb = [UInt8](repeating: 0, count: cw * ch)
        var cr = [UInt8](repeating: 0, count: cw * ch)
        let sourcePlanes: [UnsafePointer<UInt8>?] = [source.data.0, source.data.1, source.data.2, source.data.3]
            .map { $0.map { UnsafePointer($0) } }
        let sourceStrides = [source.linesize.0, source.linesize.1, source.linesize.2, source.linesize.3]
        let destinationStrides: [Int32] = [Int32(width), Int32(cw), Int32(cw), 0]
        let rows = luma.withUnsafeMutableBufferPointer { y in
            cb.withUnsafeMutableBufferPointer { u in
                cr.withUnsafeMutableBufferPointer { v in
                    let destination = [y.baseAddress, u.baseAddress, v.baseAddress, nil]
                    return sws_scale(
                        scaler, sourcePlanes, sourceStrides, 0, Int32(height), destination, destinationStrides)
                }
            }
        }
        guard rows == Int32(height) else { throw Failure(reason: "swscale converted \(rows) of \(height) rows") }
        return try packed(.i420, width, height, [luma, cb, cr])
    }

    /// Rows of one plane, packed; nil pointers and negative strides (bottom-up pictures) are refused.
    private func copy(_ base: UnsafeMutablePointer<UInt8>?, stride: Int, rowBytes: Int, rows: Int) throws(Failure)
        -> [UInt8]
    {
        guard let base, stride >= rowBytes else {
            throw Failure(reason: "a plane with stride \(stride) for \(rowBytes) bytes")
        }
        var out = [UInt8](repeating: 0, count: rowBytes * rows)
        out.withUnsafeMutableBytes { raw in
            guard let destination = raw.baseAddress else { return }
            for row in 0..<rows {
                (destination + row * rowBytes).copyMemory(from: base + row * stride, byteCount: rowBytes)
            }
        }
        return out
    }

    private func packed(_ format: PixelFormat, _ width: Int, _ height: Int, _ planes: [[UInt8]]) throws(Failure)
        -> PixelBuffer
    {
        let rowBytes = format.planes.indices.map {
            format.planeSize($0, width: width, height: height).width * format.planes[$0].bytesPerSample
        }
        do {
            return try PixelBuffer(
                width: width, height: height, format: format,
                planes: zip(planes, rowBytes).map { PixelBuffer.Plane(bytes: $0, bytesPerRow: $1) })
        } catch {
            throw Failure(reason: error.description)
        }
    }

    static func name(of pixelFormat: Int32) -> String {
        guard let name = av_get_pix_fmt_name(AVPixelFormat(rawValue: pixelFormat)) else { return "#\(pixelFormat)" }
        return String(cString: name)
    }
}
