import IrisCore
import IrisGLES
import Foundation
import Testing

@Suite(.serialized) struct KernelTests {
    private let extent = Rect(width: 16, height: 8)
    private var source: PixelBuffer { packedBuffer(width: 16, height: 8, pattern) }

    @Test func colorKernelArgumentsAreUniforms() throws {
        let gles = try renderer()
        for k: Float in [0.5, 0.25] {
            let root = kernel(TestKernels.gain, [.leaf(0)], [.float(k)], extent: extent)
            let result = try gles.execute(
                plan(leaves: [leaf(source)], passes: [.init(root: root, extent: extent)], output: extent))
            assertPixels(
                result,
                equal: { x, row in
                    let p = pattern(x, row)
                    return SIMD4((0..<3).map { Int((Float(p[$0]) * k).rounded()) } + [255])
                })
        }
    }

    @Test func twoInputColorKernelAndConstant() throws {
        let root = kernel(TestKernels.add, [.leaf(0), .constant(SIMD4(0.25, 0, 0, 0))], extent: extent)
        let result = try renderer().execute(
            plan(leaves: [leaf(source)], passes: [.init(root: root, extent: extent)], output: extent))
        assertPixels(
            result,
            equal: { x, row in
                let p = pattern(x, row).int
                return SIMD4(min(255, p[0] + 64), p[1], p[2], 255)
            })
    }

    @Test func warpReadsInputAtMappedPointAndZeroOutsideItsExtent() throws {
        let root = kernel(TestKernels.shift, [.leaf(0)], [.vec2(SIMD2(1, 0))], extent: extent)
        let result = try renderer().execute(
            plan(leaves: [leaf(source)], passes: [.init(root: root, extent: extent)], output: extent))
        assertPixels(result, equal: { x, row in x < 15 ? pattern(x + 1, row).int : .zero }, tolerance: 0)
    }

    @Test func intermediatePassFeedsGeneralKernel() throws {
        for options in [GLESRenderer.Options(), GLESRenderer.Options(allowHalfFloat: false)] {
            let gles = try renderer(options)
            #expect(gles.info.usesHalfFloat == (options.allowHalfFloat && gles.info.usesHalfFloat))
            let passes: [RenderPlan.Pass] = [
                .init(root: kernel(TestKernels.gain, [.leaf(0)], [.float(0.5)], extent: extent), extent: extent),
                .init(root: kernel(TestKernels.box3, [.intermediate(0)], extent: extent), extent: extent)
            ]
            let result = try gles.execute(plan(leaves: [leaf(source)], passes: passes, output: extent))
            assertPixels(result, equal: { x, row in boxOfHalves(x, row, width: 16) }, tolerance: 2)
        }
    }

    @Test func halfFloatIntermediatesKeepValuesAboveOne() throws {
        let gles = try renderer()
        if !gles.info.usesHalfFloat { try Test.cancel("the driver has no renderable half float") }
        // ×4 into the intermediate (up to 3.1), then ×0.25: only an unclamped intermediate gives the input back.
        let passes: [RenderPlan.Pass] = [
            .init(root: kernel(TestKernels.gain, [.leaf(0)], [.float(4)], extent: extent), extent: extent),
            .init(root: kernel(TestKernels.gain, [.intermediate(0)], [.float(0.25)], extent: extent), extent: extent)
        ]
        let result = try gles.execute(plan(leaves: [leaf(source)], passes: passes, output: extent))
        assertPixels(result, equal: { x, row in pattern(x, row).int })
    }

    @Test func twoInstancesOfOneGeneralKernelInOnePass() throws {
        // box3(leaf) + box3(gain(leaf)): each instance must read its own input.
        let root = kernel(
            TestKernels.add,
            [
                kernel(TestKernels.box3, [.leaf(0)], extent: extent),
                kernel(
                    TestKernels.box3, [kernel(TestKernels.gain, [.leaf(0)], [.float(0.5)], extent: extent)],
                    extent: extent)
            ], extent: extent)
        let result = try renderer().execute(
            plan(leaves: [leaf(source)], passes: [.init(root: root, extent: extent)], output: extent))
        assertPixels(
            result,
            equal: { x, row in
                let half = boxOfHalves(x, row, width: 16)
                return SIMD4((0..<3).map { min(255, half[$0] * 3) } + [255])
            }, tolerance: 2)
    }

    @Test func brokenKernelReportsGLLog() throws {
        // Fused with a healthy kernel: the error must name only the broken one.
        let root = kernel(
            TestKernels.gain, [kernel(TestKernels.broken, [.leaf(0)], extent: extent)], [.float(1)], extent: extent)
        let broken = plan(leaves: [leaf(source)], passes: [.init(root: root, extent: extent)], output: extent)
        for _ in 0..<2 {  // the second time comes from the cache
            do {
                _ = try renderer().execute(broken)
                Issue.record("expected an error")
            } catch {
                guard case let .kernelCompileFailed(name, log)? = error as? RenderError else {
                    Issue.record("\(error)")
                    return
                }
                #expect(name == "testBroken")
                #expect(!log.isEmpty)
                #expect(log.contains("error"), "\(log)")
            }
        }
    }

    @Test func wrongArgumentTypeIsAPlanError() throws {
        // Refused before any GLSL is generated, with the same error the CPU renderer gives.
        let root = kernel(TestKernels.gain, [.leaf(0)], [.vec2(SIMD2(1, 1))], extent: extent)
        do {
            _ = try renderer().execute(
                plan(leaves: [leaf(source)], passes: [.init(root: root, extent: extent)], output: extent))
            Issue.record("expected an error")
        } catch {
            #expect(
                (error as? PlanError)
                    == .kernelArgumentType(pass: 0, kernel: "testGain", parameter: "k", expected: "float", got: "vec2"))
        }
    }

    /// box3 over the pattern at half intensity; neighbours outside the 16-wide extent read 0.
    private func boxOfHalves(_ x: Int, _ row: Int, width: Int) -> SIMD4<Int> {
        var sum = SIMD4<Float>(0, 0, 0, 0)
        for dx in -1...1 where (0..<width).contains(x + dx) {
            let p = pattern(x + dx, row)
            sum += SIMD4(Float(p[0]) / 2, Float(p[1]) / 2, Float(p[2]) / 2, Float(p[3]))
        }
        return SIMD4<Int>((0..<4).map { Int((sum[$0] / 3).rounded()) })
    }
}
