import Foundation
import IrisCPU
import IrisCore
import IrisFilters
import IrisGLES
import IrisPipeline
import IrisVideo
import Testing

/// The metrics' byte counters against a run counted by hand: a 64×48 I420 clip (4,608 bytes a frame: 3,072 of
/// luma, 768 of each chroma plane) through a vignette, rendered straight into the encoder's I420 planes (4,608
/// bytes again: no preview asks for the 12,288-byte BGRA picture) and recorded; and the same clip unfiltered,
/// whose frames are the encoder's planes already.
@Suite(.serialized) struct PipelineByteCountTests {
    static let frames = 4, width = 64, height = 48
    static let sourceBytes = 64 * 48 + 2 * (32 * 24)
    static let planeBytes = 64 * 48 + 2 * (32 * 24)

    /// A filter that reads the pixel's position, so no renderer bakes it into a colour cube.
    static let vignette = FilterSpec.vignette(intensity: 0.5, radius: 1)

    /// A run of the clip (I420, or its frames as headerless NV12 with `nv12`) recorded to `name`.
    static func run(
        renderer: RendererPreference, filters: [FilterSpec] = [vignette], recordingTo name: String = "out.mkv",
        nv12: Bool = false
    ) throws -> (metrics: MetricsSnapshot, source: [Frame], recording: String) {
        let directory = try PipelineTestClips.temporaryDirectory()
        let clip = directory + "/clip.y4m"
        let source = try PipelineTestClips.movingQRCode(at: clip, frames: frames, width: width, height: height)
        var request = SourceRequest(path: clip)
        if nv12 {
            request = SourceRequest(path: directory + "/clip.yuv", width: width, height: height, formats: [.nv12])
            let bytes = source.flatMap { frame -> [UInt8] in
                let planes = frame.buffer.planes.map(\.bytes)
                return planes[0] + zip(planes[1], planes[2]).flatMap { [$0, $1] }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: request.path))
        }
        var config = PipelineConfiguration(source: request)
        config.filters = filters
        config.renderer = renderer
        config.overlays = false
        var record = RecordOutput(path: directory + "/" + name)
        if name.hasSuffix(".mkv") { record.codec = .ffv1 }
        config.record = record
        let summary = try Pipeline(configuration: config).run()
        #expect(summary.errors.isEmpty, "\(summary.errors)")
        #expect(summary.metrics.framesRecorded == frames)
        return (summary.metrics, source, directory + "/" + name)
    }

    @Test func theCPURendererWritesTheEncoderPlanesAndTheRecorderOnlyCopiesThem() throws {
        let m = try Self.run(renderer: .cpu).metrics
        #expect(m.framesRecordedUnrendered == 0)
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
        let m = try Self.run(renderer: .gles).metrics
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
        let cubed = try Self.run(renderer: .gles, filters: [.sepiaTone(intensity: 0.5), Self.vignette]).metrics
        let plain = try Self.run(renderer: .gles).metrics
        let extra = try #require(cubed.bytes["render"]).gpuUploaded - (try #require(plain.bytes["render"])).gpuUploaded
        let atlases = ColorCubeBaker.sizes.flatMap { size -> [Int] in
            var columns = 1
            while columns * columns < size { columns += 1 }
            let texels = columns * size * ((size + columns - 1) / columns) * size
            return [texels * 4, texels * 8]
        }
        #expect(atlases.contains(extra), "cube upload \(extra) bytes; one atlas is one of \(atlases)")
    }

    /// An unfiltered frame already in the recording's layout and colours is handed to the recorder as it is: no
    /// render bytes, and the recorded frames are the source's, byte for byte.
    @Test(arguments: [RendererPreference.cpu, .gles])
    func anUnfilteredFrameIsRecordedWithoutARender(renderer: RendererPreference) throws {
        if renderer == .gles && (try? GLESRenderer()) == nil { return }
        let (m, source, path) = try Self.run(renderer: renderer, filters: [], recordingTo: "out.y4m")
        #expect(m.bytes["render"] == ByteTraffic())
        #expect(m.framesRecordedUnrendered == Self.frames)
        #expect(StatusLine.summary(for: m).contains("render: 4 frames recorded as they came"))
        #expect(m.bytes["record"] == ByteTraffic(cpuCopied: Self.frames * Self.planeBytes))
        try Self.expectRecording(at: path, holds: source)
    }

    /// An unfiltered NV12 frame keeps its layout to the recorder, which lays its chroma out as I420 for the
    /// file: still no render, and the recorded frames are the source's samples.
    @Test func anUnfilteredNV12FrameGoesToTheRecorderInItsOwnLayout() throws {
        let (m, source, path) = try Self.run(renderer: .cpu, filters: [], recordingTo: "out.y4m", nv12: true)
        #expect(m.bytes["render"] == ByteTraffic())
        #expect(m.bytes["record"] == ByteTraffic(cpuConverted: Self.frames * Self.planeBytes))
        try Self.expectRecording(at: path, holds: source)
    }

    /// The Y4M recording at `path` holds `source`'s I420 frames, byte for byte.
    static func expectRecording(at path: String, holds source: [Frame]) throws {
        let recording = try Recording(path: path)
        var recorded: [Frame] = []
        while let frame = try recording.nextFrame() { recorded.append(frame) }
        #expect(recorded.count == source.count)
        for (written, original) in zip(recorded, source) {
            #expect(written.buffer.format == .i420)
            let same = written.buffer.packedBytes == original.buffer.packedBytes
            #expect(same, "the recorded frame is the source's")
        }
    }
}
