import CV4L2
import IrisCore

/// A format the device offers, with its frame sizes.
public struct OfferedFormat: Sendable, CustomStringConvertible {
    /// The V4L2 FourCC ("NV12", "BA81").
    public let fourCC: FourCC
    public let name: String
    /// Whether the driver compresses (MJPEG, H.264).
    public let compressed: Bool
    public let sizes: FrameSizes

    /// The V4L2 code (`fourCC.code`), as the frame-size and frame-rate queries take it.
    public var code: UInt32 { fourCC.code }

    /// The matching Iris format, or nil for formats Iris does not stream.
    public var captureFormat: CaptureFormat? { CaptureFormat(code: code) }
    public var description: String { "\(fourCC) (\(name))" }

    /// A sensor's raw Bayer mosaic (BA81, RG10, pRAA…): frames for an ISP (libcamera's), not for Iris.
    public var isRawBayer: Bool {
        name.contains("Bayer") || Self.bayerFourCCs.contains(fourCC.description)
    }

    static let bayerFourCCs: Set<String> = [
        "BA81", "GBRG", "GRBG", "RGGB", "BG10", "GB10", "BA10", "RG10", "pBAA", "pGAA", "pgAA", "pRAA",
        "BG12", "GB12", "BA12", "RG12", "pBCC", "pGCC", "pgCC", "pRCC", "BYR2", "GB16", "GR16", "RG16"
    ]
}

/// The frame sizes of one format: a list, or a range with steps.
public enum FrameSizes: Sendable, Equatable, CustomStringConvertible {
    case discrete([Size])
    case stepwise(min: Size, max: Size, stepWidth: Int, stepHeight: Int)
    case unknown

    public struct Size: Sendable, Hashable, CustomStringConvertible {
        public let width: Int, height: Int
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
        public var description: String { "\(width)x\(height)" }
    }

    /// The offered size nearest to the wanted one (by the difference in width and height).
    public func nearest(width: Int, height: Int) -> Size? {
        switch self {
        case .discrete(let sizes):
            return sizes.min {
                abs($0.width - width) + abs($0.height - height) < abs($1.width - width) + abs($1.height - height)
            }
        case let .stepwise(lo, hi, sw, sh):
            func fit(_ v: Int, _ a: Int, _ b: Int, _ s: Int) -> Int {
                let c = min(max(v, a), b)
                return s > 1 ? a + (c - a) / s * s : c
            }
            return Size(width: fit(width, lo.width, hi.width, sw), height: fit(height, lo.height, hi.height, sh))
        case .unknown:
            return nil
        }
    }

    public var description: String {
        switch self {
        case .discrete(let sizes): return sizes.map(\.description).joined(separator: " ")
        case let .stepwise(lo, hi, sw, sh): return "\(lo)–\(hi) step \(sw)/\(sh)"
        case .unknown: return "(sizes not enumerable)"
        }
    }
}

/// The frame intervals of one format and size, as frame rates.
public enum FrameRates: Sendable, Equatable, CustomStringConvertible {
    case discrete([Double])
    case range(min: Double, max: Double)
    case unknown

    public var description: String {
        func f(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(format2: v) }
        switch self {
        case .discrete(let rates): return rates.map { f($0) }.joined(separator: " ") + " fps"
        case let .range(lo, hi): return "\(f(lo))–\(f(hi)) fps"
        case .unknown: return "(rates not enumerable)"
        }
    }
}

extension String {
    init(format2 v: Double) { self = String(Double(Int((v * 100).rounded())) / 100) }
}

/// The format a device agreed to: what Iris asked for and what the driver set (it may round the size).
public struct NegotiatedFormat: Sendable, CustomStringConvertible {
    public let format: CaptureFormat
    public let width: Int
    public let height: Int
    /// Bytes per row of the first plane, as the driver laid it out.
    public let bytesPerLine: Int
    /// Bytes of one whole frame in a buffer.
    public let sizeImage: Int
    public let colorimetry: Colorimetry
    /// The raw V4L2 colour fields, for diagnostics.
    public let colorspace: UInt32, ycbcrEncoding: UInt32, quantization: UInt32

    public var description: String { "\(format.fourCC) \(width)x\(height) stride \(bytesPerLine) \(colorimetry)" }
}

extension VideoDevice {
    /// The device's capture formats with their frame sizes.
    public func formats() -> [OfferedFormat] {
        var result: [OfferedFormat] = []
        for index in 0..<256 {
            var desc = v4l2_fmtdesc()
            desc.index = UInt32(index)
            desc.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            if attempt(IRIS_VIDIOC_ENUM_FMT, &desc) != 0 { break }
            result.append(
                OfferedFormat(
                    fourCC: FourCC(code: desc.pixelformat),
                    name: CText.string(desc.description),
                    compressed: desc.flags & UInt32(V4L2_FMT_FLAG_COMPRESSED) != 0,
                    sizes: frameSizes(code: desc.pixelformat)))
        }
        return result
    }

