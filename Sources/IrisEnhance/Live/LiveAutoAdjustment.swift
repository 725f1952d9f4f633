import Foundation
import IrisCore
import IrisFilters
import IrisDetect

/// Auto-adjustment for video: a small view of every `every`th frame is analysed, each value is smoothed
/// over time (an exponential moving average), and the filters change only when a smoothed value has moved
/// past its step from the values in use, so the picture does not flicker and the chain (a colour cube on
/// the CPU) is rebuilt rarely. Faces come from the caller (the pipeline's face detector), so without them
/// there is no face balance, shadow lift or red-eye repair.
///
///     var live = LiveAutoAdjustment(settings: .init())
///     let chain = try live.filters(frame: index, image: Image(frame: frame), faces: [], context: context)
public struct LiveAutoAdjustment: Sendable {
    public struct Settings: Sendable, Equatable {
        /// Analyse every Nth frame (the first frame always).
        public var every: Int
        /// The weight of each new analysis in the running average, 0…1 (1: no smoothing).
        public var smoothing: Double
        public var enhance: Bool
        public var redEye: Bool
        /// The longer side of the view each analysis measures.
        public var analysisSize: Int
        /// CIVibrance on video. Off by default: it mixes channels, so on the CPU the chain becomes a full
        /// colour cube instead of three byte tables, which cost a 1280×720 frame as much again on two cores.
        public var vibrance: Bool

        public init(
            every: Int = 10, smoothing: Double = 0.25, enhance: Bool = true, redEye: Bool = true,
            analysisSize: Int = 96,
            vibrance: Bool = false
        ) {
            self.every = every
            self.smoothing = smoothing
            self.enhance = enhance
            self.redEye = redEye
            self.analysisSize = analysisSize
            self.vibrance = vibrance
        }

        public func validated() throws(AutoAdjustmentError) -> Settings {
            guard every >= 1 else {
                throw .invalidOption(name: "every", value: "\(every)", expected: "a whole number of frames, at least 1")
            }
            guard smoothing.isFinite, smoothing > 0, smoothing <= 1 else {
                throw .invalidOption(
                    name: "smoothing", value: "\(smoothing)", expected: "a weight above 0 and at most 1")
            }
            guard (16...1024).contains(analysisSize) else {
                throw .invalidOption(name: "analysisSize", value: "\(analysisSize)", expected: "16 to 1024 pixels")
            }
            guard enhance || redEye else {
                throw .invalidOption(name: "enhance", value: "false", expected: "enhance or redEye (or both) on")
            }
            return self
        }
    }

    public let settings: Settings
    private var smoothed: AdjustmentValues?
    private var applied: AdjustmentValues?
    private var pupils: [RedPupil] = []
    /// The chain for `applied` and `pupils`, built only when either changes, so every frame in between is
    /// handed the same filters.
    private var chain: [FilterSpec] = []
    /// How many times the filters' values changed (each a rebuilt chain), for reports.
    public private(set) var changes = 0

    public init(settings: Settings) { self.settings = settings }

    /// The auto-adjustment filters for frame `frame`: analysed afresh on the frames the settings pick, the
    /// values in use otherwise. `faces` are the detector's latest (face balance, shadows, red eyes need them).
    public mutating func filters(frame: Int, image: Image, faces: [FaceFeature], context: Context)
        throws(AutoAdjustmentError) -> [FilterSpec]
    {
        if frame % settings.every == 0 || smoothed == nil {
            let options = AutoAdjustmentOptions(
                enhance: settings.enhance, redEye: settings.redEye, features: faces, context: context)
            let found = try AutoAdjustment.analyse(
                image, options: options, statisticsSide: settings.analysisSize, averagingView: false)
            var kept = found
            if !settings.vibrance { kept.vibrance = 0 }
            let values = AdjustmentValues(kept)
            let average = smoothed.map { $0.moved(towards: values, by: settings.smoothing) } ?? values
            smoothed = average
            var changed = false
            if applied.map({ average.differsNoticeably(from: $0) }) ?? true {
                applied = average
                changes += 1
                changed = true
            }
            if changed || found.redPupils != pupils, var adjustment = applied?.adjustment {
                pupils = found.redPupils
                adjustment.redPupils = pupils
                chain = adjustment.filters
            }
        }
        return chain
    }
}

/// An `AutoAdjustment` as numbers that can be averaged: the white balance's gains as logarithms (equal steps
/// look equal), face balance, vibrance, the tone rule and the shadow lift, with "none" as the neutral value.
struct AdjustmentValues: Equatable {
    var values: [Double]
    /// The change in each value worth a new chain (each new chain is a new colour cube to bake): a percent of
    /// gain or exposure, 0.006 of a black or white level (one and a half levels of 8 bits), 0.01 elsewhere, a
    /// pixel of shadow radius.
    static let steps: [Double] = [0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.006, 0.006, 0.01, 0.01, 1]

    init(_ a: AutoAdjustment) {
        let face = a.faceBalance ?? .init(origI: YIQ.naturalSkin.i, origQ: YIQ.naturalSkin.q, strength: 0)
        let shadows = a.shadows ?? .init(radius: 0, shadowAmount: 0)
        values = [
            log(a.whiteBalance.red), log(a.whiteBalance.blue), face.origI, face.origQ, face.strength, a.vibrance,
            log(a.tone.exposure), a.tone.black, a.tone.white, a.tone.gamma, shadows.shadowAmount, shadows.radius
        ]
    }

    init(values: [Double]) { self.values = values }

    func moved(towards other: AdjustmentValues, by weight: Double) -> AdjustmentValues {
        AdjustmentValues(values: zip(values, other.values).map { $0 + weight * ($1 - $0) })
    }

    func differsNoticeably(from other: AdjustmentValues) -> Bool {
        zip(zip(values, other.values), Self.steps).contains { pair, step in abs(pair.0 - pair.1) >= step }
    }

    var adjustment: AutoAdjustment {
        let v = values
        var a = AutoAdjustment()
        a.whiteBalance = .init(red: exp(v[0]), blue: exp(v[1]))
        if v[4] >= 0.005 { a.faceBalance = .init(origI: v[2], origQ: v[3], strength: v[4]) }
        a.vibrance = v[5]
        a.tone = .init(exposure: exp(v[6]), black: v[7], white: v[8], gamma: v[9])
        if v[10] >= 0.005 { a.shadows = .init(radius: max(1, v[11]), shadowAmount: v[10]) }
        return a
    }
}
