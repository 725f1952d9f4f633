// iris-guest-checks: the V4L2 acceptance checks, run inside the QEMU guest by tools/vm-test against the
// real vivid driver. Exit status 0 only if every check passed; it fails when vivid is not loaded.
//
//     iris-guest-checks [--out DIR] [--size 320x180] [--no-unbind]
//     iris-guest-checks --libcamera [--out DIR]  (only: the libcamera source on vimc, LibcameraChecks.swift)
//     iris-guest-checks --grab-screen OUT.png   (only: saves what the first connected display shows now, as
//                                                another client sees it, e.g. while `iris run` previews)
import IrisCPU
import IrisCore
import IrisVideo
#if canImport(Glibc)
    import Glibc
#endif

var failures = 0
@MainActor func check(_ ok: Bool, _ what: String) {
    print((ok ? "PASS " : "FAIL ") + what)
    if !ok { failures += 1 }
}
func fmt2(_ v: Double) -> String { String(Double(Int((v * 100).rounded())) / 100) }

var outDir: String?
var width = 320, height = 180
var unbind = true
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--out": outDir = args.popFirst()
    case "--size":
        let p = (args.popFirst() ?? "").split(separator: "x").compactMap { Int($0) }
        if p.count == 2 {
            width = p[0]
            height = p[1]
        }
    case "--no-unbind": unbind = false
    case "--libcamera":
        if args.first == "--out" {
            args.removeFirst()
            outDir = args.popFirst()
        }
        runLibcameraChecks(outDir: outDir)
        print(failures == 0 ? "ALL PASSED" : "\(failures) CHECK(S) FAILED")
        exit(failures == 0 ? 0 : 1)
    case "--grab-screen":
        let target = args.popFirst() ?? "screen.png"
        if args.first == "--size" {
            args.removeFirst()
            let p = (args.popFirst() ?? "").split(separator: "x").compactMap { Int($0) }
            if p.count == 2 {
                width = p[0]
                height = p[1]
            }
        }
        do {
            // Another client's view: no DRM master needed to read what the CRTC scans out. Waits (up to 20 s)
            // for the mode the other client sets, WxH from --size.
            let display = try Display(card: DisplayCard(path: nil, requireMaster: false))
            var grabbed = try display.grabScanout()
            for _ in 0..<40 where grabbed.width != width || grabbed.height != height {
                usleep(500_000)
                grabbed = try display.grabScanout()
            }
            var rgba = PixelBuffer(width: grabbed.width, height: grabbed.height, format: .rgba8)
            for i in stride(from: 0, to: grabbed.planes[0].byteCount, by: 4) {
                rgba.planes[0].bytes[i] = grabbed.planes[0].bytes[i + 2]
                rgba.planes[0].bytes[i + 1] = grabbed.planes[0].bytes[i + 1]
                rgba.planes[0].bytes[i + 2] = grabbed.planes[0].bytes[i]
                rgba.planes[0].bytes[i + 3] = 255
            }
            try PNGCodec.write(rgba, to: target)
            print("grabbed \(grabbed.width)×\(grabbed.height) from \(display.path) into \(target)")
            exit(0)
        } catch {
            print("FAIL grab screen: \(error)")
            exit(1)
        }
    default:
        print("unknown argument \(a)")
        exit(2)
    }
}

// 1. A vivid capture device must exist: the capture below is real, not a fake.
var vividPath: String?
for path in VideoDevice.nodePaths() {
    if let d = try? VideoDevice(path: path), d.driver == "vivid" {
        vividPath = path
        break
    }
}
guard let vividPath else {
    check(false, "a vivid capture device exists (is the vivid module loaded?) — nodes: \(VideoDevice.nodePaths())")
    exit(1)
}
let device: VideoDevice
do { device = try VideoDevice(path: vividPath) } catch {
    check(false, "open \(vividPath): \(error)")
    exit(1)
}
check(true, "vivid at \(vividPath): card '\(device.card)', inputs \(device.inputs())")
do {
    try device.selectInput(0)  // "Webcam 0": sRGB, BT.601 limited range, discrete sizes incl. 320x180/640x360
    try device.setControl("osd_text_mode", toMenuEntry: "None")  // no text over the bars
    check(
        try device.currentInput() == 0 && device.controlValue("osd_text_mode") == 2,
        "input 0 selected, OSD text off (control set + read back)")
} catch { check(false, "select input / set OSD control: \(error)") }

let offered = device.formats()
let offeredCodes = Set(offered.map(\.fourCC))
check(
    ["NV12", "NV21", "YU12", "YUYV"].allSatisfy(offeredCodes.contains),
    "vivid offers NV12, NV21, YU12, YUYV (\(offered.count) formats)")

