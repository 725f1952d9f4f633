import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// The structural filters map onto Image's own operations: affine, crop, source-over, constant colour.
@Suite(.serialized) struct FiltersGeometryCompositingTests {
    private typealias S = FiltersTestSupport

    @Test func affineTransformFoldsLikeTransformedBy() throws {
        let t = IrisCore.AffineTransform(translationX: 10, y: 5).scaledBy(x: 2, y: 2)
        let out = try S.anyImage.applyingFilter("CIAffineTransform", parameters: ["inputTransform": .transform(t)])
        #expect(out.extent == t.apply(S.anyImage.extent))
        guard case let .kernel(application) = out.node else {
            Issue.record("failed")
            return
        }
        #expect(application.affine == t)
    }

    @Test func cropKeepsTheRectangle() throws {
        let source = S.image(Array(repeating: Array(repeating: SIMD4(1, 0, 0, 1), count: 10), count: 10))
        let out = try source.applyingFilter("CICrop", parameters: ["inputRectangle": .vector([1, 2, 3, 4])])
        #expect(out.extent == Rect(x: 1, y: 2, width: 3, height: 4))
        S.assertClose(S.pixel(out, 1, 2), SIMD4(1, 0, 0, 1))
        S.assertClose(S.pixel(out, 0, 2), .zero)
        let byDefault = try Image(color: SIMD4(0, 0, 1, 1)).applyingFilter("CICrop")
        #expect(byDefault.extent == Rect(x: 0, y: 0, width: 300, height: 300))
    }

    @Test func sourceOverPutsTheImageOverTheBackground() throws {
        let front = S.image([[SIMD4(0.5, 0, 0, 0.5)]])
        let back = S.image([[SIMD4(0, 0, 1, 1), SIMD4(0, 1, 0, 1)]], origin: SIMD2(0, 0))
        let out = try front.applyingFilter(
            "CISourceOverCompositing", parameters: ["inputBackgroundImage": .image(back)])
        #expect(out.extent == Rect(x: 0, y: 0, width: 2, height: 1))
        S.assertClose(S.pixel(out, 0, 0), SIMD4(0.5, 0, 0.5, 1))
        S.assertClose(S.pixel(out, 1, 0), SIMD4(0, 1, 0, 1))
    }

    @Test func constantColorIsAnInfiniteEncodedColour() throws {
        let red = try Filter(name: "CIConstantColorGenerator").outputImage()
        #expect(red.extent.isInfinite)
        guard case let .encoded(inner) = red.node, case let .constant(color) = inner.node else {
            Issue.record("\(red)")
            return
        }
        #expect(color == SIMD4(1, 0, 0, 1))
    }

    @Test func typedAPIMatchesTheNamedAPI() throws {
        #expect(FilterSpec.sepiaTone(intensity: 0.8).parameters["inputIntensity"]?.description == "0.8")
        #expect(FilterSpec.sepiaTone().parameters.isEmpty, "unset arguments take the descriptor's default")
        #expect(FilterSpec.colorMatrix(rVector: [0, 1, 0, 0]).parameters.keys.sorted() == ["inputRVector"])
        let background = S.anyImage
        #expect(FilterSpec.sourceOverCompositing(backgroundImage: background).name == "CISourceOverCompositing")
        let out = try S.anyImage.applyingFilter(.colorControls(saturation: 0))
        #expect(S.colorMatrix(of: out) != nil)
        let blue = try Image.constantColor(color: SIMD4(0, 0, 1, 1))
        guard case let .encoded(inner) = blue.node, case let .constant(color) = inner.node else {
            Issue.record("failed")
            return
        }
        #expect(color == SIMD4(0, 0, 1, 1))
        #expect(throws: (any Error).self) { try S.anyImage.applyingFilter(.sepiaTone(intensity: 2)) }
    }
}
