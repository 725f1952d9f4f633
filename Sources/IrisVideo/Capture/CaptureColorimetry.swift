import CV4L2
import IrisCore

/// Maps V4L2's colour fields (colorspace, ycbcr_enc, quantization) to Iris's `Colorimetry`, following
/// the kernel's V4L2_MAP_YCBCR_ENC_DEFAULT and V4L2_MAP_QUANTIZATION_DEFAULT rules for "default".
public enum CaptureColorimetry {
    public static func colorimetry(colorspace: UInt32, ycbcrEncoding: UInt32, quantization: UInt32) -> Colorimetry {
        Colorimetry(
            matrix: matrix(colorspace: colorspace, ycbcrEncoding: ycbcrEncoding),
            range: range(colorspace: colorspace, ycbcrEncoding: ycbcrEncoding, quantization: quantization))
    }

    static func matrix(colorspace: UInt32, ycbcrEncoding: UInt32) -> YCbCrMatrix {
        switch ycbcrEncoding {
        case V4L2_YCBCR_ENC_601.rawValue, V4L2_YCBCR_ENC_XV601.rawValue: return .bt601
        case V4L2_YCBCR_ENC_709.rawValue, V4L2_YCBCR_ENC_XV709.rawValue: return .bt709
        case V4L2_YCBCR_ENC_BT2020.rawValue, V4L2_YCBCR_ENC_BT2020_CONST_LUM.rawValue: return .bt2020
        case V4L2_YCBCR_ENC_SMPTE240M.rawValue: return .bt709  // nearest Iris has
        default:  // V4L2_YCBCR_ENC_DEFAULT: implied by the colorspace
            switch colorspace {
            case V4L2_COLORSPACE_REC709.rawValue, V4L2_COLORSPACE_DCI_P3.rawValue, V4L2_COLORSPACE_SMPTE240M.rawValue:
                return .bt709
            case V4L2_COLORSPACE_BT2020.rawValue: return .bt2020
            default: return .bt601  // SMPTE170M, sRGB, JPEG, opRGB, 470M/BG, raw
            }
        }
    }

    static func range(colorspace: UInt32, ycbcrEncoding: UInt32, quantization: UInt32) -> YCbCrRange {
        switch quantization {
        case V4L2_QUANTIZATION_FULL_RANGE.rawValue: return .full
        case V4L2_QUANTIZATION_LIM_RANGE.rawValue: return .video
        default:  // default: full only for JPEG's colorspace (Y'CbCr formats)
            return colorspace == V4L2_COLORSPACE_JPEG.rawValue ? .full : .video
        }
    }
}
