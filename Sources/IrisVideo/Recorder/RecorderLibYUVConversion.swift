import CYUV
import IrisCore

/// The encoder's BT.601 4:2:0 from the rendered RGBA/BGRA, by libyuv: the recorder's fast path for the
/// buffer a preview shows. libyuv converts RGB only with BT.601 (I420: video range, J420: full range);
/// other matrices, and the semi-planar layout of V4L2 M2M encoders, go through libswscale.
enum RecorderLibYUVConversion {
    /// Converts and returns true when libyuv does this exact conversion; false leaves `destination` alone.
    static func convert(
        _ source: PixelBuffer, into destination: RecorderPictureConverter.Destination,
        colorimetry: Colorimetry
    ) -> Bool {
        guard destination.layout == .planar, destination.planes.count == 3, colorimetry.matrix == .bt601,
            source.format == .bgra8 || source.format == .rgba8
        else { return false }
        typealias Conversion = (
            UnsafePointer<UInt8>?, Int32, UnsafeMutablePointer<UInt8>?, Int32,
            UnsafeMutablePointer<UInt8>?, Int32, UnsafeMutablePointer<UInt8>?, Int32, Int32, Int32
        ) -> Int32
        // libyuv names formats by the 32-bit word: its "ARGB" is B, G, R, A in memory (our bgra8).
        let conversion: Conversion
        switch (source.format, colorimetry.range) {
        case (.bgra8, .video): conversion = ARGBToI420
        case (.bgra8, .full): conversion = ARGBToJ420
        case (.rgba8, .video): conversion = ABGRToI420
        default: conversion = ABGRToJ420
        }
        let status = source.planes[0].bytes.withUnsafeBufferPointer { rgba in
            conversion(
                rgba.baseAddress, Int32(source.planes[0].bytesPerRow),
                destination.planes[0], destination.strides[0], destination.planes[1], destination.strides[1],
                destination.planes[2], destination.strides[2], Int32(source.width), Int32(source.height))
        }
        return status == 0
    }
}
