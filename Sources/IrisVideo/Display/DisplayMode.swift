import CDRM

/// One display mode a connector offers (a `drmModeModeInfo`): size, refresh rate, and whether it is the
/// display's preferred one.
public struct DisplayMode: Sendable, Equatable, CustomStringConvertible {
    public let name: String
    public let width: Int
    public let height: Int
    /// Vertical refresh in Hz, from the pixel clock and totals.
    public let refresh: Double
    public let preferred: Bool
    public let interlaced: Bool
    let info: drmModeModeInfo

    init(_ info: drmModeModeInfo) {
        self.info = info
        var raw = info.name
        name = withUnsafeBytes(of: &raw) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        width = Int(info.hdisplay)
        height = Int(info.vdisplay)
        interlaced = info.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0
        let total = Double(info.htotal) * Double(info.vtotal)
        refresh =
            total > 0
            ? (Double(info.clock) * 1000 / total * (interlaced ? 2 : 1) * 100).rounded() / 100 : Double(info.vrefresh)
        preferred = info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0
    }

    /// A mode made up from numbers (tests, mode-choice rules): blanking-free timings at `refresh` Hz.
    init(width: Int, height: Int, refresh: Double = 60, preferred: Bool = false) {
        var info = drmModeModeInfo()
        info.hdisplay = UInt16(width)
        info.vdisplay = UInt16(height)
        info.htotal = UInt16(width)
        info.vtotal = UInt16(height)
        info.clock = UInt32((Double(width * height) * refresh / 1000).rounded())
        info.vrefresh = UInt32(refresh.rounded())
        info.type = preferred ? UInt32(DRM_MODE_TYPE_PREFERRED) : 0
        withUnsafeMutableBytes(of: &info.name) { name in
            for (i, byte) in "\(width)x\(height)".utf8.prefix(name.count - 1).enumerated() { name[i] = byte }
        }
        self.init(info)
    }

    public static func == (a: DisplayMode, b: DisplayMode) -> Bool {
        a.name == b.name && a.width == b.width && a.height == b.height && a.refresh == b.refresh
            && a.preferred == b.preferred && a.info.clock == b.info.clock && a.info.flags == b.info.flags
    }

    /// "1024x768@60.00", and " (preferred)" when it is.
    public var description: String {
        "\(width)x\(height)\(interlaced ? "i" : "")@\(String(format2: refresh))\(preferred ? " (preferred)" : "")"
    }
}

/// What `--mode WxH[@Hz]` asks for.
public struct ModeRequest: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var refresh: Double?

    public init(width: Int, height: Int, refresh: Double? = nil) {
        self.width = width
        self.height = height
        self.refresh = refresh
    }

    /// Parses "640x480" or "640x480@60"; nil when the text is neither.
    public init?(_ text: String) {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), w > 0, h > 0 else { return nil }
        var rate: Double?
        if parts.count == 2 {
            guard let r = Double(parts[1]), r > 0 else { return nil }
            rate = r
        }
        self.init(width: w, height: h, refresh: rate)
    }

    public func matches(_ mode: DisplayMode) -> Bool {
        mode.width == width && mode.height == height && (refresh.map { abs($0 - mode.refresh) < 0.5 } ?? true)
    }

    public var description: String { "\(width)x\(height)" + (refresh.map { "@\(String(format2: $0))" } ?? "") }
}
