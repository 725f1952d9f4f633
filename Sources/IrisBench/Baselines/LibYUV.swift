import CYUV
import IrisCore

/// libyuv's conversions, for the steps it does exactly: baselines for benchmarks and a reference for tests.
/// libyuv names formats by little-endian words: its "ARGB" is B,G,R,A in memory (Iris's `bgra8`) and its
/// "ABGR" is R,G,B,A (Iris's `rgba8`); `PixelFormatInfo.libyuvFourCC` holds each format's libyuv name.
///
///     let bgra = try LibYUV.convert(frame.buffer, colorimetry: frame.colorimetry, to: .bgra8)
public enum LibYUV {
    /// Y'CbCr (NV12, NV21, I420; YUYV in BT.601 video range only) → RGBA8 or BGRA8 with the
    /// colorimetry's matrix and range.
    public static func convert(
        _ source: PixelBuffer, colorimetry: Colorimetry = .default,
        to format: PixelFormat = .bgra8
    ) throws(LibYUVError) -> PixelBuffer {
        guard format == .bgra8 || format == .rgba8 else { throw .unsupported(from: source.format, to: format) }
        // libyuv writes every byte, and a caller of it would not zero the destination first.
        var out = PixelBuffer(uninitializedWidth: source.width, height: source.height, format: format)
        let dstStride = Int32(out.planes[0].bytesPerRow)
        let (w, h) = (Int32(source.width), Int32(source.height))
        // R/B-swapped output: swap chroma and use the mirrored (Yvu) constants, as libyuv's own
        // NV12ToABGRMatrix macro does.
        let swapped = format == .rgba8
        let constants = matrixConstants(colorimetry, mirrored: swapped)
        let p = source.planes
        let status: Int32 = withAligned(constants) { k in
            out.planes[0].bytes.withUnsafeMutableBufferPointer { dst -> Int32 in
                let d = dst.baseAddress
                switch source.format {
                case .nv12, .nv21:
                    return p[0].withUnsafeBufferPointer { y in
                        p[1].withUnsafeBufferPointer { uv in
                            let asNV21 = (source.format == .nv21) != swapped
                            return asNV21
                                ? NV21ToARGBMatrix(
                                    y.baseAddress, Int32(p[0].bytesPerRow), uv.baseAddress, Int32(p[1].bytesPerRow), d,
                                    dstStride, k, w, h)
                                : NV12ToARGBMatrix(
                                    y.baseAddress, Int32(p[0].bytesPerRow), uv.baseAddress, Int32(p[1].bytesPerRow), d,
                                    dstStride, k, w, h)
                        }
                    }
                case .i420:
                    return p[0].withUnsafeBufferPointer { y in
                        p[1].withUnsafeBufferPointer { u in
                            p[2].withUnsafeBufferPointer { v in
                                let (first, second) = swapped ? (v, u) : (u, v)
                                let (s1, s2) =
                                    swapped
                                    ? (p[2].bytesPerRow, p[1].bytesPerRow) : (p[1].bytesPerRow, p[2].bytesPerRow)
                                return I420ToARGBMatrix(
                                    y.baseAddress, Int32(p[0].bytesPerRow), first.baseAddress, Int32(s1),
                                    second.baseAddress, Int32(s2), d, dstStride, k, w, h)
                            }
                        }
                    }
                case .yuyv:
                    // libyuv has YUY2 → ARGB for BT.601 video range only.
                    guard colorimetry == .default else { return -2 }
                    return p[0].withUnsafeBufferPointer { yuyv in
                        YUY2ToARGB(yuyv.baseAddress, Int32(p[0].bytesPerRow), d, dstStride, w, h)
                    }
                case .rgba8, .bgra8, .rgb8, .bgr8, .bgrx8:
                    return -1
                }
            }
        }
        if source.format == .yuyv && swapped && status == 0 {
            // libyuv has no mirrored YUY2 entry point; swap R and B afterwards (exact).
            try swapRedBlue(&out)
        }
        guard status == 0 else {
            if !source.format.isYCbCr || status == -2 { throw .unsupported(from: source.format, to: format) }
            throw .failed(
                function: "\(source.format.info.libyuvFourCC)To\(format.info.libyuvFourCC)", status: Int(status))
        }
        return out
    }

    /// NV12 → libyuv "ARGB" (B,G,R,A bytes): the benchmark's baseline for the first pass of a camera frame.
    public static func nv12ToARGB(_ source: PixelBuffer, colorimetry: Colorimetry = .default) throws(LibYUVError)
        -> PixelBuffer
    {
        guard source.format == .nv12 else { throw .unsupported(from: source.format, to: .bgra8) }
        return try convert(source, colorimetry: colorimetry, to: .bgra8)
    }

    /// RGBA8 ↔ BGRA8: swaps bytes 0 and 2 of every pixel (exact).
    public static func swappingRedBlue(_ source: PixelBuffer) throws(LibYUVError) -> PixelBuffer {
        guard source.format == .rgba8 || source.format == .bgra8 else {
            throw .unsupported(from: source.format, to: source.format == .rgba8 ? .bgra8 : .rgba8)
        }
        var out = source
        try swapRedBlue(&out)
        return PixelBuffer(retagging: out, as: source.format == .rgba8 ? .bgra8 : .rgba8)
    }

