// The libcamera source's acceptance checks, against vimc driven by libcamera's vimc pipeline handler:
// listing, capture at two sizes in both packed RGB orders compared with vimc's colour bars, controls set at the
// start and mid-stream reaching the frames (or refused by name), a second opener refused as busy, and the
// driver unbound mid-stream ending the stream with an error.
import IrisCPU
import IrisCore
import IrisVideo
#if canImport(Glibc)
    import Glibc
#endif

/// vimc's sensor draws v4l2-tpg's 75% colour bars (as vivid does), debayered by vimc's pipeline; a text
/// overlay covers the top of the picture, so the bars are read near the bottom.
private let vimcBars: [(String, SIMD3<Int>)] = [
    ("white", [191, 191, 191]), ("yellow", [191, 191, 0]), ("cyan", [0, 191, 191]), ("green", [0, 191, 0]),
    ("magenta", [191, 0, 191]), ("red", [191, 0, 0]), ("blue", [0, 0, 191]), ("black", [0, 0, 0])
]

private func barColours(_ frame: Frame, context: Context) throws -> [SIMD3<Int>] {
    let rgba = try context.render(Image(frame: frame))
    let width = rgba.width, y0 = rgba.height - 12
    return vimcBars.indices.map { i in
        let cx = (2 * i + 1) * width / 16
        var sum = SIMD3<Int>(0, 0, 0)
        for y in y0..<(y0 + 6) {
            for x in (cx - 3)..<(cx + 3) {
                let p = rgba.rgba(x: x, row: y)
                sum &+= SIMD3(Int(p.x), Int(p.y), Int(p.z))
            }
        }
        return sum / 36
    }
}

private func worstDifference(_ measured: [SIMD3<Int>]) -> Int {
    zip(measured, vimcBars).map { m, bar in
        let d = m &- bar.1
        return max(abs(d.x), abs(d.y), abs(d.z))
    }.max() ?? 999
}

