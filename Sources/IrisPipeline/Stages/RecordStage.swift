import IrisCore
import IrisVideo

/// The recording stage: makes the recorder when the first picture arrives (its size is the pipeline's
/// output size), appends every picture with its capture timestamp, and finishes the file when the queue
/// is closed. The path was reserved before the run started (`RecorderReservation`); a run that records no
/// frame gives it up and leaves no file. A write failure (a full disk) stops the recording with its typed
/// error; the preview goes on, and without a preview the run stops. Every frame that does not reach the
/// file is counted, and when the run ends `framesRecorded` is what the file holds (after a full disk, the
/// frames up to its last whole fragment).
///
/// When no picture has come for `idleFlush` (a stalled source), what the muxer holds is written out, so
/// the file holds every frame received within about a second even if the process is then killed. The
/// run's stop latch is bound on this thread: an output FIFO with no reader, or one whose reader stopped
/// reading, cannot hold the run past its stop (`InterruptibleIO`).
enum RecordStage {
    /// How long the queue may stay empty before what was appended is flushed to the file.
    static let idleFlush: Duration = .milliseconds(400)

    static func run(
        _ state: RunState, output: RecordOutput, reservation: RecorderReservation,
        nominalFrameDuration: Double?, previewing: Bool
    ) {
        StopLatch.$current.withValue(state.stop.latch) {
            record(
                state, output: output, reservation: reservation, nominalFrameDuration: nominalFrameDuration,
                previewing: previewing)
        }
    }

    private static func record(
        _ state: RunState, output: RecordOutput, reservation: RecorderReservation,
        nominalFrameDuration: Double?, previewing: Bool
    ) {
        var recorder: Recorder?
        var stopped = false
        /// Frames appended since the last flush of an idle queue.
        var unflushed = false
        func stopRecording(_ error: PipelineError) {
            state.fail(error)
            stopped = true
            if !previewing { state.stop.request("recording error") }
        }
        frames: while true {
            let rendered: RenderedFrame
            switch state.recordQueue.pop(waitingAtMost: idleFlush) {
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
                state.metrics.update { $0.recorderLost += 1 }
                continue
            }
            if recorder == nil {
                var options = output.recorderOptions
                if let nominal = nominalFrameDuration, nominal > 0 {
                    options.nominalFrameRate = max(1, Int((1 / nominal).rounded()))
                }
                if rendered.picture.format.isYCbCr { options.colorimetry = rendered.colorimetry }
                // A source's own frames passed through keep their chroma siting, which Iris does not know.
                if state.configuration.passthrough { options.chromaLocation = nil }
                do {
                    recorder = try Recorder(
                        reservation: reservation, width: rendered.picture.width,
                        height: rendered.picture.height, options: options)
                } catch {
                    stopRecording(.recording(path: output.path, reason: error.reason))
                    state.metrics.update { $0.recorderLost += 1 }
                    continue
                }
            }
            guard let recorder else { continue }
            do {
                let written = try recorder.append(rendered.picture, timestamp: rendered.timestamp)
                unflushed = unflushed || written
                // The render stage hands over the encoder's planes, which the recorder copies into the encoder's
                // frame; RGB (from a caller of its own) it would convert.
                let bytes = rendered.picture.planes.reduce(0) { $0 + $1.byteCount }
                let moved =
                    rendered.picture.format.isYCbCr ? ByteTraffic(cpuCopied: bytes) : ByteTraffic(cpuConverted: bytes)
                state.metrics.update { m in
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
                state.metrics.update { $0.recorderLost += 1 }
            }
        }
        guard let recorder else {
            reservation.discard()
            return
        }
        if !stopped {
            do { try recorder.finish() } catch { state.fail(.recording(path: output.path, reason: error.reason)) }
        }
        // The file holds `framesWritten`: after a failure, what it was cut back to. Frames appended but cut
        // away count as lost, so the metrics say what the file and the summary say.
        state.metrics.update { m in
            m.recorderLost += max(0, m.framesRecorded - recorder.framesWritten)
            m.framesRecorded = recorder.framesWritten
        }
        state.recording.withLock {
            $0 = RecordingOutcome(
                path: output.path, frames: recorder.framesWritten, encoder: recorder.encoderName,
                width: recorder.width, height: recorder.height, lastTimestamp: recorder.lastTimestamp)
        }
    }
}