    /// BGRA (or RGBA) to BT.601 video-range I420 with libyuv's ARGBToI420 (ABGRToI420): what the recorder
    /// did to every rendered picture before renders wrote the encoder's planes themselves.
    public static func rgbaToI420(_ source: PixelBuffer) throws(LibYUVError) -> PixelBuffer {
        guard source.format == .bgra8 || source.format == .rgba8 else {
            throw .unsupported(from: source.format, to: .i420)
        }
        var out = PixelBuffer(width: source.width, height: source.height, format: .i420)
        let strides = out.planes.map { Int32($0.bytesPerRow) }
        let (w, h) = (Int32(source.width), Int32(source.height))
        let status = source.planes[0].withUnsafeBufferPointer { rgba in
            EncoderPlaneConverter.withPlanePointers(&out) { planes in
                // libyuv's "ARGB" is B, G, R, A in memory (bgra8); its "ABGR" is rgba8.
                (source.format == .bgra8 ? ARGBToI420 : ABGRToI420)(
                    rgba.baseAddress, Int32(source.planes[0].bytesPerRow), planes[0], strides[0], planes[1],
                    strides[1], planes[2], strides[2], w, h)
            }
        }
        guard status == 0 else { throw .failed(function: "ARGBToI420", status: Int(status)) }
        return out
    }

    /// Copies every plane with libyuv's CopyPlane (its SIMD memcpy).
    public static func copy(_ source: PixelBuffer) -> PixelBuffer {
        var out = PixelBuffer(width: source.width, height: source.height, format: source.format)
        for i in source.planes.indices {
            let (pw, ph) = source.format.planeSize(i, width: source.width, height: source.height)
            let rowBytes = Int32(pw * source.format.planes[i].bytesPerSample)
            let srcStride = Int32(source.planes[i].bytesPerRow), dstStride = Int32(out.planes[i].bytesPerRow)
            source.planes[i].withUnsafeBufferPointer { src in
                out.planes[i].bytes.withUnsafeMutableBufferPointer { dst in
                    CopyPlane(src.baseAddress, srcStride, dst.baseAddress, dstStride, rowBytes, Int32(ph))
                }
            }
        }
        return out
    }

    private static func swapRedBlue(_ buffer: inout PixelBuffer) throws(LibYUVError) {
        let stride = Int32(buffer.planes[0].bytesPerRow), (w, h) = (Int32(buffer.width), Int32(buffer.height))
        let status = buffer.planes[0].bytes.withUnsafeMutableBufferPointer { p in
            // In place is allowed: libyuv's row functions read each pixel before writing it.
            ABGRToARGB(p.baseAddress, stride, p.baseAddress, stride, w, h)
        }
        guard status == 0 else { throw .failed(function: "ABGRToARGB", status: Int(status)) }
    }

    /// libyuv's AVX2 rows load the constants with aligned 32-byte moves, and a Swift copy of the C global
    /// (which is what `withUnsafePointer(to:)` hands over) has no such alignment.
    private static func withAligned<R>(_ constants: YuvConstants, _ body: (UnsafePointer<YuvConstants>) -> R) -> R {
        let storage = UnsafeMutablePointer<YuvConstants>(
            UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<YuvConstants>.size, alignment: 64)
                .bindMemory(to: YuvConstants.self, capacity: 1))
        storage.initialize(to: constants)
        defer { storage.deallocate() }
        return body(storage)
    }

    /// libyuv's constant tables; `mirrored` gives the Yvu tables that produce R/B-swapped output.
    private static func matrixConstants(_ c: Colorimetry, mirrored: Bool) -> YuvConstants {
        switch (c.matrix, c.range, mirrored) {
        case (.bt601, .video, false): return kYuvI601Constants
        case (.bt601, .full, false): return kYuvJPEGConstants
        case (.bt709, .video, false): return kYuvH709Constants
        case (.bt709, .full, false): return kYuvF709Constants
        case (.bt2020, .video, false): return kYuv2020Constants
        case (.bt2020, .full, false): return kYuvV2020Constants
        case (.bt601, .video, true): return kYvuI601Constants
        case (.bt601, .full, true): return kYvuJPEGConstants
        case (.bt709, .video, true): return kYvuH709Constants
        case (.bt709, .full, true): return kYvuF709Constants
        case (.bt2020, .video, true): return kYvu2020Constants
        case (.bt2020, .full, true): return kYvuV2020Constants
        }
    }
}

/// Why a libyuv conversion could not run.
public enum LibYUVError: Error, Equatable, CustomStringConvertible {
    case unsupported(from: PixelFormat, to: PixelFormat)
    case failed(function: String, status: Int)

    public var description: String {
        switch self {
        case let .unsupported(f, t): return "libyuv baseline cannot convert \(f) to \(t)"
        case let .failed(f, s): return "libyuv \(f) failed with status \(s)"
        }
    }
}

extension PixelBuffer {
    /// The same bytes under another 4-byte format name (after an R/B swap).
    fileprivate init(retagging buffer: PixelBuffer, as format: PixelFormat) {
        self.init(width: buffer.width, height: buffer.height, format: format)
        planes = buffer.planes
    }
}
