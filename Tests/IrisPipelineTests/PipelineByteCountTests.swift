import Foundation
import IrisCPU
import IrisCore
import IrisFilters
import IrisGLES
import IrisPipeline
import IrisVideo
import Testing

/// The metrics' byte counters against a run counted by hand: a 64×48 I420 clip (4,608 bytes a frame: 3,072 of
/// luma, 768 of each chroma plane) rendered straight into the encoder's I420 planes (4,608 bytes again: no
/// preview asks for the 12,288-byte BGRA picture) and recorded.
@Suite(.serialized) struct PipelineByteCountTests {
    static let frames = 4, width = 64, height = 48
    static let sourceBytes = 64 * 48 + 2 * (32 * 24)
    static let planeBytes = 64 * 48 + 2 * (32 * 24)

    static func run(renderer: RendererPreference, filters: [FilterSpec] = []) throws -> MetricsSnapshot {
        let directory = try PipelineTestClips.temporaryDirectory()
        let clip = directory + "/clip.y4m"
        _ = try PipelineTestClips.movingQRCode(at: clip, frames: frames, width: width, height: height)
        var config = PipelineConfiguration(source: SourceRequest(path: clip))
        config.filters = filters
        config.renderer = renderer
        config.overlays = false
        var record = RecordOutput(path: directory + "/out.mkv")
        record.codec = .ffv1
        config.record = record
        let summary = try Pipeline(configuration: config).run()
        #expect(summary.errors.isEmpty, "\(summary.errors)")
        #expect(summary.metrics.framesRecorded == frames)
        return summary.metrics
    }

    @Test func theCPURendererWritesTheEncoderPlanesAndTheRecorderOnlyCopiesThem() throws {
        let m = try Self.run(renderer: .cpu)
        #expect(m.bytes["capture"] == ByteTraffic(cpuCopied: Self.frames * Self.sourceBytes))
        #expect(m.bytes["render"] == ByteTraffic(cpuConverted: Self.frames * Self.planeBytes))
        #expect(m.bytes["record"] == ByteTraffic(cpuCopied: Self.frames * Self.planeBytes))
        #expect(m.bytesPerFrame["render"] == ByteTraffic(cpuConverted: Self.planeBytes))
        #expect(m.bytes["display"] == nil, "no display, no display bytes")
        // A file's frames come from its reader, copied; only a camera's are read in place (checked in the guest).
        #expect(m.framesReadInPlace == 0 && !StatusLine.summary(for: m).contains("read in place"))
        #expect(
            StatusLine.summary(for: m).contains(
                "bytes a frame: capture copied 4608 B; render converted 4608 B; record copied 4608 B"))
    }

    @Test(.enabled(if: (try? GLESRenderer()) != nil))
    func theGLESRendererUploadsThePlanesAndReadsBackTheEncoderPlanes() throws {
        let m = try Self.run(renderer: .gles)
        #expect(m.bytes["capture"] == ByteTraffic(cpuCopied: Self.frames * Self.sourceBytes))
        // A software rasteriser reads the chroma as one interleaved plane: its 1,536 bytes interleaved first.
        let interleaved = try GLESRenderer().prefersInterleavedChroma ? 2 * (32 * 24) : 0
        #expect(
            m.bytes["render"]
                == ByteTraffic(
                    cpuConverted: Self.frames * interleaved, gpuUploaded: Self.frames * Self.sourceBytes,
                    gpuReadBack: Self.frames * Self.planeBytes))
        // GLES 3 reads back into pixel buffer objects, whose mapped planes the encoder references where they lie;
        // GLES 2 reads into arrays, which the recorder copies.
        let readsBackAsynchronously = try GLESRenderer().info.readsBackAsynchronously
        #expect(
            m.bytes["record"] == ByteTraffic(cpuCopied: readsBackAsynchronously ? 0 : Self.frames * Self.planeBytes))
    }

    @Test(.enabled(if: (try? GLESRenderer()) != nil))
    func aColourCubeIsUploadedOnceForTheWholeRun() throws {
        // On llvmpipe the chain is baked into a cube (17³, 33³ or 65³, the smallest that holds it) and the cube's
        // blue slices are tiled in a near-square grid, RGBA8 or half-float: one upload for the run, whatever the
        // frame count, not one a frame.
        let cubed = try Self.run(renderer: .gles, filters: [.sepiaTone(intensity: 0.5)])
        let plain = try Self.run(renderer: .gles)
        let extra = try #require(cubed.bytes["render"]).gpuUploaded - (try #require(plain.bytes["render"])).gpuUploaded
        let atlases = ColorCubeBaker.sizes.flatMap { size -> [Int] in
            var columns = 1
            while columns * columns < size { columns += 1 }
            let texels = columns * size * ((size + columns - 1) / columns) * size
            return [texels * 4, texels * 8]
        }
        #expect(atlases.contains(extra), "cube upload \(extra) bytes; one atlas is one of \(atlases)")
    }
}
