import IrisCore
@testable import IrisDetect
import Testing

/// `--annotate` for faces: the box, filled marks where the models found eyes and mouth, hollow marks for
/// geometric guesses, and the tracking ID / smile / blink words.
@Suite struct FaceOverlayTests {
    func rgb(_ buffer: PixelBuffer, _ x: Int, _ row: Int) -> SIMD3<UInt8> {
        let o = row * buffer.planes[0].bytesPerRow + x * 4
        return SIMD3(buffer.planes[0].bytes[o], buffer.planes[0].bytes[o + 1], buffer.planes[0].bytes[o + 2])
    }

    @Test func eyesAndMouthAreMarkedFilledOnlyWhereAModelFoundThem() throws {
        var canvas = PixelBuffer(width: 200, height: 200, format: .rgba8)
        // Image coordinates: origin bottom-left, so row = 200 − y.
        let box = Quadrilateral(topLeft: Point(x: 40, y: 160), topRight: Point(x: 160, y: 160),
                                bottomLeft: Point(x: 40, y: 40), bottomRight: Point(x: 160, y: 40))
        let face = FaceFeature(corners: box, leftEyePosition: Point(x: 75, y: 120), rightEyePosition: Point(x: 125, y: 120),
                               mouthPosition: Point(x: 100, y: 70), hasLeftEyePosition: true, hasRightEyePosition: false,
                               hasMouthPosition: true)
        FeatureOverlay.draw([face], into: &canvas)
        #expect(rgb(canvas, 40, 100) == FeatureOverlay.faceColour, "left edge of the box")
        #expect(rgb(canvas, 75, 80) == FeatureOverlay.eyeColour, "found eye: filled centre")
        #expect(rgb(canvas, 125, 80) == SIMD3(0, 0, 0), "guessed eye: hollow centre")
        let half = Int(120.0 / 20)
        #expect(rgb(canvas, 125 - half, 80) == FeatureOverlay.eyeColour, "guessed eye: outline")
        #expect(rgb(canvas, 100, 130) == FeatureOverlay.mouthColour, "found mouth: filled centre")
        #expect(rgb(canvas, 100, 100) == SIMD3(0, 0, 0), "inside the face, away from the marks")
    }

    @Test func trackingIDSmileAndBlinkAreWrittenUnderTheFace() throws {
        func drawn(_ face: FaceFeature) -> Int {
            var canvas = PixelBuffer(width: 200, height: 200, format: .rgba8)
            FeatureOverlay.draw([face], into: &canvas)
            // Text goes below the box (rows 163 on): count its ink.
            return (163..<200).reduce(0) { n, row in n + (0..<200).filter { rgb(canvas, $0, row) == FeatureOverlay.faceColour }.count }
        }
        let box = Quadrilateral(topLeft: Point(x: 40, y: 160), topRight: Point(x: 160, y: 160),
                                bottomLeft: Point(x: 40, y: 40), bottomRight: Point(x: 160, y: 40))
        var face = FaceFeature(corners: box, leftEyePosition: Point(x: 75, y: 120), rightEyePosition: Point(x: 125, y: 120),
                               mouthPosition: Point(x: 100, y: 70))
        let plain = drawn(face)
        face.trackingID = 7
        let withID = drawn(face)
        face.hasSmile = true; face.leftEyeClosed = true
        let withWords = drawn(face)
        #expect(plain < withID && withID < withWords)
    }
}
