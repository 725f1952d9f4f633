import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// Blurs and the 3×3 convolution: pass structure, extents, ROIs, and the Swift bodies evaluated on small
/// images (bilinear sampling between pixel centres, as the renderers do) against hand-computed values.
@Suite(.serialized) struct FiltersConvolutionTests {
    private typealias S = FiltersTestSupport

    /// The kernel nodes from the top down to the source.
    private func chain(_ image: Image) -> [Image.KernelApplication] {
        var out: [Image.KernelApplication] = [], node = image.node
        while case let .kernel(application) = node, application.label != "test source" {
            out.append(application)
            guard let next = application.inputs.first else { break }
            node = next.node
        }
        return out
    }

    @Test func boxBlurOfAnImpulseIsAFlatSquare() throws {
        let out = try S.impulse(width: 5, height: 5, at: 2, 2).applyingFilter(
            "CIBoxBlur", parameters: ["inputRadius": .number(1)])
        #expect(chain(out).map(\.kernel.name) == ["irisBoxBlur", "irisBoxBlur"])
        #expect(out.extent == Rect(x: -2, y: -2, width: 9, height: 9))
        for y in 0..<5 {
            for x in 0..<5 {
                let inside = abs(x - 2) <= 1 && abs(y - 2) <= 1
                S.assertClose(S.pixel(out, x, y), SIMD4(repeating: inside ? 1.0 / 9 : 0), "at \(x), \(y)")
            }
        }
    }

    @Test func boxBlurWithAFractionalRadiusWeighsTheEdgeTaps() throws {
        // r = 1.5: taps −2…2 weigh 0.5, 1, 1, 1, 0.5 (total 4).
        let out = try S.impulse(width: 7, height: 7, at: 3, 3).applyingFilter(
            "CIBoxBlur", parameters: ["inputRadius": .number(1.5)])
        let oneD: [Float] = [0.125, 0.25, 0.25, 0.25, 0.125]
        for (dx, wx) in zip(-2...2, oneD) {
            for (dy, wy) in zip(-2...2, oneD) {
                S.assertClose(S.pixel(out, 3 + dx, 3 + dy), SIMD4(repeating: wx * wy), "at offset \(dx), \(dy)")
            }
        }
    }

    @Test func gaussianOfAnImpulseIsTheSampledGaussian() throws {
        let out = try S.impulse(width: 9, height: 9, at: 4, 4).applyingFilter(
            "CIGaussianBlur", parameters: ["inputRadius": .number(1)])
        #expect(chain(out).map(\.kernel.name) == ["irisGaussianBlur", "irisGaussianBlur"])
        // σ = 1 reaches ⌈3σ⌉ = 3, so 2 pairs of taps: offsets up to 4; the extent grows by 4.
        #expect(out.extent == Rect(x: -4, y: -4, width: 17, height: 17))
        let w = (0...4).map { Float.exp(-0.5 * Float($0 * $0)) }
        let total = w[0] + 2 * (w[1] + w[2] + w[3] + w[4])
        S.assertClose(S.pixel(out, 4, 4), SIMD4(repeating: 1 / (total * total)), accuracy: 1e-6)
        S.assertClose(S.pixel(out, 5, 4), SIMD4(repeating: w[1] / (total * total)), accuracy: 1e-6)
        S.assertClose(S.pixel(out, 6, 7), SIMD4(repeating: w[2] * w[3] / (total * total)), accuracy: 1e-6)
        var sum: Float = 0
        for y in 0..<9 { for x in 0..<9 { sum += S.pixel(out, x, y).x } }
        #expect(abs(sum - 1) <= 1e-5, "a normalised blur keeps the total")
    }

