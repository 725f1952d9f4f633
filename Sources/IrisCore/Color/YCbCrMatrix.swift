/// The luma coefficients of a Y'CbCr encoding. This is the one definition of each matrix; both renderers
/// read the conversion from `Colorimetry.rgbFromYCbCr`.
public enum YCbCrMatrix: String, Sendable, CaseIterable, Codable {
    case bt601, bt709, bt2020

    /// (Kr, Kb); Kg = 1 − Kr − Kb.
    public var lumaCoefficients: (kr: Double, kb: Double) {
        switch self {
        case .bt601: return (0.299, 0.114)
        case .bt709: return (0.2126, 0.0722)
        case .bt2020: return (0.2627, 0.0593)
        }
    }
}

/// Whether code values span the video (studio, 16–235/240) or the full (0–255) range.
public enum YCbCrRange: String, Sendable, CaseIterable, Codable {
    case video, full
}

/// How a Y'CbCr frame's code values map to R'G'B'.
///
///     let c = Colorimetry(matrix: .bt709, range: .video)
public struct Colorimetry: Sendable, Hashable, Codable, CustomStringConvertible {
    public var matrix: YCbCrMatrix
    public var range: YCbCrRange
    public init(matrix: YCbCrMatrix, range: YCbCrRange) {
        self.matrix = matrix
        self.range = range
    }

    /// What V4L2 and most cameras assume for SD content when they say nothing.
    public static let `default` = Colorimetry(matrix: .bt601, range: .video)

    /// The affine map from normalised code values (Y, Cb, Cr in 0…1, as a texture samples them) to
    /// non-linear R'G'B': rgb = m · (y, cb, cr) + offset. Row-major 3×3 matrix.
    public var rgbFromYCbCr: (matrix: [Float], offset: SIMD3<Float>) {
        let (kr, kb) = matrix.lumaCoefficients
        let kg = 1 - kr - kb
        // Scale from code values to Y in 0…1 and Cb/Cr in −0.5…0.5.
        let yScale: Double, cScale: Double, yOffset: Double
        switch range {
        case .video:
            yScale = 255.0 / 219.0
            cScale = 255.0 / 224.0
            yOffset = 16.0 / 255.0
        case .full:
            yScale = 1
            cScale = 1
            yOffset = 0
        }
        let cOffset = 128.0 / 255.0
        // R = Y + 2(1−Kr)·Cr; B = Y + 2(1−Kb)·Cb; G = (Y − Kr·R − Kb·B)/Kg
        let rCr = 2 * (1 - kr), bCb = 2 * (1 - kb)
        let gCb = -kb * bCb / kg, gCr = -kr * rCr / kg
        let m: [Double] = [
            yScale, 0, rCr * cScale,
            yScale, gCb * cScale, gCr * cScale,
            yScale, bCb * cScale, 0
        ]
        let off = SIMD3<Double>(
            -yScale * yOffset - rCr * cScale * cOffset,
            -yScale * yOffset - (gCb + gCr) * cScale * cOffset,
            -yScale * yOffset - bCb * cScale * cOffset)
        return (m.map(Float.init), SIMD3<Float>(Float(off.x), Float(off.y), Float(off.z)))
    }

    /// The affine map from non-linear R'G'B' (0…1) to normalised code values (Y, Cb, Cr over 255): the
    /// inverse of `rgbFromYCbCr`, which the encoder planes (both renderers) and the recorder write with.
    /// Row-major 3×3 matrix; rows are Y, Cb, Cr.
    public var ycbcrFromRGB: (matrix: [Float], offset: SIMD3<Float>) {
        let (kr, kb) = matrix.lumaCoefficients
        let kg = 1 - kr - kb
        // Y' spans 219 codes and Cb, Cr 224 in video range; both 255 in full range. Cb, Cr sit at 128.
        let (yScale, cScale, yOffset): (Double, Double, Double) =
            range == .video ? (219.0 / 255.0, 224.0 / 255.0, 16.0 / 255.0) : (1, 1, 0)
        let cOffset = 128.0 / 255.0
        // Cb = (B' − Y')/(2(1−Kb)), Cr = (R' − Y')/(2(1−Kr)), each before scaling.
        let cb = 1 / (2 * (1 - kb)), cr = 1 / (2 * (1 - kr))
        let m: [Double] = [
            yScale * kr, yScale * kg, yScale * kb,
            -cScale * cb * kr, -cScale * cb * kg, cScale * cb * (1 - kb),
            cScale * cr * (1 - kr), -cScale * cr * kg, -cScale * cr * kb
        ]
        return (m.map(Float.init), SIMD3<Float>(Float(yOffset), Float(cOffset), Float(cOffset)))
    }

    public var description: String { "\(matrix.rawValue)-\(range.rawValue)" }
}
