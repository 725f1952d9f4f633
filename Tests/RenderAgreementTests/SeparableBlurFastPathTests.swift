import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// The CPU renderer runs separable blur passes (`Kernel.Role.separableBlur`) as row and column convolutions
/// of the stored input. Here the same passes run tap by tap through the interpreted kernel (the role taken
/// away) and on GLES, on a picture whose edges fade to clear (the per-point extent rule decides each read
/// there) and on an edge-extended one.
@Suite(.serialized) struct SeparableBlurFastPathTests {
    let picture = FormulaPictures.picture(width: 37, height: 23) { x, y in
        SIMD3(UInt8((x * 37 + y * 11) % 256), UInt8((x * x + y * 3) % 256), UInt8((y * 29) % 256))
    }

    private func blurred(_ image: Image, kernel: Kernel, size: Double, pairs: Int, interpreted: Bool) -> Image {
        var pass = kernel
        if interpreted { pass.role = .ordinary }
        let across = SeparableBlurPass.apply(
            pass, to: image, direction: .horizontal, size: size, pairs: pairs, label: "test")
        return SeparableBlurPass.apply(pass, to: across, direction: .vertical, size: size, pairs: pairs, label: "test")
    }

    @Test func rowConvolutionsEqualTheTapByTapPassesAndGLES() throws {
        let gles = try Renderers.glesRenderer()
        var cases: [(String, Kernel, Double, Int)] = []
        for sigma in [0.8, 2.5, 7.0] {
            let plan = try #require(BuiltInFilters.gaussianPlan(sigma: sigma))
            cases.append(("gaussian σ \(sigma)", BuiltInFilters.gaussianKernel, plan.sigma, plan.pairs))
        }
        cases.append(("box r 3.5", BuiltInFilters.boxKernel, 3.5, BuiltInFilters.boxPairs(radius: 3.5)))
        for (name, kernel, size, pairs) in cases {
            for (edges, source) in [("clear edges", picture), ("extended edges", picture.clampedToExtent())] {
                let fast = blurred(source, kernel: kernel, size: size, pairs: pairs, interpreted: false)
                let slow = blurred(source, kernel: kernel, size: size, pairs: pairs, interpreted: true)
                // The whole faded border for clear edges; the picture itself for extended ones.
                let rect = edges == "clear edges" ? fast.extent : picture.extent
                #expect(!rect.isInfinite)
                let a = try Renderers.render(fast, on: Renderers.cpu, rect: rect)
                let b = try Renderers.render(slow, on: Renderers.cpu, rect: rect)
                let c = try Renderers.render(fast, on: gles, rect: rect)
                let exact = maxDifference(a, b), agreed = maxDifference(a, c)
                #expect(exact.value <= 1, "\(name), \(edges): tap by tap at x \(exact.x) row \(exact.row)")
                #expect(agreed.value <= 2, "\(name), \(edges): GLES at x \(agreed.x) row \(agreed.row)")
            }
        }
    }
}
