import IrisCore
import IrisVideo

/// The recording stage: makes the recorder when the first picture arrives (its size is the pipeline's
/// output size), appends every picture with its capture timestamp, and finishes the file when the queue
/// is closed. The path was reserved before the run started (`RecorderReservation`); a run that records no
/// frame gives it up and leaves no file. A write failure (a full disk) stops the recording with its typed
/// error; the preview goes on, and without a preview the run stops. Every frame that does not reach the
/// file is counted, and when the run ends `framesRecorded` is what the file holds (after a full disk, the
/// frames up to its last whole fragment), and `outcome` says what the file holds.
///
/// When no picture has come for `idleFlush` (a stalled source), what the muxer holds is written out, so
/// the file holds every frame received within about a second even if the process is then killed. The
/// run's stop latch is bound on this thread: an output FIFO with no reader, or one whose reader stopped
/// reading, cannot hold the run past its stop (`InterruptibleIO`).
struct RecordStage: PipelineStage {
    /// Y'CbCr planes (the encoder's, or a passed-through source's) or RGB pictures the CPU can read.
    static let pictures = PortDeclaration<RenderedFrame>("the recorder", carries: BufferKind.readable)
    /// How long the queue may stay empty before what was appended is flushed to the file.
    static let idleFlush: Duration = .milliseconds(400)

    struct Settings: Sendable {
        var output: RecordOutput
        /// The source's frame duration, which sets the file's nominal rate.
        var nominalFrameDuration: Double?
        /// Frames are the source's own, passed through: their chroma siting is unknown.
        var passthrough = false
        /// A preview goes on after the recording fails; without one the run stops.
        var previewing = false
    }

    let settings: Settings
    let services: StageServices
    let pictures: InputPort<RenderedFrame>
    /// The path, claimed before the run started.
    let reservation: RecorderReservation
    /// How the recording ended, once the stage has.
    let outcome = StageOutcome<RecordingOutcome>()

    var name: String { "iris.record" }
    var outputs: [any ClosableOutput] { [] }

    func run(_: Void) {
        let output = settings.output
        var recorder: Recorder?
        var stopped = false
        /// Frames appended since the last flush of an idle queue.
        var unflushed = false
        func stopRecording(_ error: PipelineError) {
            services.fail(error)
            stopped = true
            if !settings.previewing { services.stop.request("recording error") }
        }
        frames: while true {
            let rendered: RenderedFrame
            switch pictures.pop(waitingAtMost: Self.idleFlush) {
            case .closed: break frames
            case let .item(item): rendered = item
            case .timedOut:
                if unflushed, !stopped, let recorder {
                    unflushed = false
                    do { try recorder.flushPending() } catch {
                        stopRecording(.recording(path: output.path, reason: error.reason))
                    }
                }
                continue
            }
            if stopped {
                services.metrics.update { $0.recorderLost += 1 }
                continue
            }
            if recorder == nil {
                var options = output.recorderOptions
                if let nominal = settings.nominalFrameDuration, nominal > 0 {
                    options.nominalFrameRate = max(1, Int((1 / nominal).rounded()))
                }
                if rendered.picture.format.isYCbCr { options.colorimetry = rendered.colorimetry }
                // A source's own frames passed through keep their chroma siting, which Iris does not know.
                if settings.passthrough { options.chromaLocation = nil }
                do {
                    recorder = try Recorder(
                        reservation: reservation, width: rendered.picture.width,
                        height: rendered.picture.height, options: options)
                } catch {
                    stopRecording(.recording(path: output.path, reason: error.reason))
                    services.metrics.update { $0.recorderLost += 1 }
                    continue
                }
            }
            guard let recorder else { continue }
            do {
                let written = try recorder.append(rendered.picture, timestamp: rendered.timestamp)
                unflushed = unflushed || written
                // The recorder says what it did with the planes: referenced them in lent memory (a GLES 3
                // readback's buffer, a camera's buffer), copied them into the encoder's frame, or converted them
                // (RGB, from a caller of its own).
                let bytes = rendered.picture.planes.reduce(0) { $0 + $1.byteCount }
                let moved: ByteTraffic
                switch recorder.lastFrameIntake {
                case .referenced?: moved = ByteTraffic()
                case .converted?: moved = ByteTraffic(cpuConverted: bytes)
                case .copied?, nil: moved = ByteTraffic(cpuCopied: bytes)
                }
                services.metrics.update { m in
                    if written {
                        m.framesRecorded += 1
                        m.traffic["record", default: ByteTraffic()] += moved
                        m.captureToFile.add(PipelineMetrics.milliseconds(ContinuousClock.now - rendered.arrival))
                    } else {
                        m.recorderRefused += 1
                    }
                }
            } catch {
                stopRecording(.recording(path: output.path, reason: error.reason))
                services.metrics.update { $0.recorderLost += 1 }
            }
        }
        guard let recorder else {
            reservation.discard()
            return
        }
        if !stopped {
            do { try recorder.finish() } catch { services.fail(.recording(path: output.path, reason: error.reason)) }
        }
        // The file holds `framesWritten`: after a failure, what it was cut back to. Frames appended but cut
        // away count as lost, so the metrics say what the file and the summary say.
        services.metrics.update { m in
            m.recorderLost += max(0, m.framesRecorded - recorder.framesWritten)
            m.framesRecorded = recorder.framesWritten
        }
        outcome.set(
            RecordingOutcome(
                path: output.path, frames: recorder.framesWritten, encoder: recorder.encoderName,
                width: recorder.width, height: recorder.height, lastTimestamp: recorder.lastTimestamp))
    }
}

/// How the recording ended: its file, frames, encoder and size.
public struct RecordingOutcome: Sendable, Equatable {
    public let path: String
    public let frames: Int
    public let encoder: String
    public let width: Int
    public let height: Int
    /// The last frame's time in the file, seconds from the first.
    public let lastTimestamp: Double?
}
