import IrisCore

/// Finds QR codes in an upright luma plane: zxing-cpp's own pass first, then, only when that finds
/// nothing, views of the picture it misses (inverted, blurred, stretched, sharpened, enlarged), each with
/// both of zxing-cpp's binarizers. The first view that reads anything wins.
struct QRCodeSearch {
    /// What is tried after zxing-cpp's own pass.
    enum Retries {
        /// Nothing, and zxing-cpp's pass without its harder search: `.low` accuracy, live video.
        case none
        /// Every view: `.high` accuracy, stills.
        case all
        /// The few views that read codes blurred by motion: the region where a remembered code should be
        /// (`QRCodeMemory`).
        case motion
    }

    let retries: Retries

    init(accuracy: DetectorOptions.Accuracy) { retries = accuracy == .high ? .all : .none }
    init(retries: Retries) { self.retries = retries }

    /// A retry view: how to make it, its scale against the input, whether it is the mirror image, and the
    /// binarizers it is read with.
    struct View {
        let name: String
        let make: (LumaPlane) -> LumaPlane
        var scale: Double = 1
        var mirrors = false
        var binarizers: [ZXingReader.Binarizer] = [.localAverage, .globalHistogram]

        /// A code read in this view, in the input's coordinates.
        func mapBack(_ code: DecodedCode, inputWidth: Int) -> DecodedCode {
            var out = code.scaled(by: 1 / scale)
            if mirrors {
                out.corners = out.corners.map { (x: Double(inputWidth) - $0.x, y: $0.y) }
                out.isMirrored.toggle()
            }
            return out
        }
    }

    /// Set `IRIS_QR_TRACE` to learn which view read a code (for tuning the list below).
    private static let trace = getenv("IRIS_QR_TRACE") != nil

    func codes(in luma: LumaPlane) throws(DetectorError) -> [DecodedCode] {
        var first = ZXingReader.Settings()
        first.tryHarder = retries != .none
        let found = try ZXingReader.read(luma, first)
        if !found.isEmpty || retries == .none { return found }
        for view in retries == .all ? Self.retryViews(for: luma) : Self.motionViews {
            let picture = view.make(luma)
            for binarizer in view.binarizers {
                var settings = ZXingReader.Settings()
                settings.binarizer = binarizer
                // Rotation matters only to 1-D symbologies; downscaling would undo an enlarged view.
                settings.tryRotate = false
                settings.tryDownscale = view.scale <= 1
                let codes = try ZXingReader.read(picture, settings)
                if !codes.isEmpty {
                    if Self.trace { print("IRIS_QR_TRACE: read by view '\(view.name)', \(binarizer)") }
                    return codes.map { view.mapBack($0, inputWidth: luma.width) }
                }
            }
        }
        return []
    }

    /// For a code blurred by motion, ordered by how often each rescued a code on the hand-held clips of
    /// tools/qr-motion-clips (ZXing's qrcode-1 photos; qrcode-2's were kept aside to check): the rest of
    /// `retryViews` rescued none there. zxing-cpp's own pass has already used the local-average binarizer.
    static var motionViews: [View] {
        [
            View(name: "as is", make: { $0 }, binarizers: [.globalHistogram]),
            View(name: "sharpened", make: { $0.sharpened() }),
            View(name: "contrast-stretched", make: { $0.contrastStretched() })
        ]
    }

    /// Ordered by how often each view rescued a code on ZXing's blackbox sets, cheapest first.
    static func retryViews(for luma: LumaPlane) -> [View] {
        var views = [
            View(name: "as is", make: { $0 }),
            View(name: "inverted", make: { $0.inverted() }),
            // zxing-cpp 1.4 does not read mirrored QR codes; the mirror image of the picture holds a normal one.
            View(name: "mirrored", make: { $0.oriented(.upMirrored) }, mirrors: true),
            View(name: "mirrored, inverted", make: { $0.oriented(.upMirrored).inverted() }, mirrors: true),
            View(name: "blurred", make: { $0.blurred() }),
            View(name: "contrast-stretched", make: { $0.contrastStretched() }),
            View(name: "sharpened", make: { $0.sharpened() })
        ]
        // Enlarging helps only small pictures, where modules are a pixel or two wide.
        if max(luma.width, luma.height) <= 1024 {
            views += [
                View(name: "2× upscaled, blurred", make: { $0.upscaled(by: 2).blurred().blurred() }, scale: 2),
                View(name: "2.5× upscaled, blurred", make: { $0.upscaled(by: 2.5).blurred() }, scale: 2.5)
            ]
        }
        return views
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
