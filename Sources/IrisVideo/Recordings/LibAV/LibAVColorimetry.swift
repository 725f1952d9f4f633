import CAV
import IrisCore

extension Colorimetry {
    /// The colorimetry libav reports for a decoded picture. Unspecified matrices are BT.601, as V4L2 assumes
    /// for cameras; an unspecified range is full for the "J" pixel formats (MJPEG's) and video otherwise.
    init(libavSpace space: AVColorSpace, range: AVColorRange, pixelFormat: Int32) {
        let matrix: YCbCrMatrix
        switch space {
        case AVCOL_SPC_BT709, AVCOL_SPC_SMPTE240M: matrix = .bt709
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: matrix = .bt2020
        default: matrix = .bt601
        }
        let fullRangeFormats = [
            AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P,
            AV_PIX_FMT_YUVJ411P
        ].map(\.rawValue)
        switch range {
        case AVCOL_RANGE_JPEG: self.init(matrix: matrix, range: .full)
        case AVCOL_RANGE_MPEG: self.init(matrix: matrix, range: .video)
        default: self.init(matrix: matrix, range: fullRangeFormats.contains(pixelFormat) ? .full : .video)
        }
    }

    /// swscale's coefficient table for this matrix.
    var swscaleCoefficients: UnsafePointer<Int32>? {
        switch matrix {
        case .bt601: return sws_getCoefficients(SWS_CS_ITU601)
        case .bt709: return sws_getCoefficients(SWS_CS_ITU709)
        case .bt2020: return sws_getCoefficients(SWS_CS_BT2020)
        }
    }
}
