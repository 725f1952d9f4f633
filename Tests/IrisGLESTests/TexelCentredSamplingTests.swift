import IrisCore
import IrisGLES
import Testing

/// The output pass samples a texture read only at its texels' centres with nearest filtering (the same values,
/// less work on llvmpipe); a texture some read samples between texels must stay bilinear.
@Suite(.serialized) struct TexelCentredSamplingTests {
    private let extent = Rect(width: 16, height: 8)

    /// Output(x) = input(x − ½): each pixel halfway between two texels of the leaf.
    private func halfPixelShift(_ input: RenderPlan.Expression) -> RenderPlan.Expression {
        kernel(BuiltInKernels.affine, [input], [.vec3(SIMD3(1, 0, -0.5)), .vec3(SIMD3(0, 1, 0))], extent: extent)
    }

    /// Red of the leaf's texels x − 1 and x, averaged: what bilinear sampling halfway between them gives.
    private func blendedRed(_ x: Int, _ row: Int) -> Int {
        (Int(pattern(x - 1, row).x) + Int(pattern(x, row).x) + 1) / 2
    }

    @Test func aLeafReadDirectlyIsExact() throws {
        let source = packedBuffer(width: 16, height: 8, pattern)
        let root = kernel(TestKernels.gain, [.leaf(0)], [.float(1)], extent: extent)
        let result = try renderer().execute(
            plan(leaves: [leaf(source)], passes: [.init(root: root, extent: extent)], output: extent))
        assertPixels(result, equal: { x, row in pattern(x, row).int }, tolerance: 0)
    }

    @Test func aLeafReadBetweenTexelsBlendsThem() throws {
        let source = packedBuffer(width: 16, height: 8, pattern)
        let result = try renderer().execute(
            plan(
                leaves: [leaf(source)], passes: [.init(root: halfPixelShift(.leaf(0)), extent: extent)],
                output: extent))
        for row in 0..<8 {
            for x in 1..<16 {
                let red = Int(result.planes[0].bytes[(row * 16 + x) * 4])
                #expect(abs(red - blendedRed(x, row)) <= 1, "pixel (\(x), \(row)): red \(red)")
            }
        }
    }

    @Test func aLeafReadBothWaysStaysBilinear() throws {
        // One texture unit serves both reads: the shifted one needs the blend, so the unit is not nearest.
        let source = packedBuffer(width: 16, height: 8, pattern)
        let direct = kernel(TestKernels.gain, [.leaf(0)], [.float(0)], extent: extent)
        let root = kernel(TestKernels.add, [direct, halfPixelShift(.leaf(0))], extent: extent)
        let result = try renderer().execute(
            plan(leaves: [leaf(source)], passes: [.init(root: root, extent: extent)], output: extent))
        for row in 0..<8 {
            for x in 1..<16 {
                let red = Int(result.planes[0].bytes[(row * 16 + x) * 4])
                #expect(abs(red - blendedRed(x, row)) <= 1, "pixel (\(x), \(row)): red \(red)")
            }
        }
    }
}
