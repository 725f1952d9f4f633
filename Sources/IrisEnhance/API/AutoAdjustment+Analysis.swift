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
        try analyse(image, options: options, statisticsSide: statisticsSide, averagingView: true)
    }

    /// `averagingView`: the view every measurement reads is a Lanczos shrink, each pixel the average of those
    /// it covers (stills); otherwise one bilinear sample a view pixel (video, where the Lanczos taps would
    /// cost more than the frame's own render). Either way the extremes are the picture's own, every pixel
    /// scanned (`ChannelExtremes`): the view's near-extremes (its 0.2nd and 99.8th percentiles), which video
    /// once used, miss a photo's few highlights and left undegraded photos ΔE 2.53 from themselves on average
    /// where the exact extremes leave 0.75 (docs/auto-enhance.md).
    static func analyse(
        _ image: Image, options: AutoAdjustmentOptions, statisticsSide: Int,
        averagingView: Bool
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
                image, area: extent, longSide: statisticsSide, averaging: averagingView, context: context)
            // Stills scan every pixel for the extremes (a Lanczos view's undershoot is no black); video reads
            // its bilinear view first and scans only when the tone rule needs the exact values.
            let extremes = averagingView ? try ChannelExtremes(image, context: context) : nil
            let whiteBalance = WhiteBalanceAnalysis(view, black: extremes?.extremes(after: .none).0)
            var balanced = view
            if whiteBalance.isCast {
                // The faces judge the estimate itself: one they veto is no cast, whatever part of it lies on
                // the locus.
                let estimated = SIMD3<Float>(whiteBalance.estimatedGains)
                if SkinGuard.keepsWhiteBalance(before: view, after: view.map { $0 * estimated }, faces: faces) {
                    let gains = SIMD3<Float>(whiteBalance.gains)
                    result.whiteBalance = WhiteBalance(red: whiteBalance.gains.x, blue: whiteBalance.gains.z)
                    balanced = view.map { $0 * gains }
                }
            }
            if let skin = SkinToneAnalysis(balanced, faces: faces), skin.strength > 0 {
                result.faceBalance = FaceBalance(origI: skin.i, origQ: skin.q, strength: skin.strength)
            }
            let (lo, hi, raw) = try toneExtremes(
                of: image, scanned: extremes, views: (view, balanced), gains: result.whiteBalance, context: context)
            let tone = ToneAnalysis(lo: lo, hi: hi, raw: raw, view: balanced)
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

    /// The extremes the tone rule reads (`ToneAnalysis`: lo and hi after the white balance's `gains`, raw the
    /// largest component before them): the picture's own (`ChannelExtremes`; `scanned`, which stills always
    /// have, as a Lanczos view can overshoot), unless bilinearly sampled `views` (before and after the gains)
    /// already reach black after the gains and white before them. Their samples are averages of the picture's
    /// pixels, so they lie inside the picture's range: the picture then reaches black and white too, and the
    /// rule leaves the tones alone whatever the exact values, so the scan of every pixel is skipped (on video
    /// it cost up to a fifth of a plain run's frame rate).
    static func toneExtremes(
        of image: Image, scanned: ChannelExtremes?, views: (raw: AnalysisView, balanced: AnalysisView),
        gains: WhiteBalance, context: Context
    ) throws(AutoAdjustmentError) -> (lo: Double, hi: Double, raw: Double) {
        if scanned == nil, let range = views.balanced.componentRange, let rawRange = views.raw.componentRange,
            range.low <= ToneAnalysis.blackLimit, rawRange.high >= ToneAnalysis.exposedWhite
        {
            return (range.low, range.high, rawRange.high)
        }
        let extremes: ChannelExtremes
        if let scanned { extremes = scanned } else { extremes = try ChannelExtremes(image, context: context) }
        let (lo, hi) = extremes.extremes(after: gains)
        return (lo, hi, extremes.extremes(after: .none).1)
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