@MainActor func runLibcameraChecks(outDir: String?) {
    let context = Context(renderer: CPURenderer())
    let cameras: [LibcameraCameraDescription]
    do { cameras = try LibcameraCameraDescription.all() } catch {
        check(false, "libcamera lists cameras: \(error)")
        return
    }
    guard let vimc = cameras.first(where: { $0.id.contains("vimc") }) else {
        check(false, "libcamera lists the vimc camera (is vimc loaded?): \(cameras.map(\.id))")
        return
    }
    let readable = vimc.formats.compactMap(\.pixelFormat)
    check(
        readable.contains(.rgb8) && readable.contains(.bgr8) && vimc.model == "Sensor B",
        "libcamera \(LibcameraCameraDescription.versions.runtime) lists \(vimc.id) (model \(vimc.model)): "
            + "\(vimc.formats.map(\.description).joined(separator: "; "))")
    let names = Set(vimc.controls.map(\.name))
    check(
        names.isSuperset(of: ["Brightness", "Contrast", "Saturation"]),
        "controls listed: \(vimc.controls.map(\.description).joined(separator: "; "))")

    // Two sizes in the two byte orders. vimc's sensor runs at a third of the output size, so libcamera rounds
    // a width down to a multiple of 6: 480x360 is taken as asked, 320x240 becomes 318x240 and says so.
    let cases: [(Int, Int, CaptureFormat, Int, String)] = [
        (480, 360, .bgr8, 480, ""), (320, 240, .rgb8, 318, "size 320x240 -> 318x240")
    ]
    for (width, height, format, expectedWidth, expectedNote) in cases {
        do {
            let camera = try LibcameraCamera(
                selector: .id(vimc.id), request: CaptureRequest(width: width, height: height, formats: [format]))
            check(
                camera.width == expectedWidth && camera.height == height && camera.pixelFormat == format.pixelFormat
                    && camera.adjustments == expectedNote,
                "\(format) \(width)x\(height): configured \(camera.width)x\(camera.height) \(camera.pixelFormat), "
                    + "stride \(camera.bytesPerRow), adjustments '\(camera.adjustments)'")
            var frames: [Frame] = []
            for _ in 0..<6 { frames.append(try camera.nextFrame(timeout: 10)) }
            let ts = frames.map(\.timestamp), seq = frames.map(\.sequence)
            check(
                zip(ts, ts.dropFirst()).allSatisfy { $0 < $1 } && zip(seq, seq.dropFirst()).allSatisfy { $0 < $1 }
                    && ts[0] > 0,
                "\(format): SensorTimestamps and sequence numbers increase (seq \(seq), "
                    + "\(fmt2(Double(frames.count - 1) / max(ts.last! - ts.first!, 1e-9))) fps, \(camera.droppedFrames) dropped)"
            )
            let colours = try barColours(frames.last!, context: context)
            let worst = worstDifference(colours)
            check(
                worst <= 24,
                "\(format) \(camera.width)x\(camera.height): colour bars match vimc's pattern within 24 (worst \(worst)): "
                    + zip(vimcBars, colours).map { "\($0.0)=\($1.x),\($1.y),\($1.z)" }.joined(separator: " "))
            let dmabuf = try camera.exportDMABUF(bufferIndex: 0)
            check(
                dmabuf.fourCC == format.pixelFormat.info.drmFourCC && dmabuf.planes.count == 1
                    && dmabuf.planes[0].bytesPerRow == camera.bytesPerRow && dmabuf.planes[0].fd >= 0
                    && dmabuf.modifier == DMABuf.linearModifier,
                "\(format): buffer 0 described as a dmabuf: \(dmabuf)")
            dmabuf.fileDescriptors.forEach { close($0) }
            if let outDir {
                try? PNGCodec.write(
                    try context.render(Image(frame: frames.last!)),
                    to: "\(outDir)/libcamera-\(format.rawValue)-\(camera.width)x\(camera.height).png")
            }
            camera.stop()
        } catch { check(false, "\(format) \(width)x\(height): \(error)") }
    }

    // Controls: Saturation=0 at the start greys the bars; Brightness mid-stream lifts the black bar a few
    // requests later (vimc's pipeline maps both onto the sensor's test-pattern controls).
    do {
        var request = CaptureRequest(width: 480, height: 360, formats: [.bgr8])
        request.controls = [try ControlSetting(parsing: "saturation=0")]
        let camera = try LibcameraCamera(selector: .id(vimc.id), request: request)
        var frame = try camera.nextFrame(timeout: 10)
        for _ in 0..<3 { frame = try camera.nextFrame(timeout: 10) }
        let grey = try barColours(frame, context: context)
        let yellow = grey[1], red = grey[5]
        check(
            abs(yellow.x - yellow.z) <= 24 && abs(red.x - red.y) <= 24,
            "Saturation=0 at the start: yellow \(yellow), red \(red) are grey")
        let blackBefore = grey[7]
        try camera.set(ControlSetting(parsing: "Brightness=0.5"))
        var blackAfter = blackBefore
        var framesToChange = 0
        for n in 1...20 {
            blackAfter = try barColours(try camera.nextFrame(timeout: 10), context: context)[7]
            framesToChange = n
            if blackAfter.y > blackBefore.y + 30 { break }
        }
        check(
            blackAfter.y > blackBefore.y + 30,
            "Brightness=0.5 mid-stream reaches the frames \(framesToChange) frame(s) later: black bar \(blackBefore) → \(blackAfter)"
        )

        var refusals: [String] = []
        for text in ["Brightnes=0.1", "Brightness=3", "Contrast=high", "ExposureTime=100"] {
            do {
                try camera.set(ControlSetting(parsing: text))
                refusals.append("\(text): accepted")
            } catch { refusals.append("\(error)") }
        }
        check(
            refusals[0].contains("no control 'Brightnes' (did you mean 'brightness'?)")
                && refusals[1].contains("3 is outside -1…1") && refusals[2].contains("'Contrast' rejects 'high'")
                && refusals[3].contains("no control 'ExposureTime'") && refusals.allSatisfy { $0.contains(vimc.id) },
            "refused by name: \(refusals.joined(separator: " | "))")

        // A second opener while this one streams.
        do {
            _ = try LibcameraCamera(selector: .index(0), request: CaptureRequest(width: 480, height: 360))
            check(false, "second opener while streaming: expected .busy, got a camera")
        } catch .busy(let id) {
            check(id == vimc.id, "second opener while streaming → LibcameraError.busy(\(id))")
        } catch { check(false, "second opener while streaming: expected .busy, got \(error)") }
        camera.stop()
        var afterStop = ""
        do { _ = try camera.nextFrame(timeout: 1) } catch { afterStop = "\(error)" }
        check(afterStop.contains("camera stopped"), "a stopped camera's reads fail: \(afterStop)")
    } catch { check(false, "libcamera controls: \(error)") }
}
