import CLibcamera
import IrisCore

/// One camera as libcamera lists it: its id, model and location, the formats of its video stream and its
/// controls. `iris devices` prints these; `--source libcamera:N` opens the Nth.
///
///     for camera in try LibcameraCameraDescription.all() { print(camera.id, camera.model) }
public struct LibcameraCameraDescription: Sendable {
    public enum Location: String, Sendable {
        case front, back, external, unknown
    }

    /// libcamera's camera id ("platform/vimc.0 Sensor B", "/base/soc/i2c0mux/i2c@1/imx708@1a" on a Pi).
    public let id: String
    /// The sensor's model ("imx708"), "" when the pipeline does not say.
    public let model: String
    public let location: Location
    /// The sensor's pixel array, nil when the pipeline does not say.
    public let pixelArraySize: (width: Int, height: Int)?
    public let formats: [LibcameraStreamFormat]
    public let controls: [LibcameraControl]

    /// Every camera libcamera finds, in its order (the order `libcamera:N` counts in).
    public static func all() throws(LibcameraError) -> [LibcameraCameraDescription] {
        let hold = try LibcameraManagerHold()
        return withExtendedLifetime(hold) { describeAll() }
    }

    /// libcamera's version at run time ("v0.0.3") and the one the shim was built against ("0.0.3").
    public static var versions: (runtime: String, built: String) {
        var text = [CChar](repeating: 0, count: 64)
        clc_version(&text, Int32(text.count))
        let v = Int(clc_header_version())
        return (CText.string(text), "\(v / 10000).\(v / 100 % 100).\(v % 100)")
    }

    /// Needs a manager hold.
    static func describeAll() -> [LibcameraCameraDescription] {
        let count = Int(clc_cameras(nil, 0))
        guard count > 0 else { return [] }
        var infos = [clc_camera_info](repeating: clc_camera_info(), count: count)
        let listed = min(count, Int(clc_cameras(&infos, Int32(count))))
        return infos.prefix(listed).map(describe)
    }

    private static func describe(_ info: clc_camera_info) -> LibcameraCameraDescription {
        let id = CText.string(info.id)
        let location: Location =
            switch info.location {
            case 0: .front
            case 1: .back
            case 2: .external
            default: .unknown
            }
        return LibcameraCameraDescription(
            id: id, model: CText.string(info.model), location: location,
            pixelArraySize: info.pixel_array_width > 0
                ? (Int(info.pixel_array_width), Int(info.pixel_array_height)) : nil,
            formats: streamFormats(id), controls: LibcameraControl.all(cameraID: id))
    }

    private static func streamFormats(_ id: String) -> [LibcameraStreamFormat] {
        var formats = [clc_stream_format](repeating: clc_stream_format(), count: 64)
        var error = [CChar](repeating: 0, count: 256)
        let count = Int(clc_stream_formats(id, &formats, Int32(formats.count), &error, Int32(error.count)))
        return formats.prefix(max(0, min(count, formats.count))).map(LibcameraStreamFormat.init)
    }
}

/// One pixel format of a camera's video stream with the sizes it comes in.
public struct LibcameraStreamFormat: Sendable, CustomStringConvertible {
    /// libcamera's PixelFormat is a DRM FourCC ("RG24" is libcamera's RGB888: bytes B, G, R).
    public let drmFourCC: FourCC
    /// Iris's format for it, nil when Iris cannot read it (raw Bayer, compressed).
    public var pixelFormat: PixelFormat? { PixelFormatTable.row(drm: drmFourCC)?.format }
    public let minimumSize: (width: Int, height: Int)
    public let maximumSize: (width: Int, height: Int)
    /// The step between sizes, (0, 0) when only listed sizes are offered.
    public let step: (width: Int, height: Int)

    init(_ f: clc_stream_format) {
        drmFourCC = FourCC(code: f.fourcc)
        minimumSize = (Int(f.min_width), Int(f.min_height))
        maximumSize = (Int(f.max_width), Int(f.max_height))
        step = (Int(f.width_step), Int(f.height_step))
    }

    public var description: String {
        let name = pixelFormat.map { " (\($0))" } ?? " (not readable by Iris)"
        return
            "\(drmFourCC)\(name) \(minimumSize.width)x\(minimumSize.height)…\(maximumSize.width)x\(maximumSize.height)"
            + (step.width > 0 ? " step \(step.width),\(step.height)" : "")
    }
}
