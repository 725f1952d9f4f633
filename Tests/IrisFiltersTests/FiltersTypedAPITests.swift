import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// The committed typed API must be exactly what the descriptors generate, so the two cannot drift.
@Suite(.serialized) struct FiltersTypedAPITests {
    static let generatedFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/IrisFilters/Filter/TypedFilters.generated.swift")

    @Test func committedFileMatchesTheDescriptors() throws {
        let source = TypedFilterAPI.swiftSource(for: FilterRegistry.builtIn.all)
        if ProcessInfo.processInfo.environment["IRIS_REGENERATE_TYPED_API"] == "1" {
            try source.write(to: Self.generatedFile, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.generatedFile, encoding: .utf8)
        #expect(
            committed == source,
            "TypedFilters.generated.swift is stale: run `iris filters --emit-swift` (see its header)")
    }

    @Test func namesFollowApplesSwiftSpelling() {
        #expect(TypedFilterAPI.methodName("CISepiaTone") == "sepiaTone")
        #expect(TypedFilterAPI.methodName("CIConvolution3X3") == "convolution3X3")
        #expect(TypedFilterAPI.methodName("CIQRCodeGenerator") == "qrCodeGenerator")
        #expect(TypedFilterAPI.methodName("CICMYKHalftone") == "cmykHalftone")
        #expect(TypedFilterAPI.parameterName("inputEV") == "ev")
        #expect(TypedFilterAPI.parameterName("inputRVector") == "rVector")
        #expect(TypedFilterAPI.parameterName("inputBackgroundImage") == "backgroundImage")
        #expect(TypedFilterAPI.parameterName("inputDefault") == "`default`")
    }

    @Test func generatedSourceShapes() {
        let source = TypedFilterAPI.swiftSource(for: FilterRegistry.builtIn.all)
        #expect(source.contains("public static func sepiaTone(intensity: Double? = nil) -> FilterSpec"))
        #expect(source.contains("public static func sourceOverCompositing(backgroundImage: Image) -> FilterSpec"))
        #expect(source.contains("public static func affineTransform(transform: AffineTransform? = nil) -> FilterSpec"))
        #expect(
            source.contains(
                "public static func constantColor(color: SIMD4<Double>? = nil) throws(FilterError) -> Image"))
        #expect(source.contains("public static func colorInvert() -> FilterSpec"))
        #expect(!source.contains("inputImage\"] ="), "inputImage is the image the spec is applied to")
    }
}
