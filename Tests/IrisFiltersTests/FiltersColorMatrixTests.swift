import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// The matrix filters: each produces a colour-matrix node (so the compiler can fold it), and its Swift body
/// gives hand-computed colours. Inputs and outputs are premultiplied working-space values.
@Suite(.serialized) struct FiltersColorMatrixTests {
    private typealias S = FiltersTestSupport

    /// Applies `name` and runs the resulting matrix kernel on `pixels`.
    private func apply(
        _ name: String, _ parameters: [String: FilterValue] = [:], to pixels: [SIMD4<Float>],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> [SIMD4<Float>] {
        let out = try S.anyImage.applyingFilter(name, parameters: parameters)
        #expect(S.colorMatrix(of: out) != nil, "\(name) must be a foldable colour matrix")
        return S.runColorKernel(of: out, on: pixels)
    }

    private func luma(_ c: SIMD4<Float>) -> Float { 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z }

    @Test func sepiaAtFullIntensityMapsPureColoursToTheSepiaColumns() throws {
        let out = try apply("CISepiaTone", to: [SIMD4(1, 0, 0, 1), SIMD4(0, 1, 0, 1), SIMD4(0, 0, 0.5, 0.5)])
        S.assertClose(out[0], SIMD4(0.393, 0.349, 0.272, 1))
        S.assertClose(out[1], SIMD4(0.769, 0.686, 0.534, 1))
        // Straight blue (0, 0, 1) at alpha 0.5 → (0.189, 0.168, 0.131), premultiplied again.
        S.assertClose(out[2], SIMD4(0.0945, 0.084, 0.0655, 0.5))
        let half = try apply("CISepiaTone", ["inputIntensity": .number(0.5)], to: [SIMD4(0, 1, 0, 1)])
        S.assertClose(half[0], SIMD4(0.3845, 0.843, 0.267, 1))
    }

    @Test func hueRotationByPiKeepsLumaAndGrey() throws {
        let red = SIMD4<Float>(1, 0, 0, 1), grey = SIMD4<Float>(0.3, 0.3, 0.3, 1),
            mixed = SIMD4<Float>(0.2, 0.5, 0.9, 1)
        let out = try apply("CIHueAdjust", ["inputAngle": .number(Double.pi)], to: [red, grey, mixed])
        // M = G + cos θ (I − G): at θ = π, red → 2·(0.2126, 0.2126, 0.2126) − (1, 0, 0).
        S.assertClose(out[0], SIMD4(-0.5748, 0.4252, 0.4252, 1))
        #expect(abs(luma(out[0]) - 0.2126) <= 1e-5)
        S.assertClose(out[1], grey)
        #expect(abs(luma(out[2]) - luma(mixed)) <= 1e-5)
        let quarter = try apply("CIHueAdjust", ["inputAngle": .number(Double.pi / 2)], to: [mixed])
        #expect(abs(luma(quarter[0]) - luma(mixed)) <= 1e-5)
        let full = try apply("CIHueAdjust", ["inputAngle": .number(2 * Double.pi)], to: [mixed])
        S.assertClose(full[0], mixed)
    }

    @Test func colorControls() throws {
        let c = SIMD4<Float>(0.2, 0.4, 0.6, 1)
        let grey = try apply("CIColorControls", ["inputSaturation": .number(0)], to: [c])
        // Rec.709 luma of (0.2, 0.4, 0.6) = 0.04252 + 0.28608 + 0.04332.
        S.assertClose(grey[0], SIMD4(0.37192, 0.37192, 0.37192, 1))
        let brighter = try apply("CIColorControls", ["inputBrightness": .number(0.1)], to: [c])
        S.assertClose(brighter[0], SIMD4(0.3, 0.5, 0.7, 1))
        let contrast = try apply("CIColorControls", ["inputContrast": .number(2)], to: [SIMD4(0.75, 0.25, 0.5, 1)])
        S.assertClose(contrast[0], SIMD4(1, 0, 0.5, 1))
        let identity = try apply("CIColorControls", to: [c])
        S.assertClose(identity[0], c)
    }

    @Test func colorMatrixVectors() throws {
        let out = try apply(
            "CIColorMatrix",
            [
                "inputRVector": .vector([0, 0, 1, 0]), "inputBVector": .vector([1, 0, 0, 0]),
                "inputAVector": .vector([0, 0, 0, 0.5]), "inputBiasVector": .vector([0.1, 0, 0, 0])
            ], to: [SIMD4(0.2, 0.4, 0.6, 1)])
        // Straight result (0.7, 0.4, 0.2, 0.5), premultiplied.
        S.assertClose(out[0], SIMD4(0.35, 0.2, 0.1, 0.5))
    }

    @Test func exposureScalesLinearLightByPowersOfTwo() throws {
        let c = SIMD4<Float>(0.1, 0.2, 0.3, 1)
        S.assertClose(try apply("CIExposureAdjust", ["inputEV": .number(1)], to: [c])[0], SIMD4(0.2, 0.4, 0.6, 1))
        S.assertClose(try apply("CIExposureAdjust", ["inputEV": .number(-2)], to: [c])[0], SIMD4(0.025, 0.05, 0.075, 1))
        // Alpha is untouched, whatever the premultiplication.
        S.assertClose(
            try apply("CIExposureAdjust", ["inputEV": .number(1)], to: [SIMD4(0.05, 0.1, 0.15, 0.5)])[0],
            SIMD4(0.1, 0.2, 0.3, 0.5))
    }

    @Test func invertWorksOnStraightColour() throws {
        let out = try apply("CIColorInvert", to: [SIMD4(0.2, 0.4, 0.6, 1), SIMD4(0.1, 0.2, 0.3, 0.5), .zero])
        S.assertClose(out[0], SIMD4(0.8, 0.6, 0.4, 1))
        // Straight (0.2, 0.4, 0.6) at alpha 0.5 → (0.8, 0.6, 0.4) → premultiplied.
        S.assertClose(out[1], SIMD4(0.4, 0.3, 0.2, 0.5))
        S.assertClose(out[2], .zero, "transparent stays transparent")
    }

    @Test func consecutiveMatricesFoldToTheSameResult() throws {
        // What the compiler does with two matrix nodes: multiply them. The product must match running both.
        let image = try S.anyImage.applyingFilter("CISepiaTone").applyingFilter(
            "CIHueAdjust", parameters: ["inputAngle": .number(1)])
        guard case let .kernel(outer) = image.node, let second = outer.colorMatrix,
            case let .kernel(inner) = outer.inputs[0].node, let first = inner.colorMatrix
        else {
            Issue.record("expected two matrix nodes")
            return
        }
        let c = SIMD4<Double>(0.2, 0.5, 0.7, 1)
        let folded = first.followed(by: second).apply(c), stepwise = second.apply(first.apply(c))
        for i in 0..<4 { #expect(abs(folded[i] - stepwise[i]) <= 1e-12) }
    }
}
