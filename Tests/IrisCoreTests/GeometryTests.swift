import Foundation
@testable import IrisCore
import Testing

@Suite(.serialized) struct GeometryTests {
    @Test func affineInverseAndConcatenation() throws {
        let t = AffineTransform(translationX: 5, y: -2).concatenating(AffineTransform(rotationAngle: 0.7))
            .concatenating(AffineTransform(scaleX: 2, y: 3))
        let inv = try #require(t.inverted)
        let p = Point(x: 3, y: 4)
        let back = inv.apply(t.apply(p))
        #expect(abs(back.x - 3) <= 1e-9)
        #expect(abs(back.y - 4) <= 1e-9)
        #expect(AffineTransform(scaleX: 0, y: 1).inverted == nil)
    }

    @Test func rectAlgebraWithInfinity() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(Rect.infinite.intersection(r) == r)
        #expect(r.union(.infinite).isInfinite)
        #expect(r.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
        #expect(Rect(x: 0.5, y: 0.2, width: 2, height: 2).integral == Rect(x: 0, y: 0, width: 3, height: 3))
    }

    /// Each EXIF orientation maps the stored top-left pixel where the EXIF spec says it is displayed.
    @Test func orientationsMoveTheStoredTopLeftCorner() {
        let extent = Rect(width: 40, height: 30)
        // Stored top-left pixel centre in bottom-left coordinates.
        let topLeft = Point(x: 0.5, y: 29.5)
        let expected: [Orientation: (Double, Double)] = [
            .up: (0.5, 29.5), .upMirrored: (39.5, 29.5), .down: (39.5, 0.5), .downMirrored: (0.5, 0.5),
            .leftMirrored: (0.5, 39.5), .right: (29.5, 39.5), .rightMirrored: (29.5, 0.5), .left: (0.5, 0.5)
        ]
        for o in Orientation.allCases {
            let t = o.transform(for: extent)
            let p = t.apply(topLeft)
            #expect(abs(p.x - expected[o]!.0) <= 1e-9, "\(o)")
            #expect(abs(p.y - expected[o]!.1) <= 1e-9, "\(o)")
            let e = t.apply(extent)
            #expect(e == (o.swapsAxes ? Rect(width: 30, height: 40) : extent), "\(o)")
        }
    }

    /// An orientation's quarter turns show the same stored picture turned about its centre by a quarter each
    /// way and then a half, with mirroring unchanged.
    @Test func quarterTurnsTurnTheUprightPicture() {
        let extent = Rect(width: 40, height: 40)
        let stored = [Point(x: 3.5, y: 7.5), Point(x: 30.5, y: 11.5), Point(x: 12.5, y: 36.5)]
        func turned(_ p: Point, quarters: Int) -> Point {
            var (x, y) = (p.x - 20, p.y - 20)
            for _ in 0..<((quarters % 4 + 4) % 4) { (x, y) = (-y, x) }
            return Point(x: x + 20, y: y + 20)
        }
        for o in Orientation.allCases {
            let turns = o.quarterTurns
            #expect(turns.count == 4 && turns[0] == o && Set(turns).count == 4, "\(o)")
            var quarters: [Int] = []
            for t in turns {
                let shown = stored.map { o.transform(for: extent).apply($0) }
                let now = stored.map { t.transform(for: extent).apply($0) }
                let match = (0..<4).filter { k in
                    zip(shown, now).allSatisfy { a, b in
                        let r = turned(a, quarters: k)
                        return abs(r.x - b.x) <= 1e-9 && abs(r.y - b.y) <= 1e-9
                    }
                }
                #expect(match.count == 1, "\(o) → \(t)")
                quarters.append(match.first ?? -1)
            }
            #expect(quarters[0] == 0 && Set(quarters[1...2]) == [1, 3] && quarters[3] == 2, "\(o): \(quarters)")
        }
    }

    @Test func yCbCrMatricesMapReferenceColours() {
        // Video-range white, black and BT.601 red (Y 81, Cb 90, Cr 240) from the standard's tables.
        let c601 = Colorimetry(matrix: .bt601, range: .video).rgbFromYCbCr
        func rgb(_ c: (matrix: [Float], offset: SIMD3<Float>), _ y: Float, _ cb: Float, _ cr: Float) -> SIMD3<Float> {
            let v = SIMD3(y, cb, cr) / 255
            let m = c.matrix
            return SIMD3(
                m[0] * v.x + m[1] * v.y + m[2] * v.z, m[3] * v.x + m[4] * v.y + m[5] * v.z,
                m[6] * v.x + m[7] * v.y + m[8] * v.z) + c.offset
        }
        let white = rgb(c601, 235, 128, 128), black = rgb(c601, 16, 128, 128), red = rgb(c601, 81, 90, 240)
        for i in 0..<3 {
            #expect(abs(white[i] - 1) <= 1e-4)
            #expect(abs(black[i] - 0) <= 1e-4)
        }
        #expect(abs((red.x * 255) - 255) <= 1.5)
        #expect(abs((red.y * 255) - 0) <= 1.5)
        #expect(abs((red.z * 255) - 0) <= 1.5)
        // Full range: Y 255 neutral is white; BT.709 keeps neutral grey grey.
        let full709 = Colorimetry(matrix: .bt709, range: .full).rgbFromYCbCr
        let grey = rgb(full709, 128, 128, 128)
        #expect(abs(grey.x - grey.y) <= 1e-5)
        #expect(abs(grey.y - grey.z) <= 1e-5)
        #expect(abs(grey.x - (128.0 / 255)) <= 1e-5)
    }
}
