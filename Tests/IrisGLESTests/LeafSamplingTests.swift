import IrisCore
import IrisGLES
import Foundation
import Testing

@Suite(.serialized) struct LeafSamplingTests {
    @Test func identityCopyKeepsRowOrder() throws {
        let source = packedBuffer(width: 16, height: 8, pattern)
        let extent = Rect(width: 16, height: 8)
        let result = try renderer().execute(
            plan(leaves: [leaf(source)], passes: [.init(root: .leaf(0), extent: extent)], output: extent))
        #expect(result.format == .rgba8)
        #expect(result.width == 16)
        #expect(result.height == 8)
        #expect(
            result.planes[0].bytes == source.planes[0].bytes, "row 0 of the output must be row 0 (the top) of the input"
        )
    }

    @Test func subRectangleComesFromTheRightRows() throws {
        // Global rect y 2..<6 of an 8-row image is memory rows 2...5 (top row = maxY - 1 = 7 is memory row 0).
        let source = packedBuffer(width: 16, height: 8, pattern)
        let output = Rect(x: 4, y: 2, width: 8, height: 4)
        let result = try renderer().execute(
            plan(
                leaves: [leaf(source)], passes: [.init(root: .leaf(0), extent: Rect(width: 16, height: 8))],
                output: output, leafRects: [output]))
        #expect(result.width == 8)
        assertPixels(result, equal: { x, row in pattern(x + 4, row + 2).int }, tolerance: 0)
    }

    @Test func paddedStrideUploads() throws {
        let packed = packedBuffer(width: 16, height: 8, pattern)
        var bytes = [UInt8](repeating: 9, count: 80 * 8)
        for row in 0..<8 {
            bytes.replaceSubrange(row * 80..<(row * 80 + 64), with: packed.planes[0].bytes[row * 64..<(row + 1) * 64])
        }
        let padded = try PixelBuffer(
            width: 16, height: 8, format: .rgba8, planes: [.init(bytes: bytes, bytesPerRow: 80)])
        let extent = Rect(width: 16, height: 8)
        let result = try renderer().execute(
            plan(leaves: [leaf(padded)], passes: [.init(root: .leaf(0), extent: extent)], output: extent))
        #expect(result.planes[0].bytes == packed.planes[0].bytes)
    }

    @Test func bGRALeafIsSwizzledToRGBA() throws {
        let source = packedBuffer(width: 16, height: 8, format: .bgra8, pattern)  // bytes B=x*13, G=row*29, R=200
        let extent = Rect(width: 16, height: 8)
        let result = try renderer().execute(
            plan(
                leaves: [leaf(source, swapsRedBlue: true)],
                passes: [.init(root: .leaf(0), extent: extent)], output: extent))
        assertPixels(
            result,
            equal: { x, row in
                let p = pattern(x, row).int
                return SIMD4(p[2], p[1], p[0], p[3])
            }, tolerance: 0)
    }

    @Test func oneAndTwoChannelPlanesWithRG() throws { try checkNV12Planes(renderer()) }

    @Test func oneAndTwoChannelPlanesWithLuminance() throws {
        let gles = try renderer(.init(allowTextureRG: false))
        #expect(!gles.info.usesTextureRG)
        try checkNV12Planes(gles)
    }

    private func checkNV12Planes(_ gles: GLESRenderer) throws {
        var nv12 = PixelBuffer(width: 16, height: 8, format: .nv12)
        for i in nv12.planes[0].bytes.indices { nv12.planes[0].bytes[i] = UInt8(i * 7 % 256) }
        for i in nv12.planes[1].bytes.indices { nv12.planes[1].bytes[i] = UInt8(255 - i * 5 % 256) }
        let luma = leaf(nv12, plane: 0), chroma = leaf(nv12, plane: 1)
        #expect(chroma.channels == 2)
        #expect(chroma.extent == Rect(width: 8, height: 4))

        let y = try gles.execute(
            plan(leaves: [luma], passes: [.init(root: .leaf(0), extent: luma.extent)], output: luma.extent))
        assertPixels(y, equal: { x, row in SIMD4(Int(nv12.planes[0].bytes[row * 16 + x]), 0, 0, 255) }, tolerance: 0)

        let c = try gles.execute(
            plan(leaves: [chroma], passes: [.init(root: .leaf(0), extent: chroma.extent)], output: chroma.extent))
        assertPixels(
            c,
            equal: { x, row in
                SIMD4(
                    Int(nv12.planes[1].bytes[row * 16 + x * 2]), Int(nv12.planes[1].bytes[row * 16 + x * 2 + 1]), 0, 255
                )
            }, tolerance: 0)
    }

    @Test func bilinearSamplingBetweenTexelCentres() throws {
        // A warp by half a pixel lands between two texel centres: the mean of the neighbours.
        let source = packedBuffer(width: 16, height: 8, pattern)
        let extent = Rect(width: 16, height: 8)
        let root = kernel(TestKernels.shift, [.leaf(0)], [.vec2(SIMD2(0.5, 0))], extent: extent)
        let output = Rect(width: 15, height: 8)
        let result = try renderer().execute(
            plan(leaves: [leaf(source)], passes: [.init(root: root, extent: extent)], output: output))
        assertPixels(result, equal: { x, row in (pattern(x, row).int &+ pattern(x + 1, row).int) / 2 }, tolerance: 1)
    }
}
