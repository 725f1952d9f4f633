import Foundation
import IrisCore
import IrisGLES
import IrisPipeline
import IrisVideo
import Testing

/// A GLES recording whose readbacks are collected a frame late (`Context.submit`, pixel buffer objects) still
/// records every frame, in order: each recorded frame matches the CPU renderer's recording of the same frame.
@Suite(.serialized) struct PipelinedReadbackTests {
    static func record(_ clip: String, renderer: RendererPreference, to path: String) throws -> MetricsSnapshot {
        var config = PipelineConfiguration(source: SourceRequest(path: clip))
        config.renderer = renderer
        config.overlays = false
        config.record = RecordOutput(path: path)
        let summary = try Pipeline(configuration: config).run()
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
        // The planes were read in the mapped buffer: nothing copied out of it.
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
}