    @Test func gaussianPlansStayInsideTheGLSLLoopBound() throws {
        for sigma in [0.3, 1, 10, 40, 41, 100, 500] {
            guard let plan = BuiltInFilters.gaussianPlan(sigma: sigma) else {
                Issue.record("σ \(sigma)")
                return
            }
            #expect(plan.pairs <= SeparableBlurPass.maximumPairs, "σ \(sigma)")
            // The low-resolution σ', scaled back up, plus what the halvings and the upsampling add, is σ.
            let scale = Double(1 << plan.levels)
            let total =
                plan.sigma * plan.sigma * scale * scale
                + (plan.levels > 0 ? BuiltInFilters.pyramidVariance(levels: plan.levels) : 0)
            #expect(abs(total - (sigma * sigma)) <= 1e-9, "σ² adds up for σ \(sigma)")
            #expect(plan.sigma <= 40, "σ \(sigma)")
            if plan.levels > 0 { #expect(plan.sigma > 12, "σ \(sigma) stays smooth at the low resolution") }
        }
        #expect(BuiltInFilters.gaussianPlan(sigma: 40)?.levels == 0)
        #expect(BuiltInFilters.gaussianPlan(sigma: 41)?.levels == 1)
        #expect(BuiltInFilters.gaussianPlan(sigma: 100)?.levels == 3)
        #expect(BuiltInFilters.gaussianPlan(sigma: 500)?.levels == 5)
        let big = try S.anyImage.applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(100)])
        // Three halvings, two passes at ⅛ resolution, the upsampling, cropped back to 3σ = 300 pixels around the input.
        #expect(
            chain(big).map(\.kernel.name) == [
                "irisCrop", "irisAffine", "irisGaussianBlur", "irisGaussianBlur",
                "irisHalfResolution", "irisHalfResolution", "irisHalfResolution"
            ])
        #expect(
            Set(chain(big).dropFirst().map(\.label)) == ["CIGaussianBlur"],
            "every node but the crop is named for the filter")
        #expect(big.extent == Rect(x: -300, y: -300, width: 604, height: 604))
        // The default σ = 10 reaches 3σ = 30 pixels.
        let standard = try S.anyImage.applyingFilter("CIGaussianBlur")
        #expect(standard.extent == Rect(x: -30, y: -30, width: 64, height: 64))
    }

    @Test func blurROIGrowsAlongThePassDirectionOnly() throws {
        let out = try S.anyImage.applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(2)])
        let passes = chain(out)
        let rect = Rect(x: 10, y: 10, width: 20, height: 20)
        // σ = 2: reach 6, 3 pairs, farthest tap 6, plus one texel for the bilinear read.
        #expect(passes[0].kernel.roi(0, rect, passes[0].arguments) == Rect(x: 10, y: 3, width: 20, height: 34))
        #expect(passes[1].kernel.roi(0, rect, passes[1].arguments) == Rect(x: 3, y: 10, width: 34, height: 20))
        #expect(passes[0].kernel.roi(0, .infinite, passes[0].arguments).isInfinite)
    }

    @Test func convolutionWeighsTheNeighbourhoodTopRowFirst() throws {
        // Red = x + 10·y (y up), so the top row on screen is y = 2.
        let rows: [[SIMD4<Float>]] = (0..<3).reversed().map { y in
            (0..<3).map { x in SIMD4(Float(x + 10 * y), 0, 0, 1) }
        }
        let out = try S.image(rows).applyingFilter(
            "CIConvolution3X3",
            parameters: [
                "inputWeights": .vector([1, 2, 3, 4, 5, 6, 7, 8, 9]), "inputBias": .number(0.5)
            ])
        // Top 1·20 + 2·21 + 3·22 = 128, middle 4·10 + 5·11 + 6·12 = 167, bottom 7·0 + 8·1 + 9·2 = 26.
        S.assertClose(S.pixel(out, 1, 1), SIMD4(321.5, 0.5, 0.5, 45.5))
        #expect(out.extent.isInfinite, "a bias makes the image infinite")
        guard case let .kernel(application) = out.node else {
            Issue.record("failed")
            return
        }
        #expect(
            application.kernel.roi(0, Rect(x: 0, y: 0, width: 4, height: 4), application.arguments)
                == Rect(x: -1, y: -1, width: 6, height: 6))
    }

    @Test func convolutionDefaultsAreTheIdentityAndGrowTheExtentByOne() throws {
        let rows: [[SIMD4<Float>]] = [
            [SIMD4(0.1, 0.2, 0.3, 1), SIMD4(0.4, 0.5, 0.6, 1)], [SIMD4(0.7, 0.8, 0.9, 1), SIMD4(1, 0, 0, 1)]
        ]
        let source = S.image(rows)
        let out = try source.applyingFilter("CIConvolution3X3")
        #expect(out.extent == Rect(x: -1, y: -1, width: 4, height: 4))
        for y in 0..<2 { for x in 0..<2 { S.assertClose(S.pixel(out, x, y), S.pixel(source, x, y)) } }
        // A Laplacian with bias 0 stays finite and gives 0 on flat areas.
        let flat = S.image(Array(repeating: Array(repeating: SIMD4(0.5, 0.5, 0.5, 1), count: 3), count: 3))
        let edges = try flat.applyingFilter(
            "CIConvolution3X3", parameters: ["inputWeights": .vector([0, -1, 0, -1, 4, -1, 0, -1, 0])])
        #expect(!edges.extent.isInfinite)
        S.assertClose(S.pixel(edges, 1, 1), .zero)
    }
}
