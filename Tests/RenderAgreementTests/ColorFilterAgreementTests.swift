import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// GLES and CPU agree (within 2/255, as EveryFilterAgreementTests asks) on the colour filters at settings
/// that test does not reach: vectors, colours and positions away from their defaults, alpha below 1, and
/// the filters with a second image input.
@Suite(.serialized) struct ColorFilterAgreementTests {
    /// Descriptors not yet in the registry's lists: EveryFilterAgreementTests and
    /// FiltersRegistryContentsTests.testEveryFilterBuildsWithItsDefaults set only inputImage and
    /// inputBackgroundImage, so a second image input of another name would fail them.
    static let unlisted: [String: FilterDescriptor] = [
        "CIColorAbsoluteDifference": BuiltInFilters.colorAbsoluteDifference,
        "CIColorMap": BuiltInFilters.colorMap
    ]

    let opaque = Image(buffer: Frames.rgbaGradient(width: 48, height: 32))
    let translucent = Image(buffer: Frames.rgbaGradient(width: 48, height: 32, alpha: true))

    func agree(_ name: String, _ parameters: [String: FilterValue], on image: Image, line: UInt = #line) throws {
        let output = try ColorFilterFormulaTests.apply(name, to: image, parameters)
        let a = try Renderers.render(output, on: try Renderers.glesRenderer()),
            b = try Renderers.render(output, on: Renderers.cpu)
        let d = maxDifference(a, b)
        #expect(d.value <= 2, "\(name) \(parameters) differs by \(d.value) at x \(d.x) row \(d.row)")
    }

    @Test func colorFiltersAgreeAwayFromTheirDefaults() throws {
        let cases: [(String, [String: FilterValue])] = [
            (
                "CIColorClamp",
                [
                    "inputMinComponents": .vector([0.1, 0.2, 0.05, 0.3]),
                    "inputMaxComponents": .vector([0.6, 0.9, 0.4, 0.8])
                ]
            ),
            (
                "CIColorPolynomial",
                [
                    "inputRedCoefficients": .vector([0.1, 0.5, 0.3, 0.1]),
                    "inputGreenCoefficients": .vector([0, 1.5, -0.6, 0.2]),
                    "inputBlueCoefficients": .vector([0.05, 0.2, 0.2, 0.4]),
                    "inputAlphaCoefficients": .vector([0.1, 0.8, 0, 0])
                ]
            ),
            (
                "CIColorCrossPolynomial",
                [
                    "inputRedCoefficients": .vector([0.5, 0.1, 0, 0.2, 0, 0, 0.1, 0, 0, 0.05]),
                    "inputGreenCoefficients": .vector([0, 0.8, 0, 0, 0.1, 0, 0, 0.2, 0, 0]),
                    "inputBlueCoefficients": .vector([0.1, 0, 0.6, 0, 0, 0.3, 0, 0, 0.2, -0.02])
                ]
            ),
            ("CIWhitePointAdjust", ["inputColor": .color(SIMD4(1, 0.8, 0.5, 1))]),
            ("CITemperatureAndTint", ["inputNeutral": .vector([3200, 20]), "inputTargetNeutral": .vector([7000, -10])]),
            (
                "CIToneCurve",
                [
                    "inputPoint0": .vector([0, 0.1]), "inputPoint1": .vector([0.2, 0.15]),
                    "inputPoint2": .vector([0.45, 0.6]),
                    "inputPoint3": .vector([0.7, 0.65]), "inputPoint4": .vector([1, 0.9])
                ]
            ),
            (
                "CIToneCurve",
                [
                    "inputPoint0": .vector([0.1, 0.9]), "inputPoint1": .vector([0.3, 0.2]),
                    "inputPoint2": .vector([0.3, 0.5]),
                    "inputPoint3": .vector([0.8, 0.1]), "inputPoint4": .vector([0.9, 1])
                ]
            ),
            (
                "CIHighlightShadowAdjust",
                ["inputRadius": .number(3), "inputShadowAmount": .number(-0.7), "inputHighlightAmount": .number(0.2)]
            ),
            ("CIColorMonochrome", ["inputColor": .color(SIMD4(0.2, 0.5, 0.9, 1)), "inputIntensity": .number(0.8)]),
            ("CIFalseColor", ["inputColor0": .color(SIMD4(0, 0.2, 0.4, 1)), "inputColor1": .color(SIMD4(1, 1, 0, 1))]),
            ("CIColorPosterize", ["inputLevels": .number(3)]),
            ("CIDither", ["inputIntensity": .number(5)]),
            (
                "CIColorAbsoluteDifference",
                ["inputImage2": .image(Image(buffer: Frames.rgbaGradient(width: 48, height: 32)).oriented(.down))]
            )
        ]
        for (name, parameters) in cases {
            try agree(name, parameters, on: opaque)
            try agree(name, parameters, on: translucent)
        }
    }

    @Test func colorMapAgreesWithAGradientImage() throws {
        // A 16×2 gradient image (sRGB ramp through colours), read along its middle.
        var gradient = PixelBuffer(width: 16, height: 2, format: .rgba8)
        for row in 0..<2 {
            for x in 0..<16 {
                let o = row * gradient.planes[0].bytesPerRow + x * 4
                gradient.planes[0].bytes[o] = UInt8(x * 17)
                gradient.planes[0].bytes[o + 1] = UInt8(255 - x * 17)
                gradient.planes[0].bytes[o + 2] = UInt8((x * 40) % 256)
                gradient.planes[0].bytes[o + 3] = 255
            }
        }
        let g = Image(buffer: gradient).transformed(by: AffineTransform(translationX: 5, y: -3))
        try agree("CIColorMap", ["inputGradientImage": .image(g)], on: opaque)
        try agree("CIColorMap", ["inputGradientImage": .image(g)], on: translucent)
    }

    /// On a camera frame the CPU renderer bakes colour chains after the decoder into a lookup cube (or keeps
    /// them exact where a cube would be off by more than 1.5/255); GLES runs the kernels.
    @Test func colorFiltersAgreeOnNV12Frames() throws {
        let frame = Image(
            buffer: Frames.nv12(
                width: 40, height: 24, y: { x, r in UInt8(16 + (x * 5 + r * 3) % 220) }, cb: 90, cr: 170))
        // A few of each kind: a step (threshold, kept exact), smooth curves that bake, luma ramps whose square
        // root near black is too steep for a cube (kept exact), and the position-dependent or two-input ones
        // (never baked). Each failed bake tries every cube size, which is slow in debug builds.
        let names = [
            "CIColorThreshold", "CIToneCurve", "CIThermal", "CIMaximumComponent", "CIPhotoEffectNoir",
            "CIDither", "CIHighlightShadowAdjust"
        ]
        let parameters: [String: [String: FilterValue]] = [
            "CIToneCurve": ["inputPoint1": .vector([0.25, 0.1]), "inputPoint3": .vector([0.75, 0.9])],
            "CIDither": ["inputIntensity": .number(2)],
            "CIHighlightShadowAdjust": [
                "inputRadius": .number(2), "inputShadowAmount": .number(0.6), "inputHighlightAmount": .number(0.4)
            ]
        ]
        for name in names {
            let image = try frame.applyingFilter(name, parameters: parameters[name] ?? [:])
            let d = maxDifference(
                try Renderers.render(image, on: try Renderers.glesRenderer()),
                try Renderers.render(image, on: Renderers.cpu))
            #expect(d.value <= 2, "\(name) on NV12 differs by \(d.value) at x \(d.x) row \(d.row)")
        }
    }
}
