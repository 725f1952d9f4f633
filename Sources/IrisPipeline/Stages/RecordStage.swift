import IrisCore
import IrisVideo

/// The recording stage: makes the recorder when the first picture arrives (its size is the pipeline's
/// output size), appends every picture with its capture timestamp, and finishes the file when the queue
/// is closed. The path was reserved before the run started (`RecorderReservation`); a run that records no
/// frame gives it up and leaves no file. A write failure (a full disk) stops the recording with its typed
/// error; the preview goes on, and without a preview the run stops. Every frame that does not reach the
/// file is counted.
enum RecordStage {
    static func run(_ state: RunState, output: RecordOutput, reservation: RecorderReservation,
                    nominalFrameDuration: Double?, previewing: Bool) {
        var recorder: Recorder?
        var stopped = false
        func stopRecording(_ error: PipelineError) {
            state.fail(error)
            stopped = true
            if !previewing { state.stop.request("recording error") }
        }
        while let rendered = state.recordQueue.pop() {
            if stopped { state.metrics.update { $0.recorderLost += 1 }; continue }
            if recorder == nil {
                var options = output.recorderOptions
                if let nominal = nominalFrameDuration, nominal > 0 { options.nominalFrameRate = max(1, Int((1 / nominal).rounded())) }
                if rendered.picture.format.isYCbCr { options.colorimetry = rendered.colorimetry }
                do {
                    recorder = try Recorder(reservation: reservation, width: rendered.picture.width,
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
                state.metrics.update { m in
                    if written {
                        m.framesRecorded += 1; m.captureToFile.add(PipelineMetrics.milliseconds(ContinuousClock.now - rendered.arrival))
                    } else {
                        m.recorderRefused += 1
                    }
                }
            } catch {
                stopRecording(.recording(path: output.path, reason: error.reason))
                state.metrics.update { $0.recorderLost += 1 }
            }
        }
        guard let recorder else { reservation.discard(); return }
        if !stopped {
            do { try recorder.finish() } catch { state.fail(.recording(path: output.path, reason: error.reason)) }
        }
        state.recording.withLock {
            $0 = RecordingOutcome(path: output.path, frames: recorder.framesWritten, encoder: recorder.encoderName,
                                  width: recorder.width, height: recorder.height, lastTimestamp: recorder.lastTimestamp)
        }
    }
}
