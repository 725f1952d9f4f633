// The DRM/KMS preview's acceptance checks against the real vkms driver: listing, typed errors, and frames
// from both renderers shown on vkms and read back through the writeback connector (and a GETFB2 grab),
// which must match what Iris rendered, letterbox bars included. Run by main.swift after the V4L2 checks.
import IrisCPU
import IrisCore
import IrisGLES
import IrisVideo
#if canImport(Glibc)
    import Glibc
#endif

/// A 160×90 frame (16:9) in four flat quadrants, so it letterboxes into 640×480 at scale 4 with 60-row bars.
func displayTestFrame(variant: Int) -> PixelBuffer {
    let palette: [SIMD4<UInt8>] = [[230, 30, 20, 255], [20, 200, 60, 255], [30, 60, 220, 255], [240, 240, 240, 255]]
    var buffer = PixelBuffer(width: 160, height: 90, format: .rgba8)
    for row in 0..<90 {
        for x in 0..<160 {
            let q = ((row < 45 ? 0 : 2) + (x < 80 ? 0 : 1) + variant) % 4
            let o = row * buffer.planes[0].bytesPerRow + x * 4
            for c in 0..<4 { buffer.planes[0].bytes[o + c] = palette[q][c] }
        }
    }
    return buffer
}

/// Largest channel difference between two RGBA8/BGRA8 buffers of one size, and how many pixels differ.
func compareFrames(_ a: PixelBuffer, _ b: PixelBuffer) -> (maxDiff: Int, differing: Int) {
    guard a.width == b.width, a.height == b.height else { return (255, a.width * a.height) }
    var worst = 0, count = 0
    for row in 0..<a.height {
        for x in 0..<a.width {
            let p = a.rgba(x: x, row: row), q = b.rgba(x: x, row: row)
            let d = max(abs(Int(p.x) - Int(q.x)), abs(Int(p.y) - Int(q.y)), abs(Int(p.z) - Int(q.z)))
            if d > 0 {
                count += 1
                worst = max(worst, d)
            }
        }
    }
    return (worst, count)
}

/// Bars black, and each quadrant's centre the frame's colour (rows from the top: bars are rows 0–59, 420–479).
func letterboxLooksRight(_ shown: PixelBuffer, variant: Int) -> (Bool, String) {
    let source = displayTestFrame(variant: variant)
    var notes: [String] = []
    for (x, row) in [(5, 2), (320, 30), (630, 58), (5, 422), (320, 450), (634, 477)] {
        let p = shown.rgba(x: x, row: row)
        if p.x > 0 || p.y > 0 || p.z > 0 { notes.append("bar pixel (\(x),\(row)) is \(p)") }
    }
    for (sx, srow) in [(40, 22), (120, 22), (40, 67), (120, 67)] {
        let want = source.rgba(x: sx, row: srow), got = shown.rgba(x: sx * 4 + 2, row: 60 + srow * 4 + 2)
        let d = max(abs(Int(want.x) - Int(got.x)), abs(Int(want.y) - Int(got.y)), abs(Int(want.z) - Int(got.z)))
        if d > 2 { notes.append("content (\(sx * 4 + 2),\(60 + srow * 4 + 2)) is \(got), frame has \(want)") }
    }
    return (
        notes.isEmpty, notes.isEmpty ? "bars black, quadrant centres match the frame" : notes.joined(separator: "; ")
    )
}

func savePNG(_ buffer: PixelBuffer, _ name: String, outDir: String?) {
    guard let outDir else { return }
    var rgba = PixelBuffer(width: buffer.width, height: buffer.height, format: .rgba8)
    for row in 0..<buffer.height {
        for x in 0..<buffer.width {
            let p = buffer.rgba(x: x, row: row), o = row * rgba.planes[0].bytesPerRow + x * 4
            rgba.planes[0].bytes[o] = p.x
            rgba.planes[0].bytes[o + 1] = p.y
            rgba.planes[0].bytes[o + 2] = p.z
            rgba.planes[0].bytes[o + 3] = 255
        }
    }
    try? PNGCodec.write(rgba, to: outDir + "/" + name)
}

func seconds(since start: timespec) -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
}

