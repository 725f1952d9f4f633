import IrisCore
import IrisDetect
import IrisVideo

/// A QR detector scored on a ZXing folder: images with a code found and read correctly, and false
/// positives on images without one.
///
///     let score = try StillQRScore(ZXingFolderTruth(folder: "zxing-qrcode-3"), detector: Detector(type: .qrCode))
///     print("\(score.correct)/\(score.withCode)")
public struct StillQRScore: Sendable, Equatable {
    public var images = 0
    /// Images whose truth holds a code.
    public var withCode = 0
    /// Images with a code where the detector found any code.
    public var found = 0
    /// Images where one of the codes found reads the true text.
    public var correct = 0
    /// Images without a code where the detector found one.
    public var falsePositives = 0
    /// Detector time over all images, in milliseconds.
    public var milliseconds = 0.0
    /// One line per miss, misread or false positive, naming the image: "7.png: nothing found".
    public var notes: [String] = []

    public var millisecondsPerImage: Double { milliseconds / Double(max(images, 1)) }

    public init() {}

    /// Runs `detector` on every image of `truth`, upright as its EXIF orientation says.
    public init(_ truth: ZXingFolderTruth, detector: Detector) throws {
        for image in truth.images {
            let still = try StillImage.read(contentsOf: image.path)
            let start = ContinuousClock.now
            let codes = try detector.features(in: still.buffer, options: FeatureOptions(orientation: still.orientation))
                .compactMap { $0 as? QRCodeFeature }
            milliseconds += (ContinuousClock.now - start).milliseconds
            images += 1
            guard let expected = image.expectedText else {
                if !codes.isEmpty { falsePositives += 1; notes.append("\(image.name): false positive \(codes[0].messageString.debugDescription)") }
                continue
            }
            withCode += 1
            if !codes.isEmpty { found += 1 }
            if codes.contains(where: { ZXingFolderTruth.normalized($0.messageString) == expected }) {
                correct += 1
            } else {
                notes.append("\(image.name): " + (codes.isEmpty ? "nothing found" : "read \(codes.map { $0.messageString.debugDescription })"))
            }
        }
    }
}
