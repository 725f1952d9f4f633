/// The still-image file formats Iris reads and writes.
///
///     StillImageFormat(extensionOf: "out.JPG")   // .jpeg
public enum StillImageFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case png, jpeg

    /// The format whose signature starts `bytes`, or nil; content decides, not the file's name.
    public init?(magicBytes bytes: some Collection<UInt8>) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
            return
        }
        // SOI followed by the first marker's 0xFF.
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
            return
        }
        return nil
    }

    /// The format named by the path's extension (.png, .jpg, .jpeg, any case), or nil.
    public init?(extensionOf path: String) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        default: return nil
        }
    }

    /// Every file extension `init(extensionOf:)` recognises, lowercase.
    public static let fileExtensions: Set<String> = ["png", "jpg", "jpeg"]

    public var description: String { rawValue.uppercased() }
}
