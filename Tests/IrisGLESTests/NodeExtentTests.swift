import IrisCore
import IrisGLES
import Testing

/// A node is 0 outside its extent, whichever of its tests the shader generator leaves out because no point
/// can reach them.
@Suite(.serialized) struct NodeExtentTests {
    /// The leaf's own pattern at global (x, y), rows of the 16×8 leaf counted from its top.
    private func leafPixel(_ x: Int, _ y: Int) -> SIMD4<Int> { pattern(x, 7 - y).int }

    /// Global x and y of pixel (column, row) of an output covering `rect` (rows from the top).
    private func global(_ column: Int, _ row: Int, in rect: Rect) -> (x: Int, y: Int) {
        (Int(rect.minX) + column, Int(rect.maxY) - 1 - row)
    }

    private let leafExtent = Rect(width: 16, height: 8)

    @Test func outputPastTheLeafIsClearThere() throws {
        let output = Rect(x: -4, y: -2, width: 24, height: 12)
        let source = packedBuffer(width: 16, height: 8, pattern)
        let result = try renderer().execute(
            plan(leaves: [leaf(source)], passes: [.init(root: .leaf(0), extent: leafExtent)], output: output))
        assertPixels(
            result,
            equal: { column, row in
                let (x, y) = global(column, row, in: output)
                return leafExtent.contains(Rect(x: Double(x), y: Double(y), width: 1, height: 1))
                    ? leafPixel(x, y) : .zero
            }, tolerance: 0)
    }

    @Test func colourKernelIsClearOutsideItsExtentAndExactInside() throws {
        let inner = Rect(x: 4, y: 2, width: 8, height: 4)
        let source = packedBuffer(width: 16, height: 8, pattern)
        let root = kernel(TestKernels.gain, [.leaf(0)], [.float(0.5)], extent: inner)
        let result = try renderer().execute(
            plan(leaves: [leaf(source)], passes: [.init(root: root, extent: inner)], output: leafExtent))
        assertPixels(
            result,
            equal: { column, row in
                let (x, y) = global(column, row, in: leafExtent)
                guard inner.contains(Rect(x: Double(x), y: Double(y), width: 1, height: 1)) else { return .zero }
                let p = leafPixel(x, y)
                return SIMD4(Int((Double(p.x) / 2).rounded()), Int((Double(p.y) / 2).rounded()), 100, 255)
            })
    }

    /// `BuiltInKernels.affine` reading `shift` pixels to the left of each output pixel: output(x) = input(x − shift).
    private func shifted(by shift: Double, _ input: RenderPlan.Expression, extent: Rect) -> RenderPlan.Expression {
        kernel(
            BuiltInKernels.affine, [input], [.vec3(SIMD3(1, 0, Float(-shift))), .vec3(SIMD3(0, 1, 0))], extent: extent)
    }

    /// The 16×8 pattern read 4 pixels to the left, rendered over `output`.
    private func shiftedPattern(over output: Rect) throws -> PixelBuffer {
        let source = packedBuffer(width: 16, height: 8, pattern)
        return try renderer().execute(
            plan(
                leaves: [leaf(source)],
                passes: [.init(root: shifted(by: 4, .leaf(0), extent: leafExtent), extent: leafExtent)],
                output: output))
    }

    @Test func affineWarpReadingPastItsInputIsClearThere() throws {
        assertPixels(
            try shiftedPattern(over: leafExtent),
            equal: { column, row in
                let (x, y) = global(column, row, in: leafExtent)
                return x < 4 ? .zero : leafPixel(x - 4, y)
            }, tolerance: 0)
    }

    @Test func affineWarpInsideItsInputReadsEveryPixel() throws {
        let output = Rect(x: 4, y: 0, width: 12, height: 8)
        assertPixels(
            try shiftedPattern(over: output),
            equal: { column, row in
                let (x, y) = global(column, row, in: output)
                return leafPixel(x - 4, y)
            }, tolerance: 0)
    }
}
