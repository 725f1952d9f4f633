import Foundation
import IrisCore
import IrisCPU
@testable import IrisEnhance
import IrisVideo
import Testing

/// A photo stored sideways with no orientation: the analysis finds its face by turning the picture, and
/// reports it where it is in the stored picture.
@Suite struct TurnedFaceSearchTests {
    let context = Context(renderer: CPURenderer())

    /// IrisDetectTests' crop of scikit-image's public-domain astronaut (its Resources/CREDITS.md).
    func astronaut() throws -> Image {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../IrisDetectTests/Resources/astronaut.png").standardized.path
        return try Image.load(contentsOf: path)
    }

    @Test func aSidewaysFaceIsFoundByTurningThePicture() throws {
        let upright = try astronaut()
        let face = try #require(
            try AutoAdjustment.findFaces(in: upright, orientation: .up, searchingTurns: false, context: context)
                .first)
        let turn = Orientation.left.transform(for: upright.extent)
        let sideways = upright.transformed(by: turn)

        let coreImageWay = try AutoAdjustment.findFaces(
            in: sideways, orientation: .up, searchingTurns: false, context: context)
        #expect(coreImageWay.isEmpty)

        let found = try AutoAdjustment.findFaces(in: sideways, orientation: .up, searchingTurns: true, context: context)
        #expect(found.count == 1)
        let stored = try #require(found.first)
        let back = try #require(turn.inverted).apply(Point(x: stored.bounds.midX, y: stored.bounds.midY))
        #expect(abs(back.x - face.bounds.midX) <= 0.15 * face.bounds.width)
        #expect(abs(back.y - face.bounds.midY) <= 0.15 * face.bounds.height)
        #expect(abs(stored.bounds.width - face.bounds.width) <= 0.2 * face.bounds.width)
    }
}
