import Foundation
import IrisCore
@testable import IrisDetect
import Testing

/// dlib's HOG face detector in Swift: the bundled model as dlib's documentation describes it, its
/// filters split into separable terms that rebuild them, dlib's serialization read (and refused when
/// damaged), and faces found on the astronaut.
@Suite struct FaceHOGTests {
    static let bundled: HOGDetectorModel? = try? HOGDetectorModel.bundledFace

    @Test func bundledModelIsDlibsFiveTemplateFaceDetector() throws {
        let model = try #require(Self.bundled)
        // frontal_face_detector.h: five filters, "detection window size: 80 80", "cell_size: 8", padding 0.
        #expect(model.filters.count == 5)
        #expect(model.windowWidth == 80 && model.windowHeight == 80 && model.cellSize == 8 && model.padding == 0)
        #expect(model.rows == 10 && model.columns == 10)
        #expect(model.filters.allSatisfy { $0.weights.count == 10 * 10 * FHOGFeatures.planeCount })
    }

    @Test func separableTermsRebuildEveryPlaneFilter() throws {
        let model = try #require(Self.bundled)
        // As many terms as dlib 19.24's build_fhog_filterbank keeps (num_separable_filters(), read from dlib in C++).
        #expect(model.banks.map { $0.terms?.reduce(0) { $0 + $1.count } ?? 0 } == [61, 58, 54, 66, 66])
        for (filter, bank) in zip(model.filters, model.banks) {
            let terms = try #require(bank.terms, "dlib's face templates are low rank, so they run separable")
            let largest = filter.weights.map(abs).max() ?? 0
            for plane in 0..<FHOGFeatures.planeCount {
                for r in 0..<10 {
                    for c in 0..<10 {
                        let rebuilt = terms[plane].reduce(Float(0)) { $0 + $1.column[r] * $1.row[c] }
                        #expect(abs(rebuilt - filter.weights[(plane * 10 + r) * 10 + c]) <= 0.002 * largest)
                    }
                }
            }
        }
    }

    @Test func bothSlidingPathsEqualADirectCorrelation() throws {
        var state: UInt64 = 12345
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let picture = LumaPlane(width: 120, height: 96, bytes: (0..<(120 * 96)).map { _ in UInt8(next() * 255) })
        // dlib's face template (low rank: separable terms) and a random 4×4 one (full rank: the full filter).
        let random = try HOGDetectorModel(
            serialized: DlibWriter.detector(
                windowSide: 16, weights: (0..<(4 * 4 * 31)).map { _ in next() - 0.5 },
                threshold: 0))
        let face = try #require(Self.bundled)
        #expect(face.banks[0].terms != nil && random.banks[0].terms == nil)
        for model in [face, random] {
            let bank = model.banks[0], rows = model.rows, columns = model.columns
            let features = FHOGFeatures(picture, cellSize: 8, filterRowsPadding: rows, filterColumnsPadding: columns)
            let outputRows = features.rows - rows + 1, width = features.columns - columns + 1
            let slid = HOGScanner.saliency(bank, features, outputRows: outputRows, width: width)
            var direct = [Double](repeating: 0, count: outputRows * width)
            for r in 0..<outputRows {
                for i in 0..<width {
                    for plane in 0..<FHOGFeatures.planeCount {
                        for m in 0..<rows {
                            for n in 0..<columns {
                                direct[r * width + i] +=
                                    Double(model.filters[0].weights[(plane * rows + m) * columns + n])
                                    * Double(features[plane, r + m, i + n])
                            }
                        }
                    }
                }
            }
            let scale = direct.map(abs).max() ?? 0
            #expect(scale > 0)
            #expect(zip(slid, direct).allSatisfy { abs(Double($0) - $1) <= 1e-3 * scale })
        }
    }

    @Test func symmetricEigenFindsTheKnownSpectrum() {
        // Q diag(5, 2, 0.5) Qᵀ for a rotation Q about the z axis by 30°.
        let c = 3.0.squareRoot() / 2, s = 0.5
        let q = [c, -s, 0, s, c, 0, 0, 0, 1.0], d = [5.0, 2, 0.5]
        var a = [Double](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { for k in 0..<3 { a[i * 3 + j] += q[i * 3 + k] * d[k] * q[j * 3 + k] } } }
        let (values, vectors) = SymmetricEigen.decompose(a, size: 3)
        #expect(zip(values.sorted(), [0.5, 2, 5]).allSatisfy { abs($0 - $1) < 1e-12 })
        let five = try! #require(values.firstIndex { abs($0 - 5) < 1e-9 })
        // The eigenvector of 5 is Q's first column, up to sign.
        #expect(abs(abs(vectors[0 * 3 + five]) - c) < 1e-9 && abs(abs(vectors[1 * 3 + five]) - s) < 1e-9)
    }

    @Test func readsDlibsSerializationOfASmallDetector() throws {
        let bytes = DlibWriter.detector(
            windowSide: 16, weights: (0..<(4 * 4 * 31)).map { Double($0) / 64 - 3 }, threshold: -0.75)
        let model = try HOGDetectorModel(serialized: bytes)
        // A 16-pixel window is 2×2 cells; one cell of padding each side makes the 4×4 template.
        #expect(model.rows == 4 && model.columns == 4 && model.padding == 1 && model.cellSize == 8)
        #expect(model.overlapIoU == 0.375 && model.overlapCovered == 1)
        #expect(model.filters.count == 1 && model.filters[0].threshold == -0.75)
        #expect(model.filters[0].weights[0] == -3 && model.filters[0].weights[100] == 100.0 / 64 - 3)
    }

