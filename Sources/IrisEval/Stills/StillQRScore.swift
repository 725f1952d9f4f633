import Foundation
import IrisCore
import IrisDetect
import IrisVideo

/// A code reader scored on a ZXing folder: images with a code found and read correctly, and false
/// positives on images without one. The QR detector, the barcode detector (any symbology), or both: a code
/// read by any of them counts.
///
///     let score = try StillQRScore(ZXingFolderTruth(folder: "zxing-qrcode-3"), detector: Detector(type: .qrCode))
///     print("\(score.correct)/\(score.withCode)")
public struct StillQRScore: Sendable, Equatable {
    public var images = 0
    /// Images whose truth holds a code.
    public var withCode = 0
    /// Images with a code where the detector found any code.
    public var found = 0
    /// Images where one of the codes found reads the true text (or, for N.bin, holds the true bytes).
    public var correct = 0
    /// Images without a code where the detector found one.
    public var falsePositives = 0
    /// Detector time over all images, in milliseconds.
    public var milliseconds = 0.0
    /// One line per miss, misread or false positive, naming the image: "7.png: nothing found".
    public var notes: [String] = []

    public var millisecondsPerImage: Double { milliseconds / Double(max(images, 1)) }
    /// Images with a code where what was read is not it.
    public var misread: Int { found - correct }

    public init() {}

    /// Runs `detector` on every image of `truth`, upright as its EXIF orientation says.
    public init(_ truth: ZXingFolderTruth, detector: Detector) throws {
        try self.init(truth, detectors: [detector])
    }

    /// Runs every detector on each image (QR codes and barcodes count; other features are passed over).
    public init(_ truth: ZXingFolderTruth, detectors: [Detector]) throws {
        for image in truth.images {
            let still = try StillImage.read(contentsOf: image.path)
            let start = ContinuousClock.now
            var codes: [(text: String, bytes: [UInt8], name: String)] = []
            for detector in detectors {
                for feature in try detector.features(
                    in: still.buffer, options: FeatureOptions(orientation: still.orientation))
                {
                    switch feature {
                    case .qrCode(let code): codes.append((code.messageString, code.payload, "qr"))
                    case .barcode(let code): codes.append((code.messageString, code.payload, code.symbology.rawValue))
                    case .face, .rectangle: break
                    }
                }
            }
            milliseconds += (ContinuousClock.now - start).milliseconds
            images += 1
            let read = codes.map {
                $0.name == "qr" ? $0.text.debugDescription : "\($0.name) \($0.text.debugDescription)"
            }
            let expectedBytes = image.expectedText == nil ? image.expectedBytes : nil
            guard image.expectedText != nil || expectedBytes != nil else {
                if !codes.isEmpty {
                    falsePositives += 1
                    notes.append("\(image.name): false positive \(read[0])")
                }
                continue
            }
            withCode += 1
            if !codes.isEmpty { found += 1 }
            let right = codes.contains { code in
                if let expected = image.expectedText { return ZXingFolderTruth.normalized(code.text) == expected }
                return code.bytes == expectedBytes
            }
            if right {
                correct += 1
            } else {
                notes.append("\(image.name): " + (codes.isEmpty ? "nothing found" : "read \(read)"))
            }
        }
    }
}

extension ZXingFolderTruth.Image {
    /// The bytes the code holds, where ZXing's layout gives them as `N.bin` (a binary code) instead of `N.txt`;
    /// nil when there is no such file.
    public var expectedBytes: [UInt8]? {
        FileManager.default.contents(atPath: (path as NSString).deletingPathExtension + ".bin").map { Array($0) }
    }
}
