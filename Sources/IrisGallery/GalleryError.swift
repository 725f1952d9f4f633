/// Why a gallery could not be written: the folder, the contact sheet or the index, named with the cause. A
/// filter that fails to render is not an error; the report lists it.
public enum GalleryError: Error, Equatable, CustomStringConvertible {
    case output(path: String, reason: String)

    public var description: String {
        switch self {
        case let .output(path, reason): return "cannot write \(path): \(reason)"
        }
    }
}
