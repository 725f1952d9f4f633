import Foundation
import IrisCore
import IrisFilters
import Testing

/// Packed 24-bit RGB and BGR and 32-bit BGRX (what libcamera's pipelines give besides NV12) read by both
/// renderers: the same picture as RGBA reads back byte for byte, BGRX's padding byte never shows, and a
/// picture of flat colour blocks given as NV12 (encoded here with the BT.601 full-range textbook formulas)
/// renders to the same colours.
@Suite(.serialized) struct PackedRGBSourceTests {
    static let width = 48, height = 32

    /// The RGBA gradient's pixels stored in `format`'s byte order; BGRX's fourth byte is junk on purpose.
    static func repacked(_ rgba: PixelBuffer, as format: PixelFormat) -> PixelBuffer {
        var out = PixelBuffer(width: rgba.width, height: rgba.height, format: format)
        let bytes = format.planes[0].bytesPerSample
        for row in 0..<rgba.height {
            for x in 0..<rgba.width {
                let i = row * rgba.planes[0].bytesPerRow + x * 4
                let (r, g, b) = (rgba.planes[0].bytes[i], rgba.planes[0].bytes[i + 1], rgba.planes[0].bytes[i + 2])
                let o = row * out.planes[0].bytesPerRow + x * bytes
                let ordered: [UInt8] =
                    switch format {
                    case .rgb8: [r, g, b]
                    case .bgr8: [b, g, r]
                    default: [b, g, r, UInt8((x * 37 + row) % 256)]
                    }
                for (k, v) in ordered.enumerated() { out.planes[0].bytes[o + k] = v }
            }
        }
        return out
    }

    @Test(arguments: [PixelFormat.rgb8, .bgr8, .bgrx8])
    func aPackedPictureReadsBackAsItsRGBAOnBothRenderers(format: PixelFormat) throws {
        let rgba = Frames.rgbaGradient(width: Self.width, height: Self.height)
        let packed = Image(buffer: Self.repacked(rgba, as: format))
        let reference = try Renderers.render(Image(buffer: rgba), on: Renderers.cpu)
        for (name, renderer) in [("cpu", Renderers.cpu as any Renderer), ("gles", try Renderers.glesRenderer())] {
            let out = try Renderers.render(packed, on: renderer)
            let d = maxDifference(out, reference)
            #expect(d.value == 0, "\(format) on \(name) differs by \(d.value) at x \(d.x) row \(d.row)")
            #expect(out.rgba(x: 5, row: 3) == rgba.rgba(x: 5, row: 3), "\(format) on \(name)")
            #expect(out.rgba(x: 40, row: 30)[3] == 255, "\(format) on \(name): opaque")
        }
    }

    @Test(arguments: [PixelFormat.rgb8, .bgr8, .bgrx8])
    func aFilteredPackedPictureAgreesAcrossRenderers(format: PixelFormat) throws {
        let packed = Image(
            buffer: Self.repacked(Frames.rgbaGradient(width: Self.width, height: Self.height), as: format))
        let filtered = try packed.applyingFilter(.vibrance(amount: 0.6)).applyingFilter(.gaussianBlur(radius: 2))
            .cropped(to: packed.extent)
        let gles = try Renderers.render(filtered, on: try Renderers.glesRenderer())
        let cpu = try Renderers.render(filtered, on: Renderers.cpu)
        #expect(maxDifference(gles, cpu).value <= 2)
    }

    /// Four 16×16 blocks of flat colour: chroma subsampling changes nothing inside them.
    static let blocks: [SIMD3<Double>] = [[200, 40, 30], [20, 180, 60], [50, 70, 220], [230, 220, 90]]

    static func blockColor(x: Int, row: Int) -> SIMD3<Double> { blocks[(x / 16) + 2 * (row / 16)] }

    @Test(arguments: [PixelFormat.rgb8, .bgr8, .bgrx8])
    func packedAndNV12OfTheSameBlocksRenderAlike(format: PixelFormat) throws {
        var rgba = PixelBuffer(width: 32, height: 32, format: .rgba8)
        var nv12 = PixelBuffer(width: 32, height: 32, format: .nv12)
        for row in 0..<32 {
            for x in 0..<32 {
                let c = Self.blockColor(x: x, row: row)
                let o = row * rgba.planes[0].bytesPerRow + x * 4
                for k in 0..<3 { rgba.planes[0].bytes[o + k] = UInt8(c[k]) }
                rgba.planes[0].bytes[o + 3] = 255
                // BT.601, full range: Y = 0.299 R + 0.587 G + 0.114 B; Cb, Cr about 128.
                let y = 0.299 * c.x + 0.587 * c.y + 0.114 * c.z
                nv12.planes[0].bytes[row * nv12.planes[0].bytesPerRow + x] = UInt8((y).rounded())
                if x % 2 == 0, row % 2 == 0 {
                    let cb = 128 + (c.z - y) / 1.772, cr = 128 + (c.x - y) / 1.402
                    let i = (row / 2) * nv12.planes[1].bytesPerRow + x
                    nv12.planes[1].bytes[i] = UInt8(cb.rounded())
                    nv12.planes[1].bytes[i + 1] = UInt8(cr.rounded())
                }
            }
        }
        let fromNV12 = Image(buffer: nv12, colorimetry: Colorimetry(matrix: .bt601, range: .full))
        let fromPacked = Image(buffer: Self.repacked(rgba, as: format))
        for renderer in [Renderers.cpu as any Renderer, try Renderers.glesRenderer()] {
            let a = try Renderers.render(fromNV12, on: renderer), b = try Renderers.render(fromPacked, on: renderer)
            // Inside each block, away from the edges the chroma upsampling blends.
            for (x, row) in [(4, 4), (11, 11), (20, 5), (27, 12), (5, 20), (12, 27), (20, 20), (27, 27)] {
                let pa = a.rgba(x: x, row: row), pb = b.rgba(x: x, row: row)
                let expected = Self.blockColor(x: x, row: row)
                for k in 0..<3 {
                    #expect(abs(Int(pa[k]) - Int(pb[k])) <= 2, "\(format) at (\(x), \(row)): \(pa) against \(pb)")
                    #expect(abs(Double(pb[k]) - expected[k]) <= 0.5, "\(format) at (\(x), \(row))")
                }
            }
        }
    }
}
