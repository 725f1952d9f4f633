/// A ground-truth file that cannot be used, naming the file and, where it helps, the frame or line.
public enum TruthFileError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    /// Not the format it claims, or a field of the wrong shape.
    case malformed(path: String, detail: String)
    case unsupportedVersion(path: String, version: Int)
    /// Well formed, but it contradicts itself (frames out of order, a corner missing, a size of 0).
    case inconsistent(path: String, detail: String)
    /// A frame number (or frame count, `line` where the file has lines) past the most frames a truth file
    /// may describe, `limit` (`ClipTruth.maximumFrameCount`): refused before any per-frame storage is made.
    case frameOutOfRange(path: String, line: Int?, frame: Int, limit: Int)

    public var path: String {
        switch self {
        case let .unreadable(path, _), let .malformed(path, _), let .unsupportedVersion(path, _),
            let .inconsistent(path, _),
            let .frameOutOfRange(path, _, _, _):
            path
        }
    }

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "\(path): cannot read the ground truth (\(reason))"
        case let .malformed(path, detail): "\(path): not a ground-truth file Iris reads (\(detail))"
        case let .unsupportedVersion(path, version):
            "\(path): ground-truth version \(version) is newer than this Iris reads (1)"
        case let .inconsistent(path, detail): "\(path): \(detail)"
        case let .frameOutOfRange(path, line, frame, limit):
            "\(path): \(line.map { "line \($0): " } ?? "")frame \(frame) is past the \(limit) frames a truth file may describe "
                + "(check the frame column; split a longer clip)"
        }
    }
}

extension TruthFileError {
    /// A word read from a truth file, fit to repeat in a message: a short name of letters, digits, `-` and
    /// `_` in quotes (a misspelt label is worth showing), anything else only described, so an error never
    /// echoes what a file that is not truth at all holds.
    static func quotedWord(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
        }
        return plain && !word.isEmpty && word.count <= 32 ? "\"\(word)\"" : "of \(word.count) characters"
    }
}
