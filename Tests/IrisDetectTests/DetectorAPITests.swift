import IrisCore
import IrisDetect
import Testing

/// The CIDetector-shaped surface: creation, options, and inputs with nothing to find.
@Suite struct DetectorAPITests {
    @Test func faceWithMissingCascadeIsATypedError() {
        var options = DetectorOptions()
        options.face.cascade = "/nonexistent/cascade.xml"
        #expect(throws: DetectorError.cascadeMissing(path: "/nonexistent/cascade.xml")) {
            try Detector(type: .face, options: options)
        }
    }

    @Test func invalidOptionsNameTheParameter() {
        #expect(
            throws: DetectorError.invalidOption(
                name: "minimumFeatureSize", value: "1.5", expected: "a fraction between 0 and 1")
        ) {
            try Detector(type: .qrCode, options: DetectorOptions(minimumFeatureSize: 1.5))
        }
        #expect(throws: DetectorError.self) { try Detector(type: .rectangle, options: DetectorOptions(aspectRatio: 0)) }
    }

    @Test(arguments: [(0, 0), (1, 1), (2, 3), (7, 5), (17, 16)])
    func emptyAndTinyImagesFindNothing(size: (Int, Int)) throws {
        let plane = LumaPlane(width: size.0, height: size.1, value: 90)
        for type in [DetectorType.qrCode, .rectangle] {
            for orientation in Orientation.allCases {
                #expect(
                    try Detector(type: type).features(in: plane, options: FeatureOptions(orientation: orientation))
                        .isEmpty)
            }
        }
    }

    @Test func recipeImageWithoutContextIsATypedError() throws {
        let image = Image(color: SIMD4(1, 1, 1, 1)).cropped(to: Rect(width: 64, height: 64))
        #expect(throws: DetectorError.contextRequired(image: "\(image)")) {
            try Detector(type: .qrCode).features(in: image)
        }
        // An infinite image cannot be scanned at all.
        #expect(throws: DetectorError.self) {
            try Detector(type: .qrCode).features(in: Image(color: SIMD4(1, 1, 1, 1)))
        }
    }

    @Test func lumaComesFromEveryPixelFormat() throws {
        var rgba = PixelBuffer(width: 2, height: 1, format: .rgba8)
        rgba.planes[0].bytes = [255, 255, 255, 255, 255, 0, 0, 255]
        #expect(LumaPlane(buffer: rgba).bytes == [255, 77])
        var bgra = PixelBuffer(width: 2, height: 1, format: .bgra8)
        bgra.planes[0].bytes = [0, 0, 255, 255, 255, 255, 255, 255]
        #expect(LumaPlane(buffer: bgra).bytes == [77, 255])
        var yuyv = PixelBuffer(width: 2, height: 1, format: .yuyv)
        yuyv.planes[0].bytes = [10, 128, 20, 128]
        #expect(LumaPlane(buffer: yuyv).bytes == [10, 20])
        var nv12 = PixelBuffer(width: 2, height: 2, format: .nv12)
        nv12.planes[0].bytes = [1, 2, 3, 4]
        #expect(LumaPlane(buffer: nv12).packed.bytes == [1, 2, 3, 4])
    }

    @Test func orientationRemapMatchesEXIF() {
        // 3×2 plane, values 0…5 in reading order.
        let plane = LumaPlane(width: 3, height: 2, bytes: [0, 1, 2, 3, 4, 5])
        #expect(plane.oriented(.upMirrored).bytes == [2, 1, 0, 5, 4, 3])
        #expect(plane.oriented(.down).bytes == [5, 4, 3, 2, 1, 0])
        #expect(plane.oriented(.downMirrored).bytes == [3, 4, 5, 0, 1, 2])
        // EXIF 6: stored rotated 90° counter-clockwise; upright is the stored picture turned clockwise.
        #expect(plane.oriented(.right).bytes == [3, 0, 4, 1, 5, 2])
        #expect(plane.oriented(.left).bytes == [2, 5, 1, 4, 0, 3])
        #expect(plane.oriented(.leftMirrored).bytes == [0, 3, 1, 4, 2, 5])
        #expect(plane.oriented(.rightMirrored).bytes == [5, 2, 4, 1, 3, 0])
    }
}