// vivid's 75% colour bars, left to right (tpg_colors: 191 = 75%), in sRGB.
let bars: [(String, SIMD3<Int>)] = [
    ("white", [191, 191, 191]), ("yellow", [191, 191, 0]), ("cyan", [0, 191, 191]), ("green", [0, 191, 0]),
    ("magenta", [191, 0, 191]), ("red", [191, 0, 0]), ("blue", [0, 0, 191]), ("black", [0, 0, 0])
]
let tolerance = 24
let context = Context(renderer: CPURenderer())

func averageRGB(_ rgba: PixelBuffer, x0: Int, y0: Int, size: Int) -> SIMD3<Int> {
    var sum = SIMD3<Int>(0, 0, 0)
    for y in y0..<(y0 + size) {
        for x in x0..<(x0 + size) {
            let p = rgba.rgba(x: x, row: y)
            sum &+= SIMD3(Int(p.x), Int(p.y), Int(p.z))
        }
    }
    return sum / (size * size)
}

// vivid also gives the packed RGB layouts libcamera's pipelines use (XBGR32 = BGRX, BGR24, RGB24).
for format in [CaptureFormat.nv12, .nv21, .i420, .yuyv, .bgrx8, .bgr8, .rgb8] {
    do {
        let camera = try Camera(
            device: device, request: CaptureRequest(width: width, height: height, formats: [format], frameRate: 30))
        let f = camera.format
        check(
            f.format == format && f.width == width && f.height == height && camera.bufferCount >= 4,
            "\(format): negotiated \(f), \(camera.bufferCount) mmap buffers, \(camera.frameRate.map { "\($0) fps" } ?? "rate ?")"
        )
        var frames: [Frame] = []
        for _ in 0..<6 { frames.append(try camera.nextFrame(timeout: 5)) }
        let ts = frames.map(\.timestamp), seq = frames.map(\.sequence)
        // Under software emulation vivid can stamp its first two buffers with sequence 0 when its thread
        // falls behind; timestamps must still strictly increase and the sequence must move forward.
        let increasing =
            zip(ts, ts.dropFirst()).allSatisfy { $0 < $1 }
            && zip(seq, seq.dropFirst()).allSatisfy { $0 <= $1 } && seq.last! > seq.first!
        let span = ts.last! - ts.first!
        check(
            increasing && ts.first! > 0,
            "\(format): timestamps and sequence numbers increase (seq \(seq), \(fmt2(Double(frames.count - 1) / max(span, 1e-9))) "
                + "fps measured, \(camera.droppedFrames) dropped)"
        )
        let last = frames.last!
        check(
            last.colorimetry == f.colorimetry,
            "\(format): frame carries the driver's colorimetry \(last.colorimetry) (colorspace \(f.colorspace), "
                + "enc \(f.ycbcrEncoding), quant \(f.quantization))"
        )
        let rgba = try context.render(Image(frame: last))
        var worst = 0, measured: [String] = []
        let box = 4
        for (i, bar) in bars.enumerated() {
            let cx = (2 * i + 1) * width / 16
            let c = averageRGB(rgba, x0: cx - box / 2, y0: height / 2 - box / 2, size: box)
            let d = c &- bar.1
            worst = max(worst, abs(d.x), abs(d.y), abs(d.z))
            measured.append("\(bar.0)=\(c.x),\(c.y),\(c.z)")
        }
        check(
            worst <= tolerance,
            "\(format): colour bars match vivid's pattern within \(tolerance) (worst \(worst)): \(measured.joined(separator: " "))"
        )
        if let outDir { try? PNGCodec.write(rgba, to: "\(outDir)/vivid-\(format.fourCC)-\(width)x\(height).png") }
        camera.stop()
    } catch {
        check(false, "\(format): capture failed: \(error)")
    }
}

// Frame rate through VIDIOC_S_PARM, read back.
do {
    let rate = try device.setFrameRate(15)
    check(rate == 15, "VIDIOC_S_PARM 15 fps → driver reports \(rate.map { "\($0)" } ?? "nil")")
} catch { check(false, "frame rate: \(error)") }

// Controls: list, set, read back, reject out-of-range.
do {
    let controls = device.controls()
    let brightness = try device.control(named: "Brightness")
    try device.setControl("brightness", to: 100)
    let back = try device.controlValue("brightness")
    var rejected = false
    do { try device.setControl("brightness", to: brightness.maximum + 1) } catch .invalidControlValue {
        rejected = true
    } catch {}
    check(
        back == 100 && rejected,
        "controls: \(controls.count) listed; brightness set to 100 → \(back); out-of-range value rejected")
    try device.setControl("brightness", to: brightness.defaultValue)
} catch { check(false, "controls: \(error)") }