    func frameSizes(code: UInt32) -> FrameSizes {
        var sizes: [FrameSizes.Size] = []
        for index in 0..<512 {
            var e = v4l2_frmsizeenum()
            e.index = UInt32(index)
            e.pixel_format = code
            if attempt(IRIS_VIDIOC_ENUM_FRAMESIZES, &e) != 0 { break }
            if e.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
                let d = iris_v4l2_frmsize_discrete(&e)
                sizes.append(.init(width: Int(d.width), height: Int(d.height)))
            } else {
                let s = iris_v4l2_frmsize_stepwise(&e)
                return .stepwise(
                    min: .init(width: Int(s.min_width), height: Int(s.min_height)),
                    max: .init(width: Int(s.max_width), height: Int(s.max_height)),
                    stepWidth: Int(s.step_width), stepHeight: Int(s.step_height))
            }
        }
        return sizes.isEmpty ? .unknown : .discrete(sizes)
    }

    /// The frame rates the device offers for a format code and size.
    public func frameRates(code: UInt32, width: Int, height: Int) -> FrameRates {
        var rates: [Double] = []
        for index in 0..<256 {
            var e = v4l2_frmivalenum()
            e.index = UInt32(index)
            e.pixel_format = code
            e.width = UInt32(width)
            e.height = UInt32(height)
            if attempt(IRIS_VIDIOC_ENUM_FRAMEINTERVALS, &e) != 0 { break }
            if e.type == V4L2_FRMIVAL_TYPE_DISCRETE.rawValue {
                let f = iris_v4l2_frmival_discrete(&e)
                if f.numerator > 0 { rates.append(Double(f.denominator) / Double(f.numerator)) }
            } else {
                let s = iris_v4l2_frmival_stepwise(&e)
                func rate(_ f: v4l2_fract) -> Double {
                    f.numerator > 0 ? Double(f.denominator) / Double(f.numerator) : 0
                }
                return .range(min: rate(s.max), max: rate(s.min))
            }
        }
        return rates.isEmpty ? .unknown : .discrete(rates)
    }

    /// Picks the first of `preferences` the device offers, the offered size nearest `width`×`height`,
    /// and sets it (VIDIOC_S_FMT). Throws `.unsupportedFormat` when none is offered or the driver
    /// substitutes another format.
    public func negotiate(
        preferences: [CaptureFormat] = CaptureFormat.preferenceOrder,
        width: Int, height: Int
    ) throws(CaptureError) -> NegotiatedFormat {
        let offered = formats()
        let requested = preferences.map(\.fourCC.name)
        guard let (format, offer) = Self.choose(preferences: preferences, offered: offered) else {
            throw .unsupportedFormat(path: path, requested: requested, offered: offered.map(\.fourCC.name))
        }
        let size = offer.sizes.nearest(width: width, height: height) ?? .init(width: width, height: height)
        var f = v4l2_format()
        f.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        do {
            let pix = iris_v4l2_format_pix(&f)!
            pix.pointee.width = UInt32(size.width)
            pix.pointee.height = UInt32(size.height)
            pix.pointee.pixelformat = offer.code
            pix.pointee.field = V4L2_FIELD_NONE.rawValue
        }
        try control(IRIS_VIDIOC_S_FMT, &f, "VIDIOC_S_FMT")
        let got = try currentFormat()
        guard let got, got.format == format else {
            throw .unsupportedFormat(path: path, requested: [format.fourCC.name], offered: offered.map(\.fourCC.name))
        }
        return got
    }

    /// The format now set on the device, or nil if Iris cannot stream it.
    public func currentFormat() throws(CaptureError) -> NegotiatedFormat? {
        var f = v4l2_format()
        f.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        try control(IRIS_VIDIOC_G_FMT, &f, "VIDIOC_G_FMT")
        let pix = iris_v4l2_format_pix(&f)!.pointee
        guard let format = CaptureFormat(code: pix.pixelformat) else { return nil }
        // ycbcr_enc and quantization are only valid when the driver marks the extended fields.
        let extended = pix.priv == UInt32(V4L2_PIX_FMT_PRIV_MAGIC)
        let enc = extended ? pix.ycbcr_enc : 0, quant = extended ? pix.quantization : 0
        return NegotiatedFormat(
            format: format, width: Int(pix.width), height: Int(pix.height),
            bytesPerLine: Int(pix.bytesperline), sizeImage: Int(pix.sizeimage),
            colorimetry: CaptureColorimetry.colorimetry(
                colorspace: pix.colorspace, ycbcrEncoding: enc, quantization: quant),
            colorspace: pix.colorspace, ycbcrEncoding: enc, quantization: quant)
    }

    /// The first preferred format among those offered (pure: the negotiation's policy, testable alone).
    static func choose(preferences: [CaptureFormat], offered: [OfferedFormat]) -> (CaptureFormat, OfferedFormat)? {
        for p in preferences {
            if let o = offered.first(where: { CaptureFormat(code: $0.code) == p }) { return (p, o) }
        }
        return nil
    }
}
