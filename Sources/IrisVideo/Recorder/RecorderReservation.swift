/// A recording's claim on its output path, held from before the first frame until the file is in place.
///
/// The output policy is every output's (`OutputDestination`, `OutputClaim`): frames go to a temporary file
/// beside the output, `.NAME.partial-PID.EXT` (the extension is kept, so a file left by a killed run still
/// opens in any player), which is renamed over the output when the recording finishes — normally, on
/// SIGINT/SIGTERM/SIGHUP, or after a full disk with what was kept. An existing file at the path is
/// untouched until then, and a second writer fails with `outputBusy`. A FIFO or a character device is
/// written in place; a directory, a block device, an executable or another user's link is refused. When
/// the final rename fails the temporary file is kept, and the error names it.
///
///     let reservation = try RecorderReservation(path: "out.mp4")   // before the camera opens
///     let recorder = try Recorder(reservation: reservation, width: 640, height: 480)
public final class RecorderReservation: Sendable {
    /// The output as the caller named it; errors name it.
    public let path: String
    /// Where the file ends up: `path` with the caller's own symbolic links followed, so a link survives.
    public let target: String
    /// The file frames are written to: the temporary file, or `target` when it is written in place.
    public let writingPath: String
    /// Temporary files of earlier runs to this path that were killed before finishing. Each plays up to
    /// about a second before the kill; none is removed or overwritten.
    public let leftovers: [String]
    private let claim: OutputClaim?

    /// Whether frames go to a temporary file that is renamed into place at the end.
    public var isStaged: Bool { claim != nil }

    public init(path: String) throws(RecorderError) {
        self.path = path
        do throws(OutputError) {
            switch try OutputDestination(path: path) {
            case .stream:
                target = path
                writingPath = path
                leftovers = []
                claim = nil
            case let .file(target):
                let claim = try OutputClaim(path: path, target: target)
                self.target = target
                writingPath = claim.partialPath
                leftovers = claim.leftovers
                self.claim = claim
            }
        } catch {
            throw Self.recorderError(error)
        }
    }

    /// Moves the finished file into place (replacing what was there) and gives the path up. `Recorder`
    /// calls it. When the rename fails the temporary file is kept, and the error names it.
    public func commit() throws(RecorderError) {
        guard let claim else { return }
        do throws(OutputError) { try claim.commit() } catch { throw Self.recorderError(error) }
    }

    /// Removes what was written (a recording that never got a frame) and gives the path up.
    public func discard() { claim?.discard() }

    /// Unlocks and removes the lock file; later calls do nothing.
    public func release() { claim?.release() }

    private static func recorderError(_ error: OutputError) -> RecorderError {
        switch error {
        case let .busy(path, holder): return .outputBusy(path: path, holder: holder)
        case let .diskFull(path): return .diskFull(path: path, reason: error.reason)
        default: return .writeFailed(path: error.path, reason: error.reason)
        }
    }
}
