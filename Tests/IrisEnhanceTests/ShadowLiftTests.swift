import Foundation
import IrisCore
import IrisCPU
import IrisDetect
@testable import IrisEnhance
import Testing

/// A backlit portrait: a dark face in front of a bright backdrop gets CIHighlightShadowAdjust, by the rule's
/// amount; the same face as a small part of a larger picture gets none, since lifting every shadow would change
/// more of the picture than the face it helps.
@Suite struct ShadowLiftTests {
    let context = Context(renderer: CPURenderer())
    /// The face box of `RedPupilTests.face`: 80 × 80 pixels, its skin a disc of radius 40 around (80.5, 60).
    static let face = RedPupilTests.face((Point(x: 60.5, y: 70.5), Point(x: 100.5, y: 70.5)))
    /// Grey skin at perceptual luma 0.25, on a backdrop from 0.75 to 0.85, with a black and a white stripe at
    /// the top so the levels already span the range (no stretch moves the face).
    static let skinLuma = 0.25

    static func backlit(width: Int, height: Int) -> Image {
        TestPictures.picture(width: width, height: height) { x, row in
            let dx = Double(x) + 0.5 - 80.5, dy = Double(height - row) - 0.5 - 60
            let backdrop = row < 4 ? (x < width / 2 ? 0 : 1) : 0.75 + 0.1 * Double(x) / Double(width)
            let perceptual = dx * dx + dy * dy < 40 * 40 ? skinLuma : backdrop
            let encoded = TestPictures.encoded(perceptual * perceptual)
            return SIMD3(repeating: encoded)
        }
    }

    func shadowAmount(_ picture: Image) throws -> Double? {
        let filters = try picture.autoAdjustmentFilters(
            options: AutoAdjustmentOptions(redEye: false, features: [Self.face], context: context))
        guard let lift = filters.first(where: { $0.name == "CIHighlightShadowAdjust" }) else { return nil }
        guard case let .number(amount) = lift.parameters["inputShadowAmount"] else { return nil }
        return amount
    }

    @Test func aLargeDarkFaceIsLiftedByTheRulesAmount() throws {
        // The face's box covers a third of 160 × 120.
        let amount = try #require(try shadowAmount(Self.backlit(width: 160, height: 120)))
        // min(1, 2.5 × (0.45 − face luma)), the luma measured after the tone curve, which may move it a little.
        #expect(abs(amount - 2.5 * (ShadowAnalysis.faceGoal - Self.skinLuma)) < 0.15, "\(amount)")
    }

    @Test func aSmallDarkFaceLeavesTheShadowsAlone() throws {
        // The same face covers 4 % of 480 × 360.
        #expect(try shadowAmount(Self.backlit(width: 480, height: 360)) == nil)
    }
}
