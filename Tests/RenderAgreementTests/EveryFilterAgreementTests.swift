import Foundation
import IrisCore
@testable import IrisFilters
import Testing

/// Every built-in filter, rendered by the GLES and the CPU renderer, agrees within 2/255 per channel,
/// at its defaults and at non-default values. The registry is dealt into four shares, one test each, so
/// that parallel test workers split the llvmpipe shader compiles that dominate its time.
@Suite(.serialized) struct EveryFilterAgreementTests {
    let source = Image(buffer: Frames.rgbaGradient(width: 48, height: 32))
    let background = Image(buffer: Frames.rgbaGradient(width: 48, height: 32, alpha: false)).oriented(.down)
    let overlay = Image(buffer: Frames.rgbaGradient(width: 48, height: 32, alpha: true))

    @Test func firstShareOfFiltersAgreesAcrossRenderers() throws { try checkShare(0) }
    @Test func secondShareOfFiltersAgreesAcrossRenderers() throws { try checkShare(1) }
    @Test func thirdShareOfFiltersAgreesAcrossRenderers() throws { try checkShare(2) }
    @Test func fourthShareOfFiltersAgreesAcrossRenderers() throws { try checkShare(3) }

    private func checkShare(_ share: Int) throws {
        let gles = try Renderers.glesRenderer()
        let all = FilterRegistry.builtIn.all
        for descriptor in all.indices.filter({ $0 % 4 == share }).map({ all[$0] }) {
            for variant in ["defaults", "varied"] {
                var filter = Filter(descriptor: descriptor)
                for input in descriptor.inputs {
                    switch input.key {
                    case "inputImage":
                        try filter.setValue(
                            .image(
                                descriptor.categories.contains(FilterCategory.compositeOperation) ? overlay : source),
                            forKey: "inputImage")
                    case "inputBackgroundImage": try filter.setValue(.image(background), forKey: input.key)
                    case _ where input.type == .image:
                        // Masks, targets, gradients, displacement maps: another picture of the same size.
                        try filter.setValue(.image(background), forKey: input.key)
                    default:
                        if variant == "varied", input.type.isNumericInput, let r = input.sliderRange {
                            var v = r.lowerBound + 0.7 * (r.upperBound - r.lowerBound)
                            if input.type == .integer { v = v.rounded() }
                            // Large blur radii only add llvmpipe time, not coverage.
                            if input.key == "inputRadius" && descriptor.categories.contains(FilterCategory.blur) {
                                v = min(v, 6)
                            }
                            try filter.setValue(.number(v), forKey: input.key)
                        }
                    }
                }
                let output = try filter.outputImage()
                let image = output.extent.isInfinite ? output.cropped(to: source.extent) : output
                let a = try Renderers.render(image, on: gles), b = try Renderers.render(image, on: Renderers.cpu)
                let d = maxDifference(a, b)
                #expect(d.value <= 2, "\(descriptor.name) (\(variant)) differs by \(d.value) at x \(d.x) row \(d.row)")
            }
        }
        #expect(all.count >= 190, "the whole registry is dealt out")
    }

    @Test func everyFilterAgreesOnNV12Frames() throws {
        let gles = try Renderers.glesRenderer()
        let frame = Image(buffer: Frames.nv12(width: 40, height: 24, y: { x, r in UInt8(16 + (x * 5 + r * 3) % 220) }))
        for name in ["CISepiaTone", "CIHueAdjust", "CIColorControls", "CIGaussianBlur", "CIVignette"] {
            let image = try frame.clampedToExtent().applyingFilter(name).cropped(to: frame.extent)
            let d = maxDifference(try Renderers.render(image, on: gles), try Renderers.render(image, on: Renderers.cpu))
            #expect(d.value <= 2, "\(name) on NV12 differs by \(d.value) at x \(d.x) row \(d.row)")
        }
    }
}

extension FilterInputType {
    var isNumericInput: Bool { [.scalar, .angle, .distance, .integer].contains(self) }
}
