import IrisCore
@testable import IrisDetect
import IrisEval
import Testing

/// dlib's fHOG features, pyramid_down<N> and rectangle maps: properties that follow from dlib's definitions,
/// checked without dlib. (Bit-for-bit agreement with dlib 19.24 itself was measured once, against its own
/// dumps of real photos; these tests guard the behaviour that agreement rests on.)
@Suite struct FHOGFeatureTests {
    /// A picture whose brightness rises strictly to the right on every row (so no pixel's gradient is
    /// vertical, where dlib's bins 4 and 5 tie and the first wins), with rows varying up and down.
    static func ramp(width: Int = 64, height: Int = 48) -> LumaPlane {
        var random = SeededRandom(seed: 11)
        let rows = (0..<height).map { _ in Int(random.next() % 60) }
        var bytes = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { bytes[y * width + x] = UInt8(3 * x + rows[y] + (x / 7) % 3) }
        }
        return LumaPlane(width: width, height: height, bytes: bytes)
    }

    static func mirrored(_ p: LumaPlane, horizontally: Bool) -> LumaPlane {
        var bytes = [UInt8](repeating: 0, count: p.width * p.height)
        for y in 0..<p.height {
            for x in 0..<p.width {
                bytes[y * p.width + x] = horizontally ? p[p.width - 1 - x, y] : p[x, p.height - 1 - y]
            }
        }
        return LumaPlane(width: p.width, height: p.height, bytes: bytes)
    }

    @Test func uniformPictureHasNoFeaturesAndDlibsShape() {
        let hog = FHOGFeatures(
            LumaPlane(width: 64, height: 48, value: 128), cellSize: 8,
            filterRowsPadding: 10, filterColumnsPadding: 10)
        // 48/8 = 6 by 64/8 = 8 cells, less the outer ring: 4 × 6, plus padding − 1 = 9 each way
        #expect(hog.rows == 4 + 9 && hog.columns == 6 + 9)
        #expect(hog.values.count == FHOGFeatures.planeCount * hog.rows * hog.columns)
        #expect(hog.values.allSatisfy { $0 == 0 })
    }

    @Test func tooSmallPicturesGiveEmptyPlanes() {
        // 12 / 8 + 0.5 rounds to 2 cells: no cell keeps all its neighbours
        let small = FHOGFeatures(
            LumaPlane(width: 12, height: 40, value: 9), cellSize: 8,
            filterRowsPadding: 10, filterColumnsPadding: 10)
        #expect(small.rows == 0 && small.columns == 0 && small.values.isEmpty)
        let one = FHOGFeatures(
            LumaPlane(width: 3, height: 3, value: 9), cellSize: 1,
            filterRowsPadding: 1, filterColumnsPadding: 1)
        #expect(one.rows == 1 && one.columns == 1)
    }

    @Test func verticalEdgeVotesOnlyForHorizontalGradients() {
        var bytes = [UInt8](repeating: 30, count: 64 * 48)
        for y in 0..<48 { for x in 29..<64 { bytes[y * 64 + x] = 200 } }
        let hog = FHOGFeatures(
            LumaPlane(width: 64, height: 48, bytes: bytes), cellSize: 8,
            filterRowsPadding: 1, filterColumnsPadding: 1)
        let plane = hog.rows * hog.columns
        func energy(_ p: Int) -> Float { hog.values[(p * plane)..<((p + 1) * plane)].reduce(0, +) }
        // dark → bright along +x: bin 0 (direction (1, 0)) and its contrast-insensitive twin, plane 18
        #expect(energy(0) > 0.5 && energy(18) > 0.5)
        #expect(abs(energy(0) - energy(18)) < 1e-5)
        for p in Array(1..<18) + Array(19..<27) { #expect(energy(p) == 0, "plane \(p)") }
        // the opposite edge votes for bin 9 instead
        let flipped = FHOGFeatures(
            Self.mirrored(LumaPlane(width: 64, height: 48, bytes: bytes), horizontally: true),
            cellSize: 8, filterRowsPadding: 1, filterColumnsPadding: 1)
        let nine = flipped.values[(9 * plane)..<(10 * plane)].reduce(0, +)
        let zero = flipped.values[0..<plane].reduce(0, +)
        #expect(nine > 0.5 && zero == 0)
    }

    /// Mirroring maps direction k (at 20k°) to the bin at 180° − 20k° (or −20k° when flipping rows); dlib's
    /// direction table is symmetric to the last digit, so only the summation order may differ.
    @Test(arguments: [true, false])
    func mirroredPictureGivesMirroredBins(horizontally: Bool) {
        let picture = Self.ramp()
        let a = FHOGFeatures(picture, cellSize: 8, filterRowsPadding: 1, filterColumnsPadding: 1)
        let b = FHOGFeatures(
            Self.mirrored(picture, horizontally: horizontally), cellSize: 8,
            filterRowsPadding: 1, filterColumnsPadding: 1)
        #expect(a.rows == b.rows && a.columns == b.columns && a.rows > 0)
        func bin(_ p: Int) -> Int {
            switch p {
            case 0..<18:  // signed bins: angle 20p°
                let angle = horizontally ? 180 - 20 * p : -20 * p
                return ((angle % 360 + 360) % 360) / 20
            case 18..<27:  // unsigned bins: angle 20(p − 18)° modulo 180°
                return 18 + ((180 - 20 * (p - 18)) % 180) / 20
            default:  // texture: the four 2×2 normalising blocks, left↔right or top↔bottom
                return horizontally ? [29, 30, 27, 28][p - 27] : [28, 27, 30, 29][p - 27]
            }
        }
        var checked = 0, nonzero = 0
        for p in 0..<FHOGFeatures.planeCount {
            for r in 0..<a.rows {
                for c in 0..<a.columns {
                    let mr = horizontally ? r : a.rows - 1 - r, mc = horizontally ? a.columns - 1 - c : c
                    let x = a[p, r, c], y = b[bin(p), mr, mc]
                    #expect(abs(x - y) <= 1e-5 * max(abs(x), 1e-3), "plane \(p) → \(bin(p)) at \(r),\(c): \(x) vs \(y)")
                    checked += 1
                    if x > 0 { nonzero += 1 }
                }
            }
        }
        #expect(nonzero > checked / 10)
    }

    @Test func orientationFeaturesStayWithinTheirClamp() {
        // each of the four normalisations is clamped at 0.2 · norm and scaled by 0.1 / (0.2 · norm)
        let hog = FHOGFeatures(
            FaceTestSupport.clutter(width: 97, height: 71, seed: 5), cellSize: 6,
            filterRowsPadding: 3, filterColumnsPadding: 4)
        let plane = hog.rows * hog.columns
        #expect(hog.values[0..<(27 * plane)].allSatisfy { $0 >= 0 && $0 <= 0.4 + 1e-6 })
        #expect(hog.values.contains { $0 > 0.01 })
    }

    @Test func rowPaddingInTheLumaPlaneIsIgnored() {
        let packed = FaceTestSupport.clutter(width: 45, height: 38, seed: 3)
        let stride = 52
        var bytes = [UInt8](repeating: 255, count: stride * packed.height)
        for y in 0..<packed.height { for x in 0..<packed.width { bytes[y * stride + x] = packed[x, y] } }
        let padded = LumaPlane(width: packed.width, height: packed.height, bytesPerRow: stride, bytes: bytes)
        for cell in [1, 4, 8] {
            #expect(
                FHOGFeatures(padded, cellSize: cell, filterRowsPadding: 2, filterColumnsPadding: 5).values
                    == FHOGFeatures(packed, cellSize: cell, filterRowsPadding: 2, filterColumnsPadding: 5).values)
        }
        #expect(DlibPyramidDown(n: 6).downsampled(padded) == DlibPyramidDown(n: 6).downsampled(packed))
        #expect(padded.dlibPyramidUp() == packed.dlibPyramidUp())
    }

    @Test func faceWindowIsTenCellsSquare() {
        // scan_fhog_pyramid::compute_fhog_window_size for the frontal face detector's 80 × 80 window, padding 0
        let window = FHOGFeatures.imageToFeatures(
            DlibRect.centered(at: 0, 0, width: 80, height: 80), cellSize: 8,
            filterRowsPadding: 1, filterColumnsPadding: 1)
        #expect(window.width == 10 && window.height == 10)
        // and a cell maps back to the middle of its 8 × 8 pixels: cell (0, 0) ← pixels 9…16 + 8/2
        let back = FHOGFeatures.featuresToImage(
            DlibRect(left: 0, top: 0, right: 0, bottom: 0), cellSize: 8,
            filterRowsPadding: 1, filterColumnsPadding: 1)
        #expect(back == DlibRect(left: 13, top: 13, right: 13, bottom: 13))
    }

    @Test func pyramidSizesFollowDlibsFormulas() {
        let picture = LumaPlane(width: 600, height: 480, value: 90)
        // find_pyramid_down_output_image_size: floor((N−1)/N · size) in general, (size − 3)/2 for N = 2,
        // 2(size − 2)/3 for N = 3
        let six = DlibPyramidDown(n: 6).downsampled(picture)
        #expect(six.width == 500 && six.height == 400)
        let two = DlibPyramidDown(n: 2).downsampled(picture)
        #expect(two.width == 298 && two.height == 238)
        let three = DlibPyramidDown(n: 3).downsampled(picture)
        #expect(three.width == 398 && three.height == 318)
        // pyramid_up: pyramid_down<2>::point_up maps (w − 1, h − 1) to (2w + 0.5, 2h − 0.5), rounded
        let up = LumaPlane(width: 20, height: 10, value: 3).dlibPyramidUp()
        #expect(up.width == 42 && up.height == 21)
        // a flat picture stays flat (dlib truncates its leftover columns, so allow one level)
        #expect(six.bytes.allSatisfy { $0 == 90 || $0 == 89 })
        #expect(two.bytes.allSatisfy { $0 == 90 } && three.bytes.allSatisfy { $0 == 90 })
    }

    @Test func rectangleRoundTripsStayClose() {
        var random = SeededRandom(seed: 2)
        for n in [2, 3, 6] {
            let pyramid = DlibPyramidDown(n: n)
            for _ in 0..<200 {
                let left = Int(random.next() % 2000) - 500, top = Int(random.next() % 2000) - 500
                let r = DlibRect(
                    left: left, top: top, right: left + Int(random.next() % 300),
                    bottom: top + Int(random.next() % 300))
                let once = pyramid.rectUp(pyramid.rectDown(r))
                #expect(abs(once.left - r.left) <= 2 && abs(once.bottom - r.bottom) <= 2, "N=\(n) \(r) → \(once)")
                let deep = pyramid.rectUp(pyramid.rectDown(r, levels: 3), levels: 3)
                let slack = n == 2 ? 8 : 3  // one rounding at the bottom, magnified by (N/(N−1))³
                #expect(abs(deep.left - r.left) <= slack && abs(deep.right - r.right) <= slack, "N=\(n) \(r) → \(deep)")
                #expect(pyramid.rectDown(r, levels: 0) == r && pyramid.rectUp(r, levels: 0) == r)
            }
        }
        // pyramid_down<6> shrinks by 5/6 about (0.3, 0.3)
        #expect(
            DlibPyramidDown(n: 6).rectDown(DlibRect(left: 60, top: 0, right: 120, bottom: 6))
                == DlibRect(left: 50, top: 0, right: 100, bottom: 5))
    }

    @Test func rectangleHelpersMatchDlib() {
        #expect(DlibRect.centered(at: 10, 20, width: 5, height: 4) == DlibRect(left: 8, top: 18, right: 12, bottom: 21))
        #expect(DlibRect(left: 0, top: 0, right: 9, bottom: 9).center == (x: 5, y: 5))
        #expect(DlibRect(left: -9, top: -3, right: 0, bottom: -2).center == (x: -4, y: -2))
        let empty = DlibRect(left: 5, top: 0, right: 4, bottom: 10)
        #expect(empty.isEmpty && empty.width == 0 && empty.height == 0 && empty.area == 0)
        #expect(DlibRect(left: 1, top: 2, right: 3, bottom: 7).area == 18)
    }
}
