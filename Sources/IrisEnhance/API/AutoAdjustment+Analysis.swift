import IrisCore
import IrisFilters
import IrisCPU
import IrisDetect

extension AutoAdjustment {
    /// The longer side of the view the picture's statistics are measured on.
    static let statisticsSide = 256
    /// The longer side faces are looked for at (eyes stay a few pixels wide on a group photo).
    static let faceSearchSide = 1024.0

    /// Analyses `image` (its histogram, its faces, their eyes) and returns what to correct. Each rule is in the
    /// doc comment of its analysis type (`WhiteBalanceAnalysis`, `SkinToneAnalysis`, `VibranceAnalysis`,
    /// `ToneAnalysis`, `ShadowAnalysis`, `RedPupilFinder`) and in docs/auto-enhance.md.
    public static func analyse(_ image: Image, options: AutoAdjustmentOptions = .init()) throws(AutoAdjustmentError)
        -> AutoAdjustment
    {
        try analyse(image, options: options, statisticsSide: statisticsSide, exactExtremes: true)
    }

    /// `exactExtremes`: the picture's extremes from reductions over every pixel and an averaged (Lanczos) view
    /// (stills); otherwise a sampled view and its near-extremes (video: cheap, and a noisy pixel does not move
    /// the levels).
    static func analyse(
        _ image: Image, options: AutoAdjustmentOptions, statisticsSide: Int,
        exactExtremes: Bool
    ) throws(AutoAdjustmentError) -> AutoAdjustment {
        let extent = image.extent
        guard !extent.isEmpty, !extent.isInfinite, extent.width >= 1, extent.height >= 1 else {
            throw .noPixels(extent: "\(extent)")
        }
        guard options.amount.isFinite, (0...1).contains(options.amount) else {
            throw .invalidOption(name: "amount", value: "\(options.amount)", expected: "a number from 0 to 1")
        }
        guard options.enhance || options.redEye else { return AutoAdjustment() }
        let context = options.context ?? Context(renderer: CPURenderer())
        let faces: [FaceFeature]
        if let given = options.features {
            faces = given
        } else {
            faces = try findFaces(
                in: image, orientation: options.orientation, searchingTurns: options.searchesTurnedFaces,
                context: context)
        }
        var result = AutoAdjustment()
        if options.redEye {
            result.redPupils = try RedPupilFinder(context: context).pupils(in: image, faces: faces)
        }
        if options.enhance {
            let view = try AnalysisView.render(
                image, area: extent, longSide: statisticsSide, averaging: exactExtremes, context: context)
            let whiteBalance = WhiteBalanceAnalysis(view)
            var balanced = view
            if whiteBalance.isCast {
                let gains = SIMD3<Float>(whiteBalance.gains)
                let candidate = view.map { $0 * gains }
                if SkinGuard.keepsWhiteBalance(before: view, after: candidate, faces: faces) {
                    result.whiteBalance = WhiteBalance(red: whiteBalance.gains.x, blue: whiteBalance.gains.z)
                    balanced = candidate
                }
            }
            if let skin = SkinToneAnalysis(balanced, faces: faces), skin.strength > 0 {
                result.faceBalance = FaceBalance(origI: skin.i, origQ: skin.q, strength: skin.strength)
            }
            let (lo, hi) =
                exactExtremes
                ? try extremes(of: image, gains: result.whiteBalance, context: context) : balanced.extremes
            let tone = ToneAnalysis(lo: lo, hi: hi, view: balanced)
            result.tone = tone.isIdentity ? .identity : tone.tone
            let curved = balanced.map { linear in
                let p = Perceptual.of(linear)
                func curve(_ v: Float) -> Float {
                    let q = Float(tone.map(Double(v)))
                    return q * abs(q)
                }
                return SIMD3(curve(p.x), curve(p.y), curve(p.z))
            }
            result.vibrance = VibranceAnalysis(curved).amount
            if let shadows = ShadowAnalysis(curved, faces: faces, extent: extent) {
                result.shadows = Shadows(radius: shadows.radius, shadowAmount: shadows.shadowAmount)
            }
        }
        return result.scaled(by: options.amount)
    }

