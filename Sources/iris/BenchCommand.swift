import ArgumentParser
import Foundation
import IrisCore
import IrisCPU
import IrisGLES

/// `iris bench`: NV12 → five colour filters → RGBA at 720p and 1080p. Every figure comes from the same
/// run: fused against unfused, GLES against CPU, and the CPU's NV12→RGBA step against libyuv and a copy.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the fused filter chain against its baselines (prints a Markdown table).")

    @Option(help: "Frame sizes, comma-separated (720p, 1080p, or WxH).") var sizes: String = "720p,1080p"
    @Option(help: "Timed iterations per figure (after one warm-up).") var iterations: Int = 10
    @Flag(help: "Skip the GLES renderer.") var noGLES = false
    @Option(help: "EGL platform for GLES: gbm, surfaceless or device (default: the first that works, in that order).")
    var platform: GLESPlatform?
    @OptionGroup var pixelLimit: PixelLimitOptions

    func run() throws {
        do { try runBench() } catch { throw CLIError(error) }
    }

    private func runBench() throws {
        // Every size is checked against --max-pixels before anything is opened or allocated for any of them.
        let frameSizes = try sizes.split(separator: ",").map(Self.parseSize)
        for (text, size) in zip(sizes.split(separator: ","), frameSizes) {
            try pixelLimit.limit.check(width: size.0, height: size.1, source: "--sizes \(text)")
        }
        let gles: GLESRenderer? = noGLES ? nil : try GLESRenderer(options: .init(platform: platform))
        let cpu = CPURenderer()
        if let gles {
            print(
                "GLES: \(gles.info.renderer) (\(gles.info.version), \(gles.info.vendor), EGL \(gles.info.platform)); "
                    + "CPU: \(ProcessInfo.processInfo.activeProcessorCount) threads\n")
        }
        print("| frame | step | ms/frame | ratio |")
        print("|---|---|---:|---|")
        // GStreamer runs after every Iris row: once this process has spawned a peer, its own two-thread
        // renders measured up to 2× slower for the rest of the run (not explained; libyuv's single thread
        // was unaffected), so the peers come last.
        var peerRuns: [(label: String, size: (Int, Int), irisFused: Double)] = []
        for size in frameSizes {
            let frame = Self.testFrame(width: size.0, height: size.1)
            let chain = try Self.fiveColorFilters(Image(frame: frame))
            let label = "\(size.0)×\(size.1)"

            var rows: [(String, Double)] = []
            func measure(_ name: String, _ body: () throws -> Void) rethrows -> Double {
                let median = try MedianTiming.measure(iterations: iterations, body).milliseconds
                rows.append((name, median))
                return median
            }
            func context(_ r: any Renderer, fused: Bool, cubes: Bool = true) -> Context {
                var o = Context.Options()
                o.fusion = fused
                o.colorCubes = cubes
                // The sizes were checked against --max-pixels; the plans are held to the same number.
                o.limits = RenderLimits(megapixels: pixelLimit.maxPixels, mebibytes: nil)
                o.limits.maximumMemory = .max
                return Context(renderer: r, options: o)
            }

            if let gles {
                // The kernels themselves (no cube), whatever the driver prefers; the baked plan is timed below.
                let fused = context(gles, fused: true, cubes: false), unfused = context(gles, fused: false)
                let passes = try fused.planAndRenderer(chain).0.passes.count,
                    unfusedPasses = try unfused.planAndRenderer(chain).0.passes.count
                let f = try measure("GLES fused (\(passes) pass)") { _ = try fused.render(chain) }
                let u = try measure("GLES unfused (\(unfusedPasses) passes)") { _ = try unfused.render(chain) }
                print("| \(label) | GLES fused, \(passes) pass | \(fmt(f)) | \(fmt(u / f))× faster than unfused |")
                print("| \(label) | GLES unfused, \(unfusedPasses) passes | \(fmt(u)) | baseline |")
            }
            let bakedContext = context(cpu, fused: true)
            let cube = try bakedContext.planAndRenderer(chain).0.lookupNodes.first?.cube.size
            let cf = try measure("CPU fused") { _ = try bakedContext.render(chain) }
            let ce = try measure("CPU fused, exact kernels") {
                _ = try context(cpu, fused: true, cubes: false).render(chain)
            }
            let cu = try measure("CPU unfused") { _ = try context(cpu, fused: false).render(chain) }
            let how = cube.map { "one \($0)³ cube" } ?? "no cube"
            print(
                "| \(label) | CPU fused (\(how)) | \(fmt(cf)) | \(fmt(cu / cf))× faster than unfused, \(fmt(ce / cf))× faster than exact kernels |"
            )
            print("| \(label) | CPU fused, exact kernels | \(fmt(ce)) | \(fmt(cu / ce))× faster than unfused |")
            print("| \(label) | CPU unfused | \(fmt(cu)) | baseline |")
            // A cube costs one lookup however many colour filters it holds.
            for count in [1, 10] {
                let image = try Self.colorFilters(count, Image(frame: frame))
                let t = try measure("CPU \(count) filters") { _ = try bakedContext.render(image) }
                print(
                    "| \(label) | CPU, \(count) colour filter\(count == 1 ? "" : "s") (cube) | \(fmt(t)) | \(fmt(t / cf))× the 5-filter time |"
                )
            }
            // A slider change: a new exposure each time (never one an earlier size used), so every render
            // bakes its cube afresh.
            var ev = 0.3 + Double(size.0 % 7) * 0.003
            let rebake = try measure("CPU re-bake and render") {
                ev += 1e-5
                _ = try bakedContext.render(try Self.fiveColorFilters(Image(frame: frame), exposure: ev))
            }
            print(
                "| \(label) | CPU, new slider value every frame (bake + render) | \(fmt(rebake)) | bake ≈ \(fmt(max(rebake - cf, 0))) ms |"
            )
            peerRuns.append((label, size, cf))
            if let gf = rows.first(where: { $0.0.hasPrefix("GLES fused") })?.1 {
                print("| \(label) | GLES fused vs CPU fused | | GLES \(fmt(cf / gf))× the CPU's speed |")
            }
            // Whether GLES should bake too: the CPU's baked plan run by GLES, the cube read from its atlas.
            if let gles, let gf = rows.first(where: { $0.0.hasPrefix("GLES fused") })?.1 {
                let (bakedPlan, _) = try bakedContext.planAndRenderer(chain)
                if !bakedPlan.lookupNodes.isEmpty {
                    let gc = try measure("GLES baked") { _ = try gles.execute(bakedPlan) }
                    print(
                        "| \(label) | GLES running the baked plan (cube atlas) | \(fmt(gc)) | \(fmt(gf / gc))× the fused shader's speed |"
                    )
                }
            }

            let decodeOnly = Image(frame: frame)
            let decode = context(cpu, fused: true)
            let irisStep = try measure("Iris CPU NV12→RGBA") { _ = try decode.render(decodeOnly) }
            let libyuv = try measure("libyuv NV12ToARGB") {
                _ = try LibYUV.nv12ToARGB(frame.buffer, colorimetry: frame.colorimetry)
            }
            var destination = [UInt8](repeating: 0, count: size.0 * size.1 * 4)
            let source = [UInt8](repeating: 1, count: size.0 * size.1 * 4)
            let copy = measure("memcpy of the RGBA bytes") {
                destination.withUnsafeMutableBytes { d in source.withUnsafeBytes { s in d.copyMemory(from: s) } }
            }
            // Packed 4:2:2 (YUYV), in BT.601 video range: the one matrix libyuv has for it.
            let packed = Self.packedFrame(width: size.0, height: size.1)
            let packedImage = Image(frame: packed)
            let irisPacked = try measure("Iris CPU YUYV→RGBA") { _ = try decode.render(packedImage) }
            let libyuvPacked = try measure("libyuv YUY2ToARGB") {
                _ = try LibYUV.convert(packed.buffer, colorimetry: packed.colorimetry)
            }
            print(
                "| \(label) | CPU NV12→RGBA (Iris) | \(fmt(irisStep)) | \(fmt(irisStep / libyuv))× libyuv's time, \(fmt(irisStep / copy))× a copy's |"
            )
            print("| \(label) | libyuv NV12ToARGB | \(fmt(libyuv)) | \(fmt(libyuv / copy))× a copy's time |")
            print(
                "| \(label) | CPU YUYV→RGBA (Iris) | \(fmt(irisPacked)) | \(fmt(irisPacked / libyuvPacked))× libyuv's time |"
            )
            print(
                "| \(label) | libyuv YUY2ToARGB | \(fmt(libyuvPacked)) | \(fmt(libyuvPacked / copy))× a copy's time |")
            print("| \(label) | memcpy \(size.0 * size.1 * 4 / 1024) KiB | \(fmt(copy)) | memory-bandwidth floor |")
        }
        for run in peerRuns {
            if let gst = try GStreamerPeer.colorChain(width: run.size.0, height: run.size.1, frames: 120) {
                print(
                    "| \(run.label) | GStreamer CPU: videobalance ! videoconvert NV12→RGBA (whole pipeline / "
                        + "frame) | \(fmt(gst)) | Iris CPU fused \(fmt(gst / run.irisFused))× GStreamer's speed |"
                )
            }
        }
    }

    static func parseSize(_ text: Substring) throws -> (Int, Int) {
        switch text.lowercased() {
        case "720p": return (1280, 720)
        case "1080p": return (1920, 1080)
        case "360p": return (640, 360)
        default:
            let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
                throw CLIError.message("bad size '\(text)': use 720p, 1080p or WxH")
            }
            return (parts[0], parts[1])
        }
    }

    static func testFrame(width: Int, height: Int) -> Frame {
        var b = PixelBuffer(width: width, height: height, format: .nv12)
        for r in 0..<height { for x in 0..<width { b.planes[0].bytes[r * width + x] = UInt8(16 + (x + r) % 220) } }
        for i in stride(from: 0, to: b.planes[1].bytes.count, by: 2) {
            b.planes[1].bytes[i] = UInt8(64 + i % 128)
            b.planes[1].bytes[i + 1] = UInt8(200 - i % 128)
        }
        return Frame(buffer: b, colorimetry: Colorimetry(matrix: .bt709, range: .video))
    }

    /// The test frame's pattern as packed 4:2:2 (YUYV), BT.601 video range.
    static func packedFrame(width: Int, height: Int) -> Frame {
        var b = PixelBuffer(width: width, height: height, format: .yuyv)
        let stride = b.planes[0].bytesPerRow
        for r in 0..<height {
            for pair in 0..<(width / 2) {
                let o = r * stride + pair * 4
                b.planes[0].bytes[o] = UInt8(16 + (2 * pair + r) % 220)
                b.planes[0].bytes[o + 2] = UInt8(16 + (2 * pair + 1 + r) % 220)
                b.planes[0].bytes[o + 1] = UInt8(64 + (2 * pair) % 128)
                b.planes[0].bytes[o + 3] = UInt8(200 - (2 * pair) % 128)
            }
        }
        return Frame(buffer: b, colorimetry: .default)
    }

    static func fiveColorFilters(_ image: Image, exposure: Double = 0.3) throws -> Image {
        try image
            .applyingFilter(.sepiaTone(intensity: 0.5))
            .applyingFilter(.hueAdjust(angle: 0.4))
            .applyingFilter(.colorControls(saturation: 1.2, brightness: 0.02, contrast: 1.1))
            .applyingFilter(.exposureAdjust(ev: exposure))
            .applyingFilter(.vibrance(amount: 0.4))
    }

    /// `count` colour filters, cycling through the five of the main chain with gentler settings.
    static func colorFilters(_ count: Int, _ image: Image) throws -> Image {
        var out = image
        for i in 0..<count {
            switch i % 5 {
            case 0: out = try out.applyingFilter(.sepiaTone(intensity: 0.2))
            case 1: out = try out.applyingFilter(.hueAdjust(angle: 0.1))
            case 2: out = try out.applyingFilter(.colorControls(saturation: 1.05, brightness: 0, contrast: 1.02))
            case 3: out = try out.applyingFilter(.exposureAdjust(ev: 0.05))
            default: out = try out.applyingFilter(.vibrance(amount: 0.1))
            }
        }
        return out
    }
}

extension GLESPlatform: ExpressibleByArgument {}

private func fmt(_ v: Double) -> String { String(format: v >= 10 ? "%.1f" : "%.2f", v) }
