import Foundation
import IrisCore
import IrisFilters
import IrisGLES
import IrisPipeline
import IrisCPU
import IrisVideo
import Synchronization
import Testing

/// A GLES recording whose readbacks are collected a frame late (`Context.submit`, pixel buffer objects) still
/// records every frame, in order: each recorded frame matches the CPU renderer's recording of the same frame;
/// and the pictures a web viewer gets beside the recording, collected with the planes, are the frames their
/// index says.
@Suite(.serialized) struct PipelinedReadbackTests {
    /// A filter that leaves the picture as it is but makes every frame a render (an unfiltered frame is recorded
    /// as it came, with no readback to test).
    static let rendered = FilterSpec.exposureAdjust(ev: 0)

    /// A run of `clip` through `rendered`, recorded to `path`, without overlays.
    static func recording(_ clip: String, renderer: RendererPreference, to path: String) -> PipelineConfiguration {
        var config = PipelineConfiguration(source: SourceRequest(path: clip))
        config.renderer = renderer
        config.filters = [rendered]
        config.overlays = false
        config.record = RecordOutput(path: path)
        return config
    }

    static func record(_ clip: String, renderer: RendererPreference, to path: String) throws -> MetricsSnapshot {
        let summary = try Pipeline(configuration: recording(clip, renderer: renderer, to: path)).run()
        #expect(summary.errors.isEmpty, "\(summary.errors)")
        return summary.metrics
    }

    @Test(.enabled(if: (try? GLESRenderer())?.info.readsBackAsynchronously == true))
    func everyFrameArrivesInOrder() throws {
        let directory = try PipelineTestClips.temporaryDirectory()
        let clip = directory + "/clip.y4m"
        let frames = 6
        _ = try PipelineTestClips.movingQRCode(at: clip, frames: frames, width: 96, height: 64)
        let gles = try Self.record(clip, renderer: .gles, to: directory + "/gles.y4m")
        _ = try Self.record(clip, renderer: .cpu, to: directory + "/cpu.y4m")
        #expect(gles.framesRecorded == frames)
        // The planes were read back, in the mapped buffer: nothing copied out of it.
        #expect(gles.framesRecordedUnrendered == 0 && (gles.bytes["render"]?.gpuReadBack ?? 0) > 0)
        #expect(gles.bytes["render"]?.cpuCopied == 0)
        let fromGPU = try Y4MReader(path: directory + "/gles.y4m"),
            fromCPU = try Y4MReader(path: directory + "/cpu.y4m")
        var compared = 0
        while let a = try fromGPU.nextFrame(), let b = try fromCPU.nextFrame() {
            let luma = zip(a.buffer.planes[0].bytes, b.buffer.planes[0].bytes)
            let worst = luma.map { abs(Int($0) - Int($1)) }.max() ?? 0
            // The code moves 4 px a frame, so a frame out of place differs by far more than rounding.
            #expect(worst <= 3, "frame \(compared): worst luma difference \(worst)")
            compared += 1
        }
        #expect(compared == frames)
    }

    /// A viewer of the run's stream, keeping every frame it is sent.
    final class StreamViewer: LiveOutput {
        let configuredAs = "test viewer", url = "test viewer"
        private let state = Mutex<(frames: [LiveFrame], quality: Int, subscription: LiveSubscription?)>(([], 0, nil))

        func attach(_ view: LiveView) {
            let subscription = view.frames.subscribe { [weak self] frame in self?.keep(frame) }
            state.withLock {
                $0.quality = view.quality
                $0.subscription = subscription
            }
        }
        func keep(_ frame: LiveFrame) { state.withLock { $0.frames.append(frame) } }
        func finish() { state.withLock { $0.subscription?.cancel() } }
        var frames: [LiveFrame] { state.withLock { $0.frames } }
        var quality: Int { state.withLock { $0.quality } }
    }

    @Test(.enabled(if: (try? GLESRenderer())?.info.readsBackAsynchronously == true))
    func aViewersPictureIsTheFrameItsIndexSays() throws {
        let directory = try PipelineTestClips.temporaryDirectory()
        let clip = directory + "/clip.y4m"
        let frames = 8
        _ = try PipelineTestClips.movingQRCode(at: clip, frames: frames, width: 96, height: 64)
        var config = Self.recording(clip, renderer: .gles, to: directory + "/gles.y4m")
        config.webFrameRate = 240
        let viewer = StreamViewer()
        let summary = try Pipeline(configuration: config).run(outputs: [viewer])
        #expect(summary.errors.isEmpty, "\(summary.errors)")
        #expect(summary.metrics.framesRecorded == frames)
        // The planes and the picture were both read in the mapped buffer.
        #expect(summary.metrics.bytes["render"]?.cpuCopied == 0)

        // What the CPU renderer makes of each frame, through the same JPEG encoder.
        var options = Context.Options()
        options.outputFormat = .bgra8
        let cpu = Context(renderer: CPURenderer(), options: options)
        let reader = try Y4MReader(path: clip)
        var expected: [PixelBuffer] = []
        while let frame = try reader.nextFrame() {
            let picture = try cpu.render(Image(frame: frame).applyingFilter(Self.rendered))
            expected.append(try JPEGCodec.decode(JPEGCodec.encode(picture, quality: viewer.quality)))
        }
        func meanDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
            let pairs = zip(a.planes[0].bytes, b.planes[0].bytes)
            return Double(pairs.reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.planes[0].byteCount)
        }
        let shown = viewer.frames.filter { !$0.isNoSignal }
        #expect(!shown.isEmpty)
        #expect(shown.map(\.index) == shown.map(\.index).sorted())
        // Every picture reached the viewers' stage, the last one too, which was still in flight when the
        // source ended (the stream itself is paced, so it skips some).
        #expect(summary.metrics.queues["web"]?.pushed == frames)
        for frame in shown {
            let picture = try JPEGCodec.decode(frame.jpeg)
            let own = meanDifference(picture, expected[frame.index])
            let neighbour = meanDifference(picture, expected[frame.index == 0 ? 1 : frame.index - 1])
            // The code moves 4 px a frame: a neighbour differs far more than the renderers' rounding.
            #expect(
                own < 1.5 && neighbour > 3 * own, "frame \(frame.index): \(own) to its own, \(neighbour) to a neighbour"
            )
        }
    }
}
