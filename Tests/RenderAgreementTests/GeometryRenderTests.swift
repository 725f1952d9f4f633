import Foundation
import IrisCore
import Testing

/// Geometry on real renders: an image is clear outside its extent, on both renderers.
@Suite(.serialized) struct GeometryRenderTests {
    @Test func rotatedFrameIsClearOutsideItsExtentOnBothRenderers() throws {
        let frame = Image(buffer: Frames.uniformNV12(width: 40, height: 24, y: 120, cb: 100, cr: 150))
        let rotated = frame.transformed(by: AffineTransform(rotationAngle: Double.pi / 6))
        let gles = try Renderers.render(rotated, on: try Renderers.glesRenderer())
        let cpu = try Renderers.render(rotated, on: Renderers.cpu)
        #expect(maxDifference(gles, cpu).value <= 2)
        for out in [gles, cpu] {
            // The bounding box's corners lie outside the rotated frame: transparent black.
            #expect(out.rgba(x: 0, row: 0) == SIMD4(0, 0, 0, 0))
            #expect(out.rgba(x: out.width - 1, row: out.height - 1) == SIMD4(0, 0, 0, 0))
            // The centre is the frame's colour, opaque (BT.601 video: 156, 114, 65).
            let centre = out.rgba(x: out.width / 2, row: out.height / 2)
            #expect(centre[3] == 255)
            #expect(abs(Int(centre[0]) - 156) <= 1)
        }
    }

    @Test func orientedFrameMovesItsTopLeftPixel() throws {
        var buffer = PixelBuffer(width: 4, height: 2, format: .rgba8)
        for i in stride(from: 0, to: buffer.planes[0].bytes.count, by: 4) { buffer.planes[0].bytes[i + 3] = 255 }
        buffer.planes[0].bytes[0] = 255  // top-left pixel red
        for renderer in [try Renderers.glesRenderer() as any Renderer, Renderers.cpu] {
            // EXIF 6 (.right): stored top-left is displayed top-right of a 2×4 image.
            let out = try Renderers.render(Image(buffer: buffer).oriented(.right), on: renderer)
            #expect(out.width == 2)
            #expect(out.height == 4)
            #expect(out.rgba(x: 1, row: 0) == SIMD4(255, 0, 0, 255), "\(renderer.name)")
            #expect(out.rgba(x: 0, row: 0) == SIMD4(0, 0, 0, 255), "\(renderer.name)")
        }
    }
}