// --control's settings: a number, a menu entry by label, an unknown name with a suggestion, a wrong kind.
do {
    try device.apply(ControlSetting(parsing: "brightness=90"))
    let number = try device.controlValue("brightness")
    try device.apply(ControlSetting(parsing: "OSD Text Mode=None"))
    let menu = try device.control(named: "osd_text_mode")
    let menuLabel = menu.menu.first { $0.index == menu.value }?.label
    var unknown = "", wrongKind = ""
    do { try device.apply(ControlSetting(parsing: "brightnes=5")) } catch { unknown = "\(error)" }
    do { try device.apply(ControlSetting(parsing: "brightness=on")) } catch { wrongKind = "\(error)" }
    check(
        number == 90 && menuLabel == "None" && unknown.contains("did you mean 'brightness'")
            && wrongKind.contains("Brightness"),
        "--control: brightness=90 → \(number); OSD Text Mode=None → \(menuLabel ?? "?"); unknown: \(unknown); "
            + "wrong kind: \(wrongKind)")
    try device.setControl("brightness", to: 128)
} catch { check(false, "--control settings: \(error)") }

runBufferLoanChecks(device: device, width: width, height: height)  // BufferLoanChecks.swift
runDMABufImportCheck(device: device, width: width, height: height)
runOwnDMABufImportCheck(width: width, height: height)

// DMABUF export, and a second opener gets the typed busy error while this one streams.
do {
    let camera = try Camera(device: device, request: CaptureRequest(width: width, height: height, formats: [.nv12]))
    _ = try camera.nextFrame(timeout: 5)
    let dmabuf = try camera.exportDMABUF(bufferIndex: 0)
    let negotiated = camera.format
    let lumaBytes = negotiated.bytesPerLine * negotiated.height
    check(
        dmabuf.fileDescriptors.count == 1 && dmabuf.planes.allSatisfy { $0.fd >= 0 } && dmabuf.fourCC == "NV12"
            && dmabuf.width == negotiated.width && dmabuf.height == negotiated.height
            && dmabuf.planes.map(\.offset) == [0, lumaBytes]
            && dmabuf.planes.map(\.bytesPerRow) == [negotiated.bytesPerLine, negotiated.bytesPerLine],
        "VIDIOC_EXPBUF: buffer 0 exported as \(dmabuf)")
    dmabuf.fileDescriptors.filter { $0 >= 0 }.forEach { close($0) }
    do {
        _ = try Camera(path: vividPath, request: CaptureRequest(width: width, height: height, formats: [.nv12]))
        check(false, "second opener while streaming: expected .busy, got a camera")
    } catch .busy(let p) {
        check(p == vividPath, "second opener while streaming → CaptureError.busy(\(p))")
    } catch { check(false, "second opener while streaming: expected .busy, got \(error)") }

    // Device gone mid-stream: unbind vivid's platform device; the stream must end with .deviceGone, not hang.
    if unbind {
        let path = "/sys/bus/platform/drivers/vivid/unbind"
        let fdU = open(path, O_WRONLY)
        if fdU >= 0 {
            var t0 = timespec()
            clock_gettime(CLOCK_MONOTONIC, &t0)
            _ = "vivid.0".withCString { write(fdU, $0, 7) }
            close(fdU)
            var outcome = "no error"
            var gone = false
            for _ in 0..<20 {
                do { _ = try camera.nextFrame(timeout: 3) } catch .deviceGone {
                    gone = true
                    outcome = "deviceGone"
                    break
                } catch {
                    outcome = "\(error)"
                    break
                }
            }
            var t1 = timespec()
            clock_gettime(CLOCK_MONOTONIC, &t1)
            let secs = Double(t1.tv_sec - t0.tv_sec) + Double(t1.tv_nsec - t0.tv_nsec) / 1e9
            var again = false
            do { _ = try camera.nextFrame(timeout: 1) } catch .deviceGone { again = true } catch {}
            check(
                gone && again,
                "vivid unbound mid-stream → \(outcome) after \(fmt2(secs)) s, later calls too (\(camera.deliveredFrames) frames delivered)"
            )
        } else {
            check(false, "cannot open \(path) to unbind vivid")
        }
    }
} catch { check(false, "dmabuf/busy/unbind: \(error)") }

runDisplayChecks(outDir: outDir)  // DisplayChecks.swift: DRM/KMS preview on vkms
print(failures == 0 ? "ALL PASSED" : "\(failures) CHECK(S) FAILED")
exit(failures == 0 ? 0 : 1)
