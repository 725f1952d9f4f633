import Foundation
import XCTest
@testable import IrisCore

/// The committed typed API must be exactly what the descriptors generate, so the two cannot drift.
final class FiltersTypedAPITests: XCTestCase {
    static let generatedFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/IrisCore/Filter/TypedFilters.generated.swift")

    func testCommittedFileMatchesTheDescriptors() throws {
        let source = TypedFilterAPI.swiftSource(for: FilterRegistry.builtIn.all)
        if ProcessInfo.processInfo.environment["IRIS_REGENERATE_TYPED_API"] == "1" {
            try source.write(to: Self.generatedFile, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.generatedFile, encoding: .utf8)
        XCTAssertEqual(
            committed, source, "TypedFilters.generated.swift is stale: run `iris filters --emit-swift` (see its header)"
        )
    }

    func testNamesFollowApplesSwiftSpelling() {
        XCTAssertEqual(TypedFilterAPI.methodName("CISepiaTone"), "sepiaTone")
        XCTAssertEqual(TypedFilterAPI.methodName("CIConvolution3X3"), "convolution3X3")
        XCTAssertEqual(TypedFilterAPI.methodName("CIQRCodeGenerator"), "qrCodeGenerator")
        XCTAssertEqual(TypedFilterAPI.methodName("CICMYKHalftone"), "cmykHalftone")
        XCTAssertEqual(TypedFilterAPI.parameterName("inputEV"), "ev")
        XCTAssertEqual(TypedFilterAPI.parameterName("inputRVector"), "rVector")
        XCTAssertEqual(TypedFilterAPI.parameterName("inputBackgroundImage"), "backgroundImage")
        XCTAssertEqual(TypedFilterAPI.parameterName("inputDefault"), "`default`")
    }

    func testGeneratedSourceShapes() {
        let source = TypedFilterAPI.swiftSource(for: FilterRegistry.builtIn.all)
        XCTAssert(source.contains("public static func sepiaTone(intensity: Double? = nil) -> FilterSpec"))
        XCTAssert(source.contains("public static func sourceOverCompositing(backgroundImage: Image) -> FilterSpec"))
        XCTAssert(
            source.contains("public static func affineTransform(transform: AffineTransform? = nil) -> FilterSpec"))
        XCTAssert(
            source.contains(
                "public static func constantColor(color: SIMD4<Double>? = nil) throws(FilterError) -> Image"))
        XCTAssert(source.contains("public static func colorInvert() -> FilterSpec"))
        XCTAssertFalse(source.contains("inputImage\"] ="), "inputImage is the image the spec is applied to")
    }
}
