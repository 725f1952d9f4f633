import IrisCore
import IrisGLES
import Testing

/// `GLESRenderer.timeStages`: one render timed step by step, with nothing lost or made up.
@Suite struct StageTimesTests {
    @Test func eachStepIsTimedAndTheRenderStillHappens() throws {
        let gles = try GLESRenderer()  // its own: the shared one's traffic counts other tests' renders too
        let frame = PixelBuffer(width: 64, height: 48, format: .nv12)
        let image = try Image(frame: Frame(buffer: frame, colorimetry: .default))
        let (plan, _) = try Context(renderer: gles).planAndRenderer(image)
        let before = gles.traffic
        let toRGBA = try gles.timeStages(plan)
        let toPlanes = try gles.timeStages(plan, encoding: EncoderPlanes(layout: .nv12))
        for times in [toRGBA, toPlanes] {
            #expect(times.upload > .zero && times.passes > .zero && times.readback > .zero)
            #expect(times.total == times.upload + times.passes + times.readback)
        }
        // The two timed renders moved what two renders move: both uploads, an RGBA and an NV12 readback.
        let moved = gles.traffic - before
        #expect(moved.gpuUploaded == 2 * (64 * 48 * 3 / 2))
        #expect(moved.gpuReadBack == 64 * 48 * 4 + 64 * 48 * 3 / 2)
    }
}
