import IrisVideo

extension EvaluationInput.TruthSource {
    /// The truth as a `ClipTruth`. MOT files carry no picture size or rate, so those come from the clip's
    /// first frame; they list only frames with objects, so `listsEveryFrame` is false for them.
    public func load(for clip: String) throws(EvaluationError) -> (truth: ClipTruth, listsEveryFrame: Bool) {
        switch self {
        case let .iris(path):
            do { return (try ClipTruth.read(contentsOf: path), true) } catch { throw .truth(error) }
        case let .mot(path):
            let probe = try ClipProbe(clip)
            do {
                let truth = try MOTGroundTruth.read(
                    contentsOf: path, width: probe.width, height: probe.height,
                    frameRate: probe.frameRate, frameCount: nil)
                return (truth, false)
            } catch { throw .truth(error) }
        case let .cvat(path):
            let probe = try ClipProbe(clip)
            do {
                let truth = try CVATVideoTruth.read(
                    contentsOf: path, frameRate: probe.frameRate, width: probe.width, height: probe.height)
                return (truth, false)
            } catch { throw .truth(error) }
        }
    }
}

/// A clip's picture size and frame rate, from its first frame.
struct ClipProbe {
    let width: Int
    let height: Int
    let frameRate: Double

    init(_ path: String) throws(EvaluationError) {
        do {
            let recording = try Recording(path: path)
            guard let frame = try recording.nextFrame() else {
                throw EvaluationError.clipDisagrees(clip: path, detail: "the clip has no frames")
            }
            width = frame.buffer.width
            height = frame.buffer.height
            frameRate = recording.nominalFrameDuration.map { 1 / $0 } ?? 30
        } catch let error as RecordingError {
            throw .recording(error)
        } catch let error as EvaluationError {
            throw error
        } catch {
            throw .clipDisagrees(clip: path, detail: "\(error)")
        }
    }
}