    @Test func damagedDetectorFilesGiveErrorsNamingThem() throws {
        let good = DlibWriter.detector(
            windowSide: 16, weights: [Double](repeating: 0.5, count: 4 * 4 * 31), threshold: 0)
        #expect(throws: DlibStreamReader.Problem.self) { try HOGDetectorModel(serialized: Array(good.dropLast(5))) }
        #expect(throws: DlibStreamReader.Problem.self) { try HOGDetectorModel(serialized: good + [1, 0]) }
        #expect(throws: DlibStreamReader.Problem.self) { try HOGDetectorModel(serialized: [1, 7] + good.dropFirst(2)) }

        let missing = "/nonexistent/faces.svm"
        #expect(throws: DetectorError.hogModelMissing(path: missing)) { try HOGDetectorModel(contentsOf: missing) }
        let cascade = FaceOptions().cascadePath
        do {
            _ = try HOGDetectorModel(contentsOf: cascade)
            Issue.record("an OpenCV cascade read as a HOG detector")
        } catch {
            guard case .hogModelMalformed(let path, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == cascade)
        }
        var options = DetectorOptions()
        options.face.method = .hog
        options.face.hogModel = missing
        #expect(throws: DetectorError.hogModelMissing(path: missing)) { try Detector(type: .face, options: options) }
    }

    @Test func highAccuracyRunsHOGUnlessACascadeSettingIsGiven() {
        #expect(FaceOptions().method(for: .high) == .hog)
        #expect(FaceOptions().method(for: .low) == .cascade)
        #expect(FaceOptions(minNeighbors: 3).method(for: .high) == .cascade)
        #expect(FaceOptions(tiltAngles: []).method(for: .high) == .cascade)
        #expect(FaceOptions(cascade: "lbpcascades/lbpcascade_frontalface.xml").method(for: .high) == .cascade)
        #expect(FaceOptions(method: .hog).method(for: .low) == .hog)
        #expect(FaceSearch.doublings(window: 80, smallest: 40) == 1)
        #expect(FaceSearch.doublings(window: 80, smallest: 80) == 0)
        #expect(FaceSearch.doublings(window: 80, smallest: 5) == 2)
    }

    @Test func hogAndCascadeAgreeOnTheAstronautAndOrientationKeepsTheFace() throws {
        let upright = try FaceTestSupport.astronaut()
        var hog = DetectorOptions()
        hog.face.method = .hog
        hog.face.landmarks = false
        let hogFaces = try FaceTestSupport.faces(try Detector(type: .face, options: hog), upright)
        try #require(hogFaces.count == 1)
        #expect((hogFaces[0].confidence ?? 0) > 0)
        var cascade = DetectorOptions()
        cascade.face.method = .cascade
        cascade.face.tiltAngles = []
        cascade.face.landmarks = false
        let cascadeFace = try #require(
            try FaceTestSupport.faces(try Detector(type: .face, options: cascade), upright).first)
        // Two unrelated models box the same face; dlib's box is the tighter one.
        #expect(FaceTestSupport.overlap(hogFaces[0].bounds, cascadeFace.bounds) > 0.5)

        // The frame stored turned a quarter (orientation .right) gives the same box once made upright.
        let stored = try #require(
            Orientation.allCases.map { upright.oriented($0) }.first { $0.oriented(.right) == upright })
        let found = try FaceTestSupport.faces(
            try Detector(type: .face, options: hog), stored, FeatureOptions(orientation: .right))
        try #require(found.count == 1)
        let back = found[0].applying(Orientation.right.transform(for: Rect(width: stored.width, height: stored.height)))
        #expect(FaceTestSupport.overlap(back.bounds, hogFaces[0].bounds) > 0.99)
    }
}

/// dlib's serialization written from its documentation (dlib/serialize.h), to feed the reader files it
/// did not see made by dlib.
enum DlibWriter {
    static func integer(_ value: Int) -> [UInt8] {
        var magnitude = UInt64(value.magnitude), body: [UInt8] = []
        repeat {
            body.append(UInt8(magnitude & 0xFF))
            magnitude >>= 8
        } while magnitude != 0
        return [UInt8(body.count) | (value < 0 ? 0x80 : 0)] + body
    }

    /// float_details: the value as an integer mantissa times a power of two.
    static func double(_ value: Double) -> [UInt8] {
        if value == 0 { return integer(0) + integer(0) }
        var mantissa = value, exponent = 0
        while mantissa != mantissa.rounded() {
            mantissa *= 2
            exponent -= 1
        }
        return integer(Int(mantissa)) + integer(exponent)
    }

    /// object_detector<scan_fhog_pyramid<…>> version 2 with one filter, cell size 8 and padding 1.
    static func detector(windowSide: Int, weights: [Double], threshold: Double) -> [UInt8] {
        var out = integer(2) + integer(1)  // object_detector, scan_fhog_pyramid versions
        out += integer(0) + integer(0)  // an empty feature pyramid
        out += integer(8) + integer(1) + integer(windowSide) + integer(windowSide)
        out += integer(1000) + integer(64) + integer(64) + double(4)
        out += integer(weights.count)
        out += double(0.375) + double(1)  // test_box_overlap
        out += integer(1)  // one weight vector
        out += integer(-(weights.count + 1)) + integer(-1)  // a column matrix, sizes negated
        for w in weights + [threshold] { out += double(w) }
        return out
    }
}
