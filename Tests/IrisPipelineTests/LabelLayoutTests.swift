import IrisPipeline
import Testing

/// Labels are kept inside the frame and never over each other.
@Suite struct LabelLayoutTests {
    typealias Box = LabelLayout.Box

    @Test func aLabelGoesBelowItsFeatureWhenThereIsRoom() {
        let spots = LabelLayout.place(
            [(Box(x: 100, y: 50, width: 80, height: 80), 60, 20)], frameWidth: 640, frameHeight: 480)
        #expect(spots == [Box(x: 100, y: 132, width: 60, height: 20)])
    }

    @Test func aFeatureAtTheBottomEdgeGetsItsLabelAbove() {
        let spots = LabelLayout.place(
            [(Box(x: 10, y: 400, width: 80, height: 80), 60, 20)], frameWidth: 640, frameHeight: 480)
        #expect(spots == [Box(x: 10, y: 378, width: 60, height: 20)])
    }

    @Test func labelsOfFeaturesAtTheRightEdgeStayInsideTheFrame() {
        let spots = LabelLayout.place(
            [(Box(x: 600, y: 0, width: 40, height: 40), 200, 20)], frameWidth: 640, frameHeight: 480)
        let spot = try! #require(spots[0])
        #expect(spot.x == 440 && spot.maxX == 640)
    }

    @Test func manyLabelsOnOneSpotDoNotOverlapAndStayInside() {
        let requests = (0..<12).map { _ in (anchor: Box(x: 300, y: 200, width: 50, height: 50), width: 120, height: 24)
        }
        let spots = LabelLayout.place(requests, frameWidth: 640, frameHeight: 480).compactMap { $0 }
        #expect(spots.count == 12)
        for (i, a) in spots.enumerated() {
            #expect(a.x >= 0 && a.y >= 0 && a.maxX <= 640 && a.maxY <= 480)
            for b in spots[(i + 1)...] { #expect(!a.intersects(b)) }
        }
    }

    @Test func aLabelWithNoFreePlaceIsLeftOut() {
        let requests = (0..<3).map { _ in (anchor: Box(x: 0, y: 0, width: 10, height: 10), width: 100, height: 30) }
        let spots = LabelLayout.place(requests, frameWidth: 100, frameHeight: 60)
        #expect(spots[0] != nil)
        #expect(spots[2] == nil)  // three 30-pixel bands cannot share 60 rows
    }
}
