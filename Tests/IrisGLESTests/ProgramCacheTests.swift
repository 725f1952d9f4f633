import IrisCore
import IrisGLES
import Testing

/// The renderer's program cache (256 programs) starts over only between plans: a plan whose programs are
/// fetched as it fills keeps them for its draws.
@Suite(.serialized) struct ProgramCacheTests {
    /// A colour kernel of its own name, so each one's pass is a program source of its own.
    private func copyKernel(_ number: Int) -> Kernel {
        Kernel(
            color: "testCopy\(number)", parameters: [],
            glsl: "vec4 testCopy\(number)(vec4 s0) { return s0; }", cpu: nil)
    }

    @Test func aPlanFetchedAsTheCacheFillsKeepsItsPrograms() throws {
        let gles = try renderer(.init())
        let extent = Rect(width: 8, height: 4)
        let source = packedBuffer(width: 8, height: 4, pattern)
        func onePass(_ number: Int) -> RenderPlan {
            plan(
                leaves: [leaf(source)],
                passes: [.init(root: kernel(copyKernel(number), [.leaf(0)], extent: extent), extent: extent)],
                output: extent)
        }
        // One program short of a full cache.
        for number in 0..<255 { _ = try gles.execute(onePass(number)) }
        // Its first pass's program is the 256th, its second the 257th: the cache must not start over between them.
        let twoPasses = plan(
            leaves: [leaf(source)],
            passes: [
                .init(root: kernel(copyKernel(1000), [.leaf(0)], extent: extent), extent: extent),
                .init(root: kernel(copyKernel(1001), [.intermediate(0)], extent: extent), extent: extent)
            ],
            output: extent)
        assertPixels(try gles.execute(twoPasses), equal: { x, row in pattern(x, row).int })
        // The next plan finds the cache over capacity, starts it over, and renders.
        assertPixels(try gles.execute(onePass(2000)), equal: { x, row in pattern(x, row).int })
    }
}
