/// Which libcamera camera a source names: `libcamera:0` (the first camera libcamera lists) or
/// `libcamera:<id>` (its id, as `iris devices` prints it: `libcamera:platform/vimc.0 Sensor B`).
///
///     let selector = LibcameraSelector(sourcePath: "libcamera:0")   // .index(0)
public enum LibcameraSelector: Sendable, Equatable, CustomStringConvertible {
    case index(Int)
    case id(String)

    public static let scheme = "libcamera:"

    /// nil unless the path starts with `libcamera:`; `libcamera:` alone is the first camera.
    public init?(sourcePath path: String) {
        guard path.hasPrefix(Self.scheme) else { return nil }
        let rest = String(path.dropFirst(Self.scheme.count))
        if rest.isEmpty {
            self = .index(0)
        } else if let index = Int(rest), index >= 0 {
            self = .index(index)
        } else {
            self = .id(rest)
        }
    }

    public var description: String {
        switch self {
        case let .index(i): "\(i)"
        case let .id(id): id
        }
    }

    /// The camera among `cameras` this selects, nil when none does.
    func pick(_ cameras: [LibcameraCameraDescription]) -> LibcameraCameraDescription? {
        switch self {
        case let .index(i): i < cameras.count ? cameras[i] : nil
        case let .id(id): cameras.first { $0.id == id }
        }
    }
}
