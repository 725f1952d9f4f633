import CEGL
import IrisCore

/// Where one GLES render's time goes: the planes' upload, the passes, and the readback (RGBA, or the
/// encoder planes' draws and their readback). Measured by `GLESRenderer.timeStages` with `glFinish`
/// between the steps, so they do not overlap as they may in a normal render; their sum is a little above a
/// normal render's time.
///
///     let times = try renderer.timeStages(plan, encoding: EncoderPlanes())   // times.upload, .passes, .readback
public struct GLESStageTimes: Sendable, Hashable {
    public var upload: Duration = .zero
    public var passes: Duration = .zero
    public var readback: Duration = .zero

    public init() {}

    public var total: Duration { upload + passes + readback }
}

/// Marks a render's steps on the GL thread: each mark waits for the GL to finish and charges the time since
/// the previous mark to one step.
final class GLESStageClock {
    private var last: ContinuousClock.Instant
    private(set) var times = GLESStageTimes()

    init() {
        glFinish()
        last = .now
    }

    func mark(_ step: WritableKeyPath<GLESStageTimes, Duration>) {
        glFinish()
        let now = ContinuousClock.now
        times[keyPath: step] += now - last
        last = now
    }
}
