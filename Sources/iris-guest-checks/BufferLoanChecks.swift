// Frames that read vivid's buffers in place: a slow holder keeps frames, capture never waits for it, the
// held pictures stay as captured, and every buffer goes back to the driver exactly once.
import CEGL
import IrisCPU
import IrisCore
import IrisGLES
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

/// A lent camera frame carries its buffer as a dmabuf; a GLES renderer on the display's card (EGL on GBM)
/// imports its planes where EGL offers it, each image checked against its memory, or says exactly what
/// refused it and uploads. Either way the picture must equal the CPU renderer's.
@MainActor func runDMABufImportCheck(device: VideoDevice, width: Int, height: Int) {
    let cards: [String] = (0..<4).map { "/dev/dri/card\($0)" }
    guard let card = cards.first(where: { access($0, F_OK) == 0 }) else {
        check(false, "dmabuf import: no DRM card")
        return
    }
    do {
        var options = GLESRenderer.Options()
        options.platform = .gbm
        options.devicePath = card
        let gles = try GLESRenderer(options: options)
        let offered = gles.planeImport
        let camera = try Camera(
            device: device, request: CaptureRequest(width: width, height: height, formats: [.nv12], frameRate: 30))
        var worst = 0, uploaded = 0
        var described = ""
        for _ in 0..<3 {
            let frame = try camera.nextFrame(timeout: 5)
            guard let dmabuf = frame.buffer.planes[0].borrowedMemory?.dmabuf else {
                check(false, "dmabuf import: a lent frame carries no dmabuf")
                return
            }
            described = "\(dmabuf)"
            let before = gles.traffic.gpuUploaded
            let onGPU = try Context(renderer: gles).render(Image(frame: frame))
            uploaded += gles.traffic.gpuUploaded - before
            let onCPU = try Context(renderer: CPURenderer()).render(Image(frame: frame))
            for row in 0..<height {
                for x in 0..<width {
                    let a = onGPU.rgba(x: x, row: row), b = onCPU.rgba(x: x, row: row)
                    for c in 0..<3 { worst = max(worst, abs(Int(a[c]) - Int(b[c]))) }
                }
            }
        }
        camera.stop()
        let status = gles.planeImport
        let consistent: Bool
        switch status {
        case .importing: consistent = uploaded == 0
        case .refused(let reason), .unavailable(let reason): consistent = !reason.isEmpty && uploaded > 0
        case .available: consistent = false
        }
        check(
            consistent && worst <= 2,
            "dmabuf import: frames lent as \(described); EGL on GBM (\(card)) before the first frame: \(offered); "
                + "after three frames: \(status); \(uploaded) bytes uploaded; GLES equals the CPU renderer within "
                + "\(worst) (limit 2)")
    } catch {
        check(false, "dmabuf import: \(error)")
    }
}

