import IrisCore
import IrisDetect
import IrisEval
import Testing

/// The rectangle detector on generated scenes (perspective, texture, blur, noise, uneven light).
@Suite struct RectangleDetectionTests {
    @Test func findsGeneratedCardsWithinTwoPercent() throws {
        let detector = try Detector(type: .rectangle)
        var correct = 0
        let seeds: [UInt64] = [0, 1, 2, 4, 5, 6, 8, 9]
        for seed in seeds {
            let scene = RectangleScene(seed: seed, width: 320, height: 240)
            let truth = try #require(scene.corners)
            guard let found = try detector.features(in: scene.buffer).rectangles.first else { continue }
            if CornerError.relative(found: found.corners, truth: truth) <= 0.02 { correct += 1 }
        }
        #expect(correct >= seeds.count - 1, "\(correct)/\(seeds.count) within 2 %")
    }

    @Test func scenesWithoutARectangleGiveNothing() throws {
        let detector = try Detector(type: .rectangle)
        for seed in [3, 7, 11, 15] as [UInt64] {
            let scene = RectangleScene(seed: seed, width: 320, height: 240, containsRectangle: false)
            #expect(try detector.features(in: scene.buffer).isEmpty, "seed \(seed)")
        }
    }

    @Test func cornersAreNamedAsSeenUpright() throws {
        // An axis-aligned bright card on a dark floor: names follow the picture, y up.
        var plane = LumaPlane(width: 200, height: 160, value: 40)
        for y in 40..<110 { for x in 30..<150 { plane.bytes[y * 200 + x] = 220 } }
        let found = try #require(try Detector(type: .rectangle).features(in: plane).rectangles.first)
        #expect(abs(found.corners.topLeft.x - 30) < 1.5 && abs(found.corners.topLeft.y - 120) < 1.5)
        #expect(abs(found.corners.bottomRight.x - 150) < 1.5 && abs(found.corners.bottomRight.y - 50) < 1.5)
    }
}
