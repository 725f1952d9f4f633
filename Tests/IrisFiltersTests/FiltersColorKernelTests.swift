import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// The per-pixel colour kernels (gamma, vibrance, vignette): their Swift bodies on small rows against
/// hand-computed values. Inputs and outputs are premultiplied working-space values.
@Suite(.serialized) struct FiltersColorKernelTests {
    private typealias S = FiltersTestSupport

    @Test func gammaRaisesStraightColourAndKeepsSigns() throws {
        let out = try S.anyImage.applyingFilter("CIGammaAdjust", parameters: ["inputPower": .number(2)])
        let result = S.runColorKernel(of: out, on: [SIMD4(0.5, 0.25, -0.5, 1), SIMD4(0.25, 0, 0.5, 0.5), .zero])
        S.assertClose(result[0], SIMD4(0.25, 0.0625, -0.25, 1))
        // Straight (0.5, 0, 1) at alpha 0.5 → (0.25, 0, 1) → premultiplied.
        S.assertClose(result[1], SIMD4(0.125, 0, 0.5, 0.5))
        S.assertClose(result[2], .zero)
        let root = try S.anyImage.applyingFilter("CIGammaAdjust", parameters: ["inputPower": .number(0.5)])
        S.assertClose(S.runColorKernel(of: root, on: [SIMD4(0.25, 0.04, 1, 1)])[0], SIMD4(0.5, 0.2, 1, 1))
    }

    @Test func vibranceBoostsMutedColoursOnly() throws {
        let out = try S.anyImage.applyingFilter("CIVibrance", parameters: ["inputAmount": .number(1)])
        let muted = SIMD4<Float>(0.6, 0.4, 0.4, 1), grey = SIMD4<Float>(0.5, 0.5, 0.5, 1),
            vivid = SIMD4<Float>(1, 0, 0, 1)
        let result = S.runColorKernel(of: out, on: [muted, grey, vivid])
        // chroma 0.2 → scale 1 + 1·(1 − 0.2) = 1.8 about luma 0.2126·0.6 + 0.7874·0.4 = 0.44252.
        S.assertClose(result[0], SIMD4(0.725984, 0.365984, 0.365984, 1))
        S.assertClose(result[1], grey)
        S.assertClose(result[2], vivid)
        let less = try S.anyImage.applyingFilter("CIVibrance", parameters: ["inputAmount": .number(-1)])
        // scale 1 − 0.8 = 0.2: most of the way to grey.
        S.assertClose(S.runColorKernel(of: less, on: [muted])[0], SIMD4(0.474016, 0.434016, 0.434016, 1))
    }

    @Test func vignetteShadesByDistanceFromTheExtentsCentre() throws {
        let source = S.image(Array(repeating: Array(repeating: SIMD4(0.5, 0.5, 0.5, 1), count: 100), count: 50))
        let out = try source.applyingFilter("CIVignette", parameters: ["inputIntensity": .number(1)])
        #expect(out.extent == source.extent)
        let halfDiagonal: Float = (12_500 as Float).squareRoot() / 2
        let halfway = SIMD2<Float>(50 + halfDiagonal / 2, 25)
        let coords: [SIMD2<Float>] = [SIMD2(50, 25), SIMD2(0, 0), halfway, SIMD2(100, 50)]
        let pixel = SIMD4<Float>(0.4, 0.2, 0.1, 0.5)
        let result = S.runColorKernel(of: out, on: Array(repeating: pixel, count: 4), coords: coords)
        S.assertClose(result[0], pixel, "no shading at the centre")
        S.assertClose(result[1], SIMD4(0, 0, 0, 0.5), "full shading at the reach; alpha kept")
        // t = 0.5: smoothstep 0.5 → shade 0.5.
        S.assertClose(result[2], SIMD4(0.2, 0.1, 0.05, 0.5))
        S.assertClose(result[3], SIMD4(0, 0, 0, 0.5))

        let lighter = try source.applyingFilter(
            "CIVignette", parameters: ["inputIntensity": .number(-0.5), "inputRadius": .number(2)])
        // Radius 2 puts the corner at t = 0.5: shade 1 + 0.5·0.5.
        S.assertClose(
            S.runColorKernel(of: lighter, on: [pixel], coords: [SIMD2(0, 0)])[0], SIMD4(0.5, 0.25, 0.125, 0.5))
    }

    @Test func vignetteEvaluatesThroughTheRecipe() throws {
        let source = S.image([[SIMD4(1, 1, 1, 1), SIMD4(1, 1, 1, 1)], [SIMD4(1, 1, 1, 1), SIMD4(1, 1, 1, 1)]])
        let out = try source.applyingFilter(
            "CIVignette", parameters: ["inputIntensity": .number(1), "inputRadius": .number(2)])
        // Pixel centres of a 2×2 image are all √0.5 from the centre; the half-diagonal is √2, reach 2√2 → t = 0.25.
        let t: Float = 0.25, shade = 1 - t * t * (3 - 2 * t)
        S.assertClose(S.pixel(out, 0, 0), SIMD4(shade, shade, shade, 1))
    }
}
