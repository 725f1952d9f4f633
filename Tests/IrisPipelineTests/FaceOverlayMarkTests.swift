import IrisCPU
import IrisCore
import IrisDetect
import IrisPipeline
import Testing

/// Faces drawn by the overlay recipe (what `iris run` shows and `iris detect --annotate` writes): the box,
/// filled marks where the models found eyes and mouth, hollow marks for geometric guesses, and the tracking
/// ID / smile / blink words in real glyphs under the face.
@Suite struct FaceOverlayMarkTests {
    static let black = Image(color: SIMD4(0, 0, 0, 1)).cropped(to: Rect(width: 200, height: 200))
    static let box = Quadrilateral(
        topLeft: Point(x: 40, y: 160), topRight: Point(x: 160, y: 160),
        bottomLeft: Point(x: 40, y: 40), bottomRight: Point(x: 160, y: 40))

    static func render(_ face: FaceFeature) throws -> PixelBuffer {
        try Context(renderer: CPURenderer()).render(
            try black.overlaying([.face(face)]), rect: Rect(width: 200, height: 200))
    }

    /// The colour at image point (x, y), bottom-left origin.
    static func rgb(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> SIMD3<Int> {
        let p = buffer.rgba(x: x, row: buffer.height - 1 - y)
        return SIMD3(Int(p.x), Int(p.y), Int(p.z))
    }

    static func near(_ a: SIMD3<Int>, _ c: OverlayColor) -> Bool {
        abs(a.x - Int(c.red)) <= 2 && abs(a.y - Int(c.green)) <= 2 && abs(a.z - Int(c.blue)) <= 2
    }

    @Test func eyesAndMouthAreFilledOnlyWhereAModelFoundThem() throws {
        let style = OverlayStyle()
        let face = FaceFeature(
            corners: Self.box, leftEyePosition: Point(x: 75, y: 120), rightEyePosition: Point(x: 125, y: 120),
            mouthPosition: Point(x: 100, y: 70), hasLeftEyePosition: true, hasRightEyePosition: false,
            hasMouthPosition: true)
        let out = try Self.render(face)
        #expect(Self.near(Self.rgb(out, 40, 100), style.faceColor), "left edge of the box: \(Self.rgb(out, 40, 100))")
        #expect(Self.near(Self.rgb(out, 75, 120), style.eyeColor), "found eye: filled centre")
        #expect(Self.rgb(out, 125, 120) == SIMD3(0, 0, 0), "guessed eye: hollow centre")
        // The mark reaches 120/20 = 6 px either side of the eye.
        #expect(Self.near(Self.rgb(out, 119, 120), style.eyeColor), "guessed eye: outline \(Self.rgb(out, 119, 120))")
        #expect(Self.near(Self.rgb(out, 100, 70), style.mouthColor), "found mouth: filled centre")
        #expect(Self.rgb(out, 100, 95) == SIMD3(0, 0, 0), "inside the face, away from the marks")
    }

    @Test func trackingIDSmileAndBlinkAreWrittenUnderTheFace() throws {
        let style = OverlayStyle()
        func ink(_ face: FaceFeature) throws -> Int {
            let out = try Self.render(face)
            // The label goes below the box (image rows under y = 40).
            return (0..<38).reduce(0) { n, y in
                n + (0..<200).filter { Self.near(Self.rgb(out, $0, y), style.faceColor) }.count
            }
        }
        var face = FaceFeature(
            corners: Self.box, leftEyePosition: Point(x: 75, y: 120), rightEyePosition: Point(x: 125, y: 120),
            mouthPosition: Point(x: 100, y: 70))
        let plain = try ink(face)
        face.trackingID = 7
        let withID = try ink(face)
        face.hasSmile = true
        face.leftEyeClosed = true
        let withWords = try ink(face)
        #expect(plain == 0)
        #expect(plain < withID && withID < withWords, "\(plain) \(withID) \(withWords)")
    }
}
