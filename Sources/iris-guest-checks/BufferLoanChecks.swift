// Frames that read vivid's buffers in place: a slow holder keeps frames, capture never waits for it, the
// held pictures stay as captured, and every buffer goes back to the driver exactly once.
import IrisCore
import IrisVideo
#if canImport(Glibc)
    import Glibc
#endif

@MainActor func runBufferLoanChecks(device: VideoDevice, width: Int, height: Int) {
    do {
        // A moving pattern, so a buffer the driver refilled while a frame still held it would show.
        let moving = ["Move Right Fast", "Move Right"].first { label in
            (try? device.apply(ControlSetting(parsing: "horizontal_movement=\(label)"))) != nil
        }
        let camera = try Camera(
            device: device, request: CaptureRequest(width: width, height: height, formats: [.nv12], frameRate: 30))
        let spare = camera.bufferCount - camera.buffersKeptByDriver
        // The slow stage: holds as many frames as there are buffers, more than can be lent.
        var held: [(frame: Frame, bytes: [UInt8])] = []
        var longestWait = 0.0
        for _ in 0..<camera.bufferCount {
            let t0 = BufferQueueClock.now()
            let frame = try camera.nextFrame(timeout: 5)
            longestWait = max(longestWait, BufferQueueClock.now() - t0)
            held.append((frame, frame.buffer.packedBytes))
        }
        let lentHeld = held.filter { $0.frame.buffer.planes[0].borrowedMemory != nil }.count
        check(
            lentHeld == spare && held.dropFirst(spare).allSatisfy { $0.frame.buffer.hostByteCount > 0 }
                && camera.bufferLoans.lent.reduce(0, +) == spare,
            "buffer loans: with \(camera.bufferCount) buffers and \(camera.buffersKeptByDriver) kept by the driver, "
                + "the first \(lentHeld) held frames read the driver's buffers in place, the rest were copied")
        // Capture goes on at the source's pace while every loan is out.
        var more = 0
        let t0 = BufferQueueClock.now()
        for _ in 0..<10 {
            let w0 = BufferQueueClock.now()
            _ = try camera.nextFrame(timeout: 5)
            longestWait = max(longestWait, BufferQueueClock.now() - w0)
            more += 1
        }
        let span = BufferQueueClock.now() - t0
        check(
            more == 10 && camera.bufferLoans.returned.reduce(0, +) == 0,
            "buffer loans: capture never waits for the holder: \(more) more frames in \(fmt2(span)) s while "
                + "\(spare) loans are out (longest wait for a frame \(fmt2(longestWait)) s)")
        let unchanged = held.allSatisfy { $0.frame.buffer.packedBytes == $0.bytes }
        let distinct = Set(held.map(\.bytes)).count
        check(
            unchanged && (moving == nil || distinct > 1),
            "buffer loans: held frames keep their pictures while the driver fills the other buffers "
                + "(\(distinct) distinct pictures held, pattern \(moving ?? "static: horizontal_movement refused"))")
        held.removeAll()
        let afterRelease = camera.bufferLoans
        check(
            afterRelease.lent == afterRelease.returned && afterRelease.lent.reduce(0, +) == spare,
            "buffer loans: letting go returns each lent buffer exactly once (lent \(afterRelease.lent), "
                + "returned \(afterRelease.returned))")
        // Loans resume; a frame held across stop() stays readable and its buffer is freed when it goes.
        var kept: Frame? = try camera.nextFrame(timeout: 5)
        let keptBytes = kept?.buffer.packedBytes ?? []
        let resumed = kept?.buffer.planes[0].borrowedMemory != nil
        camera.stop()
        let readableAfterStop = kept?.buffer.packedBytes == keptBytes
        kept = nil
        let final = camera.bufferLoans
        check(
            resumed && readableAfterStop && final.lent == final.returned,
            "buffer loans: lending resumes once buffers are back; a frame held across stop() stays readable and "
                + "goes back once (lent \(final.lent), returned \(final.returned))")
        if moving != nil { try? device.apply(ControlSetting(parsing: "horizontal_movement=No Movement")) }
        // The device's buffers were all freed: a new camera can stream on the same node.
        let again = try Camera(device: device, request: CaptureRequest(width: width, height: height, formats: [.nv12]))
        _ = try again.nextFrame(timeout: 5)
        check(true, "buffer loans: the node streams again after the loaned buffers were freed")
        again.stop()
    } catch {
        check(false, "buffer loans: \(error)")
    }
}

enum BufferQueueClock {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
