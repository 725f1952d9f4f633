import Foundation
import IrisCore
@testable import IrisFilters
import Testing

/// A 1500×1000 frame rendered with the texture limit lowered to 512 — through the CPU fallback and
/// through GPU tiles — equals the unlimited render.
@Suite(.serialized) struct OversizedRenderTests {
    @Test func loweredTextureLimitMatchesUnlimitedRender() throws {
        let gles = try Renderers.glesRenderer()
        let frame = Image(
            buffer: Frames.nv12(
                width: 1500, height: 1000, y: { x, r in UInt8(16 + (x / 3 + r / 2) % 220) }, cb: 110, cr: 140))
        let image = try frame.clampedToExtent()
            .applyingFilter("CISepiaTone", parameters: ["inputIntensity": .number(0.6)])
            .applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(3)])
            .applyingFilter("CIExposureAdjust", parameters: ["inputEV": .number(0.3)])
            .cropped(to: frame.extent)
        let unlimited = try Context(renderer: gles).renderReport(image)
        #expect(unlimited.plan.tiles.count == 1)

        var limited = Context.Options()
        limited.maximumTextureSize = 512
        let viaCPU = try Context(renderer: gles, fallback: Renderers.cpu, options: limited).renderReport(image)
        #expect(viaCPU.renderer == "cpu", "oversized frames go to the CPU by default")
        #expect(maxDifference(viaCPU.buffer, unlimited.buffer).value <= 2)

        limited.oversized = .tile
        let tiled = try Context(renderer: gles, fallback: Renderers.cpu, options: limited).renderReport(image)
        #expect(tiled.renderer == "gles")
        #expect(tiled.plan.tiles.count > 1)
        #expect(maxDifference(tiled.buffer, unlimited.buffer).value <= 1)

        let cpuTiled = try Renderers.cpu.execute(try Compiler(options: .init(maximumTextureSize: 512)).plan(image))
        let cpuWhole = try Renderers.render(image, on: Renderers.cpu)
        // A span inside the frame is decoded by the row decoder, one reaching past the clamp by the
        // interpreted decode kernel, and tiles start their spans elsewhere; the two decodes agree within 1/255.
        #expect(maxDifference(cpuTiled, cpuWhole).value <= 1, "CPU tiles")
    }
}
