/// Why an output file (a recording, events, metrics, a render, an annotation, a report) cannot be written
/// or put in place. Every case names the path as the user gave it and says what to do; none quotes a
/// file's contents or a raw system error object.
///
///     catch let error as OutputError { print(error) }   // "m.json: is a directory; name a file inside it"
public enum OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path is a directory.
    case isDirectory(path: String)
    /// A node Iris never writes to: a block device (a disk) or a socket.
    case unwritableNode(path: String, kind: String)
    /// A regular file with execute permission, or the running `iris` itself: never replaced.
    case executable(path: String)
    /// The output is one of the run's inputs (same device and inode, whatever the spelling).
    case isInput(path: String, input: String)
    /// The output is also another output of the same run.
    case isOtherOutput(path: String, other: String)
    /// A symbolic link owned by another user in a sticky, world-writable folder (/tmp): following it
    /// would let that user aim Iris's writes at any file.
    case foreignLink(path: String, owner: UInt32)
    /// A symbolic link whose target does not exist.
    case danglingLink(path: String, target: String)
    /// The lock file beside the output is a symbolic link or not a regular file: somebody planted it.
    case lockNotAFile(path: String, lock: String)
    /// Another process holds the output's lock.
    case busy(path: String, holder: String)
    /// The folder the output goes into does not exist (or is not a folder).
    case noDirectory(path: String, directory: String)
    /// The existing file cannot be replaced (immutable, or another user's file in a sticky folder).
    case cannotReplace(path: String, reason: String)
    /// The lock, the temporary file or the stream could not be opened.
    case cannotOpen(path: String, reason: String)
    /// The file system is full; nothing was put in place.
    case diskFull(path: String)
    /// Any other write failure.
    case writeFailed(path: String, reason: String)
    /// The finished file could not be renamed over the output; it is kept under `partial`.
    case notMovedIntoPlace(path: String, partial: String, reason: String)
    /// A stop (a signal) came while waiting for a FIFO's reader, or for a reader that stopped reading.
    case stopped(path: String)

    /// The output the error is about, as the user named it.
    public var path: String {
        switch self {
        case let .isDirectory(path), let .unwritableNode(path, _), let .executable(path), let .isInput(path, _),
            let .isOtherOutput(path, _), let .foreignLink(path, _), let .danglingLink(path, _),
            let .lockNotAFile(path, _),
            let .busy(path, _), let .noDirectory(path, _), let .cannotReplace(path, _), let .cannotOpen(path, _),
            let .diskFull(path), let .writeFailed(path, _), let .notMovedIntoPlace(path, _, _), let .stopped(path):
            return path
        }
    }

    /// The description without the leading "path: ".
    public var reason: String {
        let text = description
        return text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text
    }

    public var description: String {
        switch self {
        case let .isDirectory(path):
            return "\(path): is a directory; name a file inside it"
        case let .unwritableNode(path, kind):
            return "\(path): is \(kind); Iris writes only to regular files, FIFOs and character devices"
        case let .executable(path):
            return "\(path): is an executable program; Iris never replaces one (name another output file)"
        case let .isInput(path, input):
            return
                "\(path): is the same file as the input \(input); writing it would destroy the input (name another output file)"
        case let .isOtherOutput(path, other):
            return "\(path): is also the output \(other); give each output its own file"
        case let .foreignLink(path, owner):
            return "\(path): is a symbolic link owned by another user (uid \(owner)) in a shared folder; "
                + "Iris does not follow it (remove it, or write somewhere only you can)"
        case let .danglingLink(path, target):
            return "\(path): is a symbolic link to \(target), which does not exist; remove the link or create the file"
        case let .lockNotAFile(path, lock):
            return "\(path): its lock file \(lock) is a symbolic link or not a regular file; remove it and try again"
        case let .busy(path, holder):
            return "\(path): another run is writing it (\(holder)); wait for it to end or name another file"
        case let .noDirectory(path, directory):
            return "\(path): the folder \(directory) does not exist; create it first"
        case let .cannotReplace(path, reason):
            return "\(path): the existing file cannot be replaced (\(reason)); name another output file"
        case let .cannotOpen(path, reason):
            return "\(path): cannot be written (\(reason))"
        case let .diskFull(path):
            return "\(path): the disk is full; nothing was put in place (free some space and run again)"
        case let .writeFailed(path, reason):
            return "\(path): writing failed (\(reason))"
        case let .notMovedIntoPlace(path, partial, reason):
            return "\(path): the finished file could not be moved into place (\(reason)); it is kept as \(partial)"
        case let .stopped(path):
            return "\(path): stopped while waiting for the FIFO's reader; what it had not read is lost"
        }
    }
}