@MainActor func runDisplayChecks(outDir: String?) {
    print("== DRM/KMS display (vkms)")
    guard
        let path = DisplayCard.cardPaths().first(where: {
            (try? DisplayCard(path: $0, requireMaster: false))?.driver == "vkms"
        })
    else {
        check(false, "a vkms card exists (is vkms loaded?) — cards: \(DisplayCard.cardPaths())")
        return
    }
    let frames = 3
    // The checks are about scanout, not colour: without colour management a debug CPU render of 640×480
    // under TCG takes a few seconds instead of ~20 (pow per channel).
    let colorManagement = false
    let request = ModeRequest(width: 640, height: 480)
    var savedFB: UInt32 = 0
    do {
        let probe = try DisplayCard(path: path, requireMaster: false)
        let res = try probe.resources()
        let virtual = res.connectors.first { $0.connected && !$0.isWriteback }
        let primary = res.planes.first { $0.kind == .primary }
        check(
            virtual != nil && primary?.formats.contains("XR24") == true && !res.crtcs.isEmpty,
            "\(path) (\(probe.driver)): \(res.connectors.map(\.description)), \(res.crtcs.count) CRTC, \(res.planes.map(\.description))"
        )
        let choice = try ModeChoice.choose(in: res, path: path)
        check(
            choice.mode.preferred,
            "default mode is the preferred one: \(choice.connector.name) \(choice.mode) on CRTC \(choice.crtc.id)")
        savedFB = res.crtcs.first(where: { $0.id == choice.crtc.id })?.framebuffer ?? 0
    } catch { check(false, "list \(path): \(error)") }

    do {
        _ = try Display(card: path, mode: ModeRequest(width: 123, height: 45))
        check(false, "mode 123x45: expected .modeNotOffered, got a display")
    } catch .modeNotOffered(let p, let connector, let requested, let offered) {
        check(
            p == path && requested == "123x45" && !offered.isEmpty,
            "mode 123x45 → DisplayError.modeNotOffered(\(connector), \(offered.count) modes offered)")
    } catch { check(false, "mode 123x45: expected .modeNotOffered, got \(error)") }

    // The dumb-buffer path: the CPU renderer's frames, letterboxed in the recipe.
    do {
        let display = try Display(card: path, mode: request)
        check(
            display.savedFramebuffer == savedFB,
            "CPU path: \(display.connector.name) \(display.mode) on CRTC \(display.crtc.id); saved CRTC fb \(display.savedFramebuffer)"
        )
        do {
            _ = try Display(card: path)
            check(false, "second opener while Iris displays: expected .notMaster, got a display")
        } catch .notMaster(let p) {
            check(p == path, "second opener while Iris holds the card → DisplayError.notMaster(\(p))")
        } catch { check(false, "second opener: expected .notMaster, got \(error)") }

        var options = Context.Options()
        options.outputFormat = .bgra8
        options.colorManagement = colorManagement
        let context = Context(renderer: CPURenderer(), options: options)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        // One rendered frame (a debug CPU render of 640×480 costs ~15 s under TCG), shown four times from the
        // two dumb buffers in turn: 1 mode set + 3 page flips.
        let last = try context.render(
            Image(buffer: displayTestFrame(variant: 1)).letterboxed(width: display.width, height: display.height))
        let renderTime = seconds(since: start)
        var flipTimes: [Double] = []
        clock_gettime(CLOCK_MONOTONIC, &start)
        for _ in 0..<4 {
            try display.show(last)
            if let f = display.lastFlip { flipTimes.append(f.seconds) }
        }
        let took = seconds(since: start)
        let intervals = zip(flipTimes.dropFirst(), flipTimes).map { $0 - $1 }
        check(
            display.framesShown == 4 && flipTimes.count == 3 && intervals.allSatisfy { $0 > 0.010 },
            "CPU path: frame rendered in \(fmt2(renderTime)) s, shown as 4 (1 mode set + 3 vblank-paced page "
                + "flips) in \(fmt2(took)) s; flip-to-flip \(intervals.map { fmt2($0 * 1000) }) ms"
        )
        let shown = try display.captureWriteback()
        let (worst, differing) = compareFrames(shown, last)
        check(
            worst == 0,
            "CPU path: writeback read-back equals the rendered frame (\(differing) pixels differ, max \(worst))")
        let (ok, why) = letterboxLooksRight(shown, variant: 1)
        check(ok, "CPU path: letterbox on screen: \(why)")
        savePNG(shown, "display-cpu-writeback.png", outDir: outDir)
        let grabbed = try display.grabScanout()
        check(compareFrames(grabbed, last).maxDiff == 0, "CPU path: GETFB2 grab equals the rendered frame")
        display.close()
        let after = try DisplayCard(path: path, requireMaster: false).resources().crtcs.first {
            $0.id == display.crtc.id
        }
        check(
            after?.framebuffer == savedFB && savedFB != 0,
            "CPU path: CRTC restored on close (fb \(after?.framebuffer ?? 0), saved \(savedFB))")
    } catch { check(false, "CPU path on \(path): \(error)") }

    // The GBM/EGL path: the GLES renderer draws the output pass into GBM buffers on the vkms card.
    do {
        let display = try Display(card: path, mode: request)
        let scanout = try GLESScanoutRenderer(card: path, width: display.width, height: display.height)
        var options = Context.Options()
        options.colorManagement = colorManagement
        let context = Context(renderer: scanout.renderer, options: options)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var lastPlan: RenderPlan?
        var ids: Set<Int> = []
        for k in 0..<frames {
            let (plan, _) = try context.planAndRenderer(
                Image(buffer: displayTestFrame(variant: k)).letterboxed(width: display.width, height: display.height))
            let buffer = try scanout.render(plan)
            ids.insert(buffer.id)
            if k == 0 { print("     first scanout buffer: \(buffer)") }
            if let gone = try display.show(buffer) { scanout.release(gone) }
            lastPlan = plan
        }
        let took = seconds(since: start)
        check(
            display.framesShown == frames && ids.count >= 2,
            "GLES path: \(frames) frames rendered into \(ids.count) GBM buffers on \(path) and flipped in \(fmt2(took)) s (\(scanout.renderer.info))"
        )
        let shown = try display.captureWriteback()
        if let plan = lastPlan {
            let reference = try scanout.renderer.execute(plan)
            let (worst, differing) = compareFrames(shown, reference)
            check(
                worst == 0,
                "GLES path: writeback read-back equals the GLES readback of the same plan (\(differing) pixels differ, max \(worst))"
            )
        }
        let (ok, why) = letterboxLooksRight(shown, variant: frames - 1)
        check(ok, "GLES path: letterbox on screen: \(why)")
        savePNG(shown, "display-gles-writeback.png", outDir: outDir)
        do {
            let grabbed = try display.grabScanout()
            check(compareFrames(grabbed, shown).maxDiff == 0, "GLES path: GETFB2 grab equals the writeback")
        } catch { print("NOTE GLES path: GETFB2 grab unavailable: \(error)") }
        display.close()
        let after = try DisplayCard(path: path, requireMaster: false).resources().crtcs.first {
            $0.id == display.crtc.id
        }
        check(after?.framebuffer == savedFB, "GLES path: CRTC restored on close (fb \(after?.framebuffer ?? 0))")
    } catch { check(false, "GLES path on \(path): \(error)") }
}