/// The import path itself, with a dmabuf llvmpipe can map: a buffer the card's own GBM device made (self-import
/// on the same device keeps it mappable), holding an NV12 picture written through its mapping. Imported
/// planes must read back equal to the memory (the importer checks each image), nothing must be uploaded,
/// and the picture must equal the CPU renderer's reading of the same memory.
@MainActor func runOwnDMABufImportCheck(width: Int, height: Int) {
    let cards: [String] = (0..<4).map { "/dev/dri/card\($0)" }
    guard let card = cards.first(where: { access($0, F_OK) == 0 }) else {
        check(false, "dmabuf import (own buffer): no DRM card")
        return
    }
    let fd = open(card, O_RDWR | O_CLOEXEC)
    guard fd >= 0, let gbm = gbm_create_device(fd) else {
        check(false, "dmabuf import (own buffer): cannot open GBM on \(card)")
        return
    }
    defer {
        gbm_device_destroy(gbm)
        close(fd)
    }
    // NV12 in one XRGB8888 buffer a quarter as wide: each row of four-byte texels is a row of plane bytes.
    let xrgb = FourCC("XR24").code
    let flags = GBM_BO_USE_LINEAR.rawValue | GBM_BO_USE_RENDERING.rawValue
    guard let bo = gbm_bo_create(gbm, UInt32(width / 4), UInt32(height * 3 / 2), xrgb, flags) else {
        check(false, "dmabuf import (own buffer): gbm_bo_create failed")
        return
    }
    defer { gbm_bo_destroy(bo) }
    var stride: UInt32 = 0
    var mapData: UnsafeMutableRawPointer?
    guard
        let mapped = gbm_bo_map(
            bo, 0, 0, UInt32(width / 4), UInt32(height * 3 / 2), GBM_BO_TRANSFER_READ_WRITE.rawValue, &stride,
            &mapData)
    else {
        check(false, "dmabuf import (own buffer): gbm_bo_map failed")
        return
    }
    defer { gbm_bo_unmap(bo, mapData) }
    let pitch = Int(stride)
    let bytes = mapped.assumingMemoryBound(to: UInt8.self)
    for row in 0..<height {
        for x in 0..<width { bytes[row * pitch + x] = UInt8(16 + (x * 3 + row * 2) % 220) }
    }
    for row in 0..<(height / 2) {
        for x in 0..<(width / 2) {
            bytes[(height + row) * pitch + 2 * x] = UInt8(64 + (x * 5 + row) % 128)
            bytes[(height + row) * pitch + 2 * x + 1] = UInt8(200 - (x + row * 3) % 128)
        }
    }
    let exported = gbm_bo_get_fd(bo)
    guard exported >= 0 else {
        check(false, "dmabuf import (own buffer): gbm_bo_get_fd failed")
        return
    }
    defer { close(exported) }
    let dmabuf = DMABuf(
        width: width, height: height, fourCC: "NV12",
        planes: [
            DMABuf.Plane(fd: exported, offset: 0, bytesPerRow: pitch),
            DMABuf.Plane(fd: exported, offset: height * pitch, bytesPerRow: pitch)
        ], modifier: DMABuf.linearModifier)
    /// The mapped buffer as an NV12 frame that borrows it, described to importers as `description`.
    func frame(describedAs description: DMABuf) throws -> PixelBuffer {
        let memory = BorrowedMemory(
            base: UnsafeRawPointer(mapped), count: pitch * height * 3 / 2, lender: "\(card) GBM buffer",
            dmabuf: description
        ) {}
        return try PixelBuffer(
            width: width, height: height, format: .nv12,
            planes: [
                PixelBuffer.Plane(borrowing: memory, offset: 0, count: pitch * height, bytesPerRow: pitch),
                PixelBuffer.Plane(
                    borrowing: memory, offset: pitch * height, count: pitch * height / 2, bytesPerRow: pitch)
            ])
    }
    do {
        let buffer = try frame(describedAs: dmabuf)
        var options = GLESRenderer.Options()
        options.platform = .gbm
        options.devicePath = card
        options.dmabufImport = .evenOnSoftwareRasterizers
        let gles = try GLESRenderer(options: options)
        let before = gles.traffic.gpuUploaded
        let image = Image(frame: Frame(buffer: buffer, colorimetry: .default))
        let onGPU = try Context(renderer: gles).render(image)
        let again = try Context(renderer: gles).render(image)
        let uploaded = gles.traffic.gpuUploaded - before
        let onCPU = try Context(renderer: CPURenderer()).render(image)
        var worst = 0
        for row in 0..<height {
            for x in 0..<width {
                for picture in [onGPU, again] {
                    let a = picture.rgba(x: x, row: row), b = onCPU.rgba(x: x, row: row)
                    for c in 0..<3 { worst = max(worst, abs(Int(a[c]) - Int(b[c]))) }
                }
            }
        }
        check(
            gles.planeImport == .importing && uploaded == 0 && worst <= 2,
            "dmabuf import (own buffer): \(dmabuf) on \(card): \(gles.planeImport); \(uploaded) bytes uploaded over "
                + "two renders; GLES equals the CPU renderer within \(worst) (limit 2)")

        // A description that does not match the memory (the chroma plane said to start at the luma): the
        // check against memory must refuse the import, say why, and upload, so the picture stays right.
        let wrong = DMABuf(
            width: width, height: height, fourCC: "NV12",
            planes: [
                DMABuf.Plane(fd: exported, offset: 0, bytesPerRow: pitch),
                DMABuf.Plane(fd: exported, offset: 0, bytesPerRow: pitch)
            ], modifier: DMABuf.linearModifier)
        let lying = try frame(describedAs: wrong)
        let checked = try GLESRenderer(options: options)
        let lyingImage = Image(frame: Frame(buffer: lying, colorimetry: .default))
        let guarded = try Context(renderer: checked).render(lyingImage)
        let lyingUploads = checked.traffic.gpuUploaded
        var wrongWorst = 0
        for row in 0..<height {
            for x in 0..<width {
                let a = guarded.rgba(x: x, row: row), b = onCPU.rgba(x: x, row: row)
                for c in 0..<3 { wrongWorst = max(wrongWorst, abs(Int(a[c]) - Int(b[c]))) }
            }
        }
        var refused = false
        if case .refused(let reason) = checked.planeImport { refused = reason.contains("reads differently") }
        check(
            refused && lyingUploads > 0 && wrongWorst <= 2,
            "dmabuf import (misdescribed buffer): \(checked.planeImport); \(lyingUploads) bytes uploaded; the picture "
                + "equals the CPU renderer's within \(wrongWorst) (limit 2)")
    } catch {
        check(false, "dmabuf import (own buffer): \(error)")
    }
}