    /// The smallest and largest component anywhere in `image` after the white balance's gains, sRGB-encoded:
    /// CIAreaMinimum and CIAreaMaximum, reduction passes on the analysis's renderer.
    static func extremes(of image: Image, gains: WhiteBalance, context: Context) throws(AutoAdjustmentError) -> (
        Double, Double
    ) {
        do {
            let balanced =
                gains == .none
                ? image
                : image.applyingColorMatrix(
                    ColorMatrix(
                        rows: [[gains.red, 0, 0, 0], [0, 1, 0, 0], [0, 0, gains.blue, 0], [0, 0, 0, 1]], bias: .zero),
                    label: "gains")
            let area: FilterValue = .vector([
                image.extent.minX, image.extent.minY, image.extent.width, image.extent.height
            ])
            var values: [Double] = []
            for name in ["CIAreaMinimum", "CIAreaMaximum"] {
                let reduced = try balanced.applyingFilter(name, parameters: ["inputExtent": area])
                let pixel = try context.render(reduced, rect: Rect(x: 0, y: 0, width: 1, height: 1)).rgba(x: 0, row: 0)
                let channels = [pixel.x, pixel.y, pixel.z].map { Double($0) / 255 }
                values.append(name == "CIAreaMinimum" ? channels.min() ?? 0 : channels.max() ?? 1)
            }
            return (values[0], values[1])
        } catch let error as AutoAdjustmentError { throw error } catch { throw .renderFailed(cause: ErrorCause(error)) }
    }

    /// Faces with their eyes, found on a view of at most `faceSearchSide` pixels and returned in the image's
    /// coordinates; with `searchingTurns`, at the first of `orientation` and its turns that finds any.
    static func findFaces(
        in image: Image, orientation: Orientation, searchingTurns: Bool, context: Context
    ) throws(AutoAdjustmentError) -> [FaceFeature] {
        let extent = image.extent
        let scale = min(1, faceSearchSide / max(extent.width, extent.height))
        var view = image.transformed(by: AffineTransform(translationX: -extent.minX, y: -extent.minY))
        if scale < 1 {
            do {
                view = try view.applyingFilter("CILanczosScaleTransform", parameters: ["inputScale": .number(scale)])
            } catch {
                throw .renderFailed(cause: ErrorCause(error))
            }
            view = view.cropped(
                to: Rect(
                    x: 0, y: 0, width: (extent.width * scale).rounded(.down),
                    height: (extent.height * scale).rounded(.down)))
        }
        let back = AffineTransform(scaleX: 1 / scale, y: 1 / scale).concatenating(
            AffineTransform(translationX: extent.minX, y: extent.minY))
        do throws(DetectorError) {
            let detector = try Detector(type: .face, context: context, options: DetectorOptions(accuracy: .high))
            for turn in searchingTurns ? orientation.quarterTurns : [orientation] {
                let faces = try detector.features(in: view, options: FeatureOptions(orientation: turn)).faces
                if !faces.isEmpty { return faces.map { $0.applying(back) } }
            }
            return []
        } catch {
            throw .faceDetectionFailed(cause: error)
        }
    }
}

extension Image {
    /// Core Image's `autoAdjustmentFilters(options:)`: the filters that repair this picture's red eyes and
    /// enhance it (white balance, skin tone, vibrance, contrast and exposure, shadows), with their inputs
    /// set, in the order to apply them.
    ///
    ///     let enhanced = try photo.applyingFilters(photo.autoAdjustmentFilters())
    public func autoAdjustmentFilters(options: AutoAdjustmentOptions = .init()) throws(AutoAdjustmentError)
        -> [FilterSpec]
    {
        try AutoAdjustment.analyse(self, options: options).filters
    }
}
