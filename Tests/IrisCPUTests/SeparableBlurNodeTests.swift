import IrisCore
@testable import IrisFilters
import Foundation
@testable import IrisCPU
import Testing

/// The span interpreter picks the row convolution for a separable blur pass over a stored input (what
/// `SeparableBlurFastPathTests` checks against the tap-by-tap kernel and GLES), and only there.
@Suite(.serialized) struct SeparableBlurNodeTests {
    @Test func blurPassesOverStoredInputsBecomeRowConvolutions() throws {
        var b = PixelBuffer(width: 8, height: 6, format: .rgba8)
        for i in 0..<(8 * 6) {
            b.planes[0].bytes[i * 4] = UInt8(i * 5)
            b.planes[0].bytes[i * 4 + 3] = 255
        }
        // Edge-extended, so every pass's extent is infinite and no extent mask wraps the node.
        let image = try Image(buffer: b).clampedToExtent().applyingFilter(
            "CIGaussianBlur", parameters: ["inputRadius": .number(2)])
        let plan = try Compiler().plan(image, rect: Rect(x: 0, y: 0, width: 8, height: 6))
        let stored = Rect(x: 0, y: 0, width: 8, height: 6)
        let images = try plan.passes.map { _ in
            PassImage(
                rect: stored, extent: ExtentBounds(stored), width: 8, height: 6, rowsPerBand: 6,
                bands: [try FloatBand(count: 48, for: "a test band")])
        }
        let factory = SpanNodeFactory(leaves: plan.leaves, images: images)
        func blurs(in expression: RenderPlan.Expression) -> [RenderPlan.KernelNode] {
            guard case let .kernel(node) = expression else { return [] }
            let inner = node.inputs.flatMap(blurs(in:))
            if node.kernel.role == .separableBlur { return [node] + inner }
            return inner
        }
        let found = plan.passes.flatMap { blurs(in: $0.root) }
        #expect(found.count == 2, "\(PlanPrinter.plan(plan, renderer: "test"))")
        // The horizontal pass reads the decoded picture through the edge clamp, the vertical one the stored pass.
        for node in found { #expect(factory.make(.kernel(node)) is SeparableBlurNode, "\(node.label)") }
        // The weights read off the Gaussian pass's body: the centre first, then pairs mirrored about it, all
        // positive and summing to 1.
        let reads = try #require(AxisReads.of(found[0].kernel, found[0].arguments)).reads
        #expect(abs(reads.map(\.weight).reduce(0, +) - 1) <= 1e-5)
        #expect(reads.first?.offset == 0)
        #expect(reads.allSatisfy { $0.weight > 0 })
        for read in reads {
            let mirror = try #require(
                reads.first { abs($0.offset + read.offset) < 1e-5 }, "no read mirrors \(read.offset)")
            #expect(abs(mirror.weight - read.weight) <= 1e-6)
        }
        #expect(reads.count > 3)
        // A blur read at scattered points by another kernel still has the interpreted kernel behind it.
        let warped = try image.transformed(by: AffineTransform(a: 0.9, b: 0.1, c: -0.1, d: 0.9, tx: 0, ty: 0))
            .applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(1)])
        #expect(throws: Never.self) {
            try CPURenderer().execute(try Compiler().plan(warped, rect: Rect(x: 0, y: 0, width: 8, height: 6)))
        }
    }
}
