import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// Every built-in filter is registered under its Core Image name with Core Image's keys, types and defaults,
/// and bad values give typed errors that name the filter and key.
@Suite(.serialized) struct FiltersRegistryContentsTests {
    private typealias S = FiltersTestSupport

    private var expected: [String: [(String, FilterInputType, String?)]] { RegistryExpectations.all }

    @Test func everyFilterIsRegisteredWithCoreImageKeysAndDefaults() throws {
        #expect(Set(FilterRegistry.builtIn.names) == Set(expected.keys))
        for (name, inputs) in expected {
            let d = try FilterRegistry.builtIn.descriptor(named: name)
            let others = d.inputs.filter { $0.key != "inputImage" }
            #expect(others.map(\.key) == inputs.map(\.0), "\(name)")
            for (input, (key, type, defaultText)) in zip(others, inputs) {
                #expect(input.type == type, "\(name) \(key)")
                #expect(input.defaultValue?.description == defaultText, "\(name) \(key)")
            }
            #expect(
                (d.input("inputImage") == nil)
                    == (d.categories.contains(FilterCategory.generator)
                        || d.categories.contains(FilterCategory.gradient)),
                "\(name): only generators and gradients lack inputImage")
            #expect(d.categories.contains(FilterCategory.builtIn), "\(name)")
            #expect(!d.summary.isEmpty, "\(name)")
        }
    }

    @Test func eachListHoldsExactlyItsExpectedFiltersInItsCategory() {
        let registry = FilterRegistry.builtIn
        for group in RegistryExpectations.groups {
            #expect(Set(group.list.map(\.name)) == Set(group.inputs.keys), "\(group.category)")
            for name in group.inputs.keys {
                #expect(registry.names(inCategory: group.category).contains(name), "\(name) is in \(group.category)")
            }
        }
    }

    @Test func everyFilterBuildsWithItsDefaults() throws {
        for name in FilterRegistry.builtIn.names {
            var filter = try Filter(name: name)
            for input in filter.descriptor.inputs where input.type == .image {
                try filter.setValue(.image(S.anyImage), forKey: input.key)
            }
            #expect(throws: Never.self, "\(name)") { try filter.outputImage() }
        }
    }

    @Test func outOfRangeValuesAreRejected() {
        let cases: [(String, String, Double, ClosedRange<Double>)] = [
            ("CISepiaTone", "inputIntensity", 1.5, 0...1),
            ("CIColorControls", "inputSaturation", -0.1, 0...Double.infinity),
            ("CIColorControls", "inputBrightness", 1.5, -1...1),
            ("CIColorControls", "inputContrast", 0.1, 0.25...Double.infinity),
            ("CIGammaAdjust", "inputPower", -1, 0...Double.infinity),
            ("CIVibrance", "inputAmount", 2, -1...1),
            ("CIGaussianBlur", "inputRadius", -1, 0...500),
            ("CIBoxBlur", "inputRadius", 0.5, 1...100),
            ("CIVignette", "inputIntensity", -2, -1...1),
            ("CIVignette", "inputRadius", 3, 0...2)
        ]
        for (name, key, value, range) in cases {
            S.assertThrows(.outOfRange(filter: name, key: key, value: value, range: range)) { () throws(FilterError) in
                var f = try Filter(name: name)
                try f.setValue(.number(value), forKey: key)
            }
        }
    }

    @Test func wrongTypesAndShapesAreTypedErrors() {
        S.assertThrows(.wrongType(filter: "CIHueAdjust", key: "inputAngle", expected: .angle, got: "vector of 2")) {
            () throws(FilterError) in
            var f = try Filter(name: "CIHueAdjust")
            try f.setValue(.vector([1, 2]), forKey: "inputAngle")
        }
        S.assertThrows(
            .wrongType(filter: "CIAffineTransform", key: "inputTransform", expected: .transform, got: "number")
        ) { () throws(FilterError) in
            var f = try Filter(name: "CIAffineTransform")
            try f.setValue(.number(1), forKey: "inputTransform")
        }
        S.assertThrows(
            .invalidValue(filter: "CIConvolution3X3", key: "inputWeights", reason: "needs 9 components, got 8")
        ) { () throws(FilterError) in
            var f = try Filter(name: "CIConvolution3X3")
            try f.setValue(.vector([Double](repeating: 0, count: 8)), forKey: "inputWeights")
        }
        S.assertThrows(.invalidValue(filter: "CIColorMatrix", key: "inputRVector", reason: "needs 4 components, got 3"))
        { () throws(FilterError) in
            var f = try Filter(name: "CIColorMatrix")
            try f.setValue(.vector([1, 0, 0]), forKey: "inputRVector")
        }
        S.assertThrows(
            .invalidValue(filter: "CICrop", key: "inputRectangle", reason: "width and height must not be negative")
        ) { () throws(FilterError) in
            try S.anyImage.applyingFilter("CICrop", parameters: ["inputRectangle": .vector([0, 0, -1, 4])])
        }
        S.assertThrows(.missingInput(filter: "CISourceOverCompositing", key: "inputBackgroundImage")) {
            () throws(FilterError) in
            try S.anyImage.applyingFilter("CISourceOverCompositing")
        }
        S.assertThrows(
            .invalidValue(
                filter: "CIVignette", key: "inputImage", reason: "the image's extent is infinite: crop it first")
        ) { () throws(FilterError) in
            try Image(color: SIMD4(1, 1, 1, 1)).applyingFilter("CIVignette", parameters: ["inputIntensity": .number(1)])
        }
    }

    /// The filters that map the image's rectangle somewhere refuse an infinite image through
    /// `FilterArguments.finiteImage`, each under its own name.
    @Test(arguments: [
        "CICircularWrap", "CIDroste", "CIPerspectiveTile", "CIStretchCrop", "CIAccordionFoldTransition",
        "CIPerspectiveTransform", "CINinePartStretched", "CINinePartTiled"
    ])
    func anInfiniteImageIsRefusedByName(filter: String) {
        S.assertThrows(
            .invalidValue(filter: filter, key: "inputImage", reason: "the image's extent is infinite: crop it first")
        ) { () throws(FilterError) in
            var parameters: [String: FilterValue] = [:]
            if filter == "CIAccordionFoldTransition" { parameters["inputTargetImage"] = .image(S.anyImage) }
            _ = try Image(color: SIMD4(1, 1, 1, 1)).applyingFilter(filter, parameters: parameters)
        }
    }

    @Test func identitySettingsReturnTheInputItself() throws {
        let image = S.anyImage
        #expect(try image.applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(0)]) === image)
        #expect(try image.applyingFilter("CIVibrance") === image)
        #expect(try image.applyingFilter("CIGammaAdjust", parameters: ["inputPower": .number(1)]) === image)
        #expect(try image.applyingFilter("CIVignette") === image)
        #expect(try image.applyingFilter("CIAffineTransform") === image)
    }
}
