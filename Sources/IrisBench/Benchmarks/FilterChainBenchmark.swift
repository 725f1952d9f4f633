import Foundation
import IrisCore
import IrisCPU
import IrisGLES

/// `iris bench`: the five-filter colour chain on NV12 frames, fused and unfused, on the CPU (with and
/// without its colour cube) and on GLES, to RGBA and to a video encoder's I420 planes, against libyuv's
/// conversions, a memcpy of the same bytes and
/// GStreamer's CPU chain (when `gst-launch-1.0` is installed), as Markdown table rows with ratios.
///
///     try FilterChainBenchmark.run(sizes: [(1920, 1080)], iterations: 10, gles: nil, maximumMegapixels: nil) { print($0) }
public enum FilterChainBenchmark {
    /// Times every size in order and hands each table line to `emit` as soon as it is known. The sizes must
    /// already be checked against the pixel limit (`maximumMegapixels`, which the plans are held to).
    public static func run(
        sizes frameSizes: [(Int, Int)], iterations: Int, gles: GLESRenderer?, maximumMegapixels: Double?,
        emit: (String) -> Void
    ) throws {
        let cpu = CPURenderer()
        if let gles {
            emit(
                "GLES: \(gles.info.renderer) (\(gles.info.version), \(gles.info.vendor), EGL \(gles.info.platform)); "
                    + "CPU: \(ProcessInfo.processInfo.activeProcessorCount) threads\n")
        }
        emit("| frame | step | ms/frame | ratio |")
        emit("|---|---|---:|---|")
        // GStreamer runs after every Iris row: once this process has spawned a peer, its own two-thread
        // renders measured up to 2× slower for the rest of the run (not explained; libyuv's single thread
        // was unaffected), so the peers come last.
        var peerRuns: [(label: String, size: (Int, Int), irisFused: Double)] = []
        for size in frameSizes {
            let frame = BenchFrames.testFrame(width: size.0, height: size.1)
            let chain = try BenchFrames.fiveColorFilters(Image(frame: frame))
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
                o.limits = RenderLimits(megapixels: maximumMegapixels, mebibytes: nil)
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
                emit("| \(label) | GLES fused, \(passes) pass | \(fmt(f)) | \(fmt(u / f))× faster than unfused |")
                emit("| \(label) | GLES unfused, \(unfusedPasses) passes | \(fmt(u)) | baseline |")
                // Each step of the fused render alone, glFinish between them (medians over the iterations).
                let stagePlan = try fused.planAndRenderer(chain).0
                let toRGBA = try medianStages(gles, stagePlan, encoding: nil, iterations: iterations)
                let toPlanes = try medianStages(
                    gles, stagePlan, encoding: EncoderPlanes(layout: .i420, colorimetry: .default),
                    iterations: iterations)
                emit("| \(label) | GLES step: upload the NV12 planes (1.5 B/px) | \(fmt(toRGBA.upload)) | |")
                emit("| \(label) | GLES step: the fused pass | \(fmt(toRGBA.passes)) | |")
                emit(
                    "| \(label) | GLES step: read back RGBA (4 B/px, glReadPixels) | \(fmt(toRGBA.readback)) | baseline |"
                )
                emit(
                    "| \(label) | GLES step: draw and read back the I420 encoder planes (1.5 B/px) | "
                        + "\(fmt(toPlanes.readback)) | \(fmt(toRGBA.readback / max(toPlanes.readback, 1e-6)))× the RGBA readback's speed |"
                )
            }
            let bakedContext = context(cpu, fused: true)
            let cube = try bakedContext.planAndRenderer(chain).0.lookupNodes.first?.cube.size
            let cf = try measure("CPU fused") { _ = try bakedContext.render(chain) }
            let ce = try measure("CPU fused, exact kernels") {
                _ = try context(cpu, fused: true, cubes: false).render(chain)
            }
            let cu = try measure("CPU unfused") { _ = try context(cpu, fused: false).render(chain) }
            let how = cube.map { "one \($0)³ cube" } ?? "no cube"
            emit(
                "| \(label) | CPU fused (\(how)) | \(fmt(cf)) | \(fmt(cu / cf))× faster than unfused, \(fmt(ce / cf))× faster than exact kernels |"
            )
            emit("| \(label) | CPU fused, exact kernels | \(fmt(ce)) | \(fmt(cu / ce))× faster than unfused |")
            emit("| \(label) | CPU unfused | \(fmt(cu)) | baseline |")
            // A cube costs one lookup however many colour filters it holds; one filter (sepia, a matrix) is
            // curves, a matrix and curves, which the camera path draws from its ChannelMatrixForm.
            for count in [1, 10] {
                let image = try BenchFrames.colorFilters(count, Image(frame: frame))
                let baked = try bakedContext.planAndRenderer(image).0.lookupNodes.first?.cube
                let form = baked.map { $0.channelMatrix == nil ? "cube" : "curves, matrix, curves" } ?? "exact"
                let t = try measure("CPU \(count) filters") { _ = try bakedContext.render(image) }
                emit(
                    "| \(label) | CPU, \(count) colour filter\(count == 1 ? "" : "s") (\(form)) | \(fmt(t)) | \(fmt(t / cf))× the 5-filter time |"
                )
            }
            // A slider change: a new exposure each time (never one an earlier size used), so every render
            // bakes its cube afresh.
            var ev = 0.3 + Double(size.0 % 7) * 0.003
            let rebake = try measure("CPU re-bake and render") {
                ev += 1e-5
                _ = try bakedContext.render(try BenchFrames.fiveColorFilters(Image(frame: frame), exposure: ev))
            }
            emit(
                "| \(label) | CPU, new slider value every frame (bake + render) | \(fmt(rebake)) | bake ≈ \(fmt(max(rebake - cf, 0))) ms |"
            )
            peerRuns.append((label, size, cf))
            if let gf = rows.first(where: { $0.0.hasPrefix("GLES fused") })?.1 {
                emit("| \(label) | GLES fused vs CPU fused | | GLES \(fmt(cf / gf))× the CPU's speed |")
            }
            // Whether GLES should bake too: the CPU's baked plan run by GLES, the cube read from its atlas.
            if let gles, let gf = rows.first(where: { $0.0.hasPrefix("GLES fused") })?.1 {
                let (bakedPlan, _) = try bakedContext.planAndRenderer(chain)
                if !bakedPlan.lookupNodes.isEmpty {
                    let gc = try measure("GLES baked") { _ = try gles.execute(bakedPlan) }
                    emit(
                        "| \(label) | GLES running the baked plan (cube atlas) | \(fmt(gc)) | \(fmt(gf / gc))× the fused shader's speed |"
                    )
                }
            }

            // What a recording needs: the encoder's I420 planes. Written by the render itself against the
            // picture rendered and converted afterwards by libyuv (what the recorder did before).
            let planes = EncoderPlanes(layout: .i420, colorimetry: .default)
            let cpuPlanes = try measure("CPU fused → I420") { _ = try bakedContext.render(chain, encoding: planes) }
            let cpuThenLibYUV = try measure("CPU fused → BGRA, libyuv ARGBToI420") {
                _ = try LibYUV.rgbaToI420(try bakedContext.render(chain))
            }
            emit(
                "| \(label) | CPU fused → encoder planes (I420, one pass) | \(fmt(cpuPlanes)) | "
                    + "\(fmt(cpuThenLibYUV / cpuPlanes))× faster than RGBA + libyuv ARGBToI420 |")
            emit("| \(label) | CPU fused → RGBA, then libyuv ARGBToI420 | \(fmt(cpuThenLibYUV)) | baseline |")
            if let gles {
                let fused = context(gles, fused: true)
                let glesPlanes = try measure("GLES fused → I420") { _ = try fused.render(chain, encoding: planes) }
                let glesThenLibYUV = try measure("GLES fused → BGRA, libyuv ARGBToI420") {
                    _ = try LibYUV.rgbaToI420(try fused.render(chain))
                }
                emit(
                    "| \(label) | GLES fused → encoder planes (I420 drawn on the GPU, 1.5 B/px read back) | "
                        + "\(fmt(glesPlanes)) | \(fmt(glesThenLibYUV / glesPlanes))× faster than RGBA read back + libyuv |"
                )
                emit(
                    "| \(label) | GLES fused → RGBA read back (4 B/px), then libyuv ARGBToI420 | \(fmt(glesThenLibYUV)) | baseline |"
                )
                if gles.info.readsBackAsynchronously {
                    for keepingPicture in [false, true] {
                        let what = keepingPicture ? "encoder planes + RGBA picture" : "encoder planes"
                        let waiting = try measure("GLES fused → \(what), waiting") {
                            _ = try fused.render(chain, encoding: planes, keepingPicture: keepingPicture)
                        }
                        // Frame n + 1 is submitted before frame n's readback is collected, as a pipeline would.
                        var inFlight = try fused.submit(chain, encoding: planes, keepingPicture: keepingPicture)
                        let pipelined = try measure("GLES fused → \(what), asynchronous") {
                            let next = try fused.submit(chain, encoding: planes, keepingPicture: keepingPicture)
                            _ = try inFlight.result()
                            inFlight = next
                        }
                        _ = try inFlight.result()
                        emit(
                            "| \(label) | GLES fused → \(what), asynchronous readback (pixel buffer objects, frame n + 1 "
                                + "submitted before frame n is collected) | \(fmt(pipelined)) | "
                                + "\(fmt(waiting / pipelined))× the waiting readback's speed (\(fmt(waiting)) ms) |")
                    }
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
            let packed = BenchFrames.packedFrame(width: size.0, height: size.1)
            let packedImage = Image(frame: packed)
            let irisPacked = try measure("Iris CPU YUYV→RGBA") { _ = try decode.render(packedImage) }
            let libyuvPacked = try measure("libyuv YUY2ToARGB") {
                _ = try LibYUV.convert(packed.buffer, colorimetry: packed.colorimetry)
            }
            emit(
                "| \(label) | CPU NV12→RGBA (Iris) | \(fmt(irisStep)) | \(fmt(irisStep / libyuv))× libyuv's time, \(fmt(irisStep / copy))× a copy's |"
            )
            emit("| \(label) | libyuv NV12ToARGB | \(fmt(libyuv)) | \(fmt(libyuv / copy))× a copy's time |")
            emit(
                "| \(label) | CPU YUYV→RGBA (Iris) | \(fmt(irisPacked)) | \(fmt(irisPacked / libyuvPacked))× libyuv's time |"
            )
            emit(
                "| \(label) | libyuv YUY2ToARGB | \(fmt(libyuvPacked)) | \(fmt(libyuvPacked / copy))× a copy's time |")
            emit("| \(label) | memcpy \(size.0 * size.1 * 4 / 1024) KiB | \(fmt(copy)) | memory-bandwidth floor |")
        }
        for run in peerRuns {
            if let gst = try GStreamerPeer.colorChain(width: run.size.0, height: run.size.1, frames: 120) {
                emit(
                    "| \(run.label) | GStreamer CPU: videobalance ! videoconvert NV12→RGBA (whole pipeline / "
                        + "frame) | \(fmt(gst)) | Iris CPU fused \(fmt(gst / run.irisFused))× GStreamer's speed |"
                )
            }
        }
    }
}

/// Median milliseconds of each GLES step over `iterations` timed renders, after one warm-up.
private func medianStages(_ gles: GLESRenderer, _ plan: RenderPlan, encoding: EncoderPlanes?, iterations: Int) throws
    -> (upload: Double, passes: Double, readback: Double)
{
    _ = try gles.timeStages(plan, encoding: encoding)
    var runs: [GLESStageTimes] = []
    for _ in 0..<max(iterations, 1) { runs.append(try gles.timeStages(plan, encoding: encoding)) }
    func median(_ step: KeyPath<GLESStageTimes, Duration>) -> Double {
        runs.map { $0[keyPath: step].milliseconds }.sorted()[runs.count / 2]
    }
    return (median(\.upload), median(\.passes), median(\.readback))
}

private func fmt(_ v: Double) -> String { String(format: v >= 10 ? "%.1f" : "%.2f", v) }
