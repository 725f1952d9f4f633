import Foundation
import IrisCore
import IrisCPU
import IrisDetect

/// What the analysis of one picture found, as typed values, and the filters that apply it in Core Image's
/// order: CIRedEyeCorrection, CITemperatureAndTint, CIFaceBalance, CIVibrance, CIToneCurve,
/// CIHighlightShadowAdjust. Each is left out when it would do nothing. Every value is rounded (kelvin to
/// 0.1, the rest to 1/10000) so that the filters printed in `--filter` syntax are the same filters.
///
///     let adjustment = try AutoAdjustment.analyse(image)
///     let enhanced = try image.applyingFilters(adjustment.filters)
public struct AutoAdjustment: Sendable, Equatable {
    /// CITemperatureAndTint's `inputNeutral`: the light the picture was taken under. The target is
    /// `Neutral.grey`, the pair whose white is sRGB's grey (D65, a little off the Planckian locus).
    public struct Neutral: Sendable, Equatable {
        public var temperature: Double, tint: Double
        public init(temperature: Double, tint: Double) { self.temperature = temperature; self.tint = tint }
        /// The (temperature, tint) of D65, sRGB's white, rounded as the printed filter has it.
        public static let grey: Neutral = {
            let pair = LightNeutral.temperatureAndTint(ofLinearRGB: SIMD3(1, 1, 1))
            return Neutral(temperature: AutoAdjustment.roundedKelvin(pair.temperature), tint: AutoAdjustment.rounded(pair.tint))
        }()
    }
    /// CIFaceBalance's inputs.
    public struct FaceBalance: Sendable, Equatable {
        public var origI: Double, origQ: Double, strength: Double, warmth: Double
        public init(origI: Double, origQ: Double, strength: Double, warmth: Double = 0.5) {
            self.origI = origI; self.origQ = origQ; self.strength = strength; self.warmth = warmth
        }
    }
    /// The tone curve's rule: perceptual black and white of the picture, where they go, and the mid-tone gamma.
    public struct Tone: Sendable, Equatable {
        public var black: Double, white: Double, blackTarget: Double, whiteTarget: Double, gamma: Double
        public init(black: Double, white: Double, blackTarget: Double, whiteTarget: Double, gamma: Double) {
            self.black = black; self.white = white; self.blackTarget = blackTarget; self.whiteTarget = whiteTarget; self.gamma = gamma
        }
        public static let identity = Tone(black: 0, white: 1, blackTarget: 0, whiteTarget: 1, gamma: 1)
    }
    /// CIHighlightShadowAdjust's inputs.
    public struct Shadows: Sendable, Equatable {
        public var radius: Double, shadowAmount: Double, highlightAmount: Double
        public init(radius: Double, shadowAmount: Double, highlightAmount: Double = 1) {
            self.radius = radius; self.shadowAmount = shadowAmount; self.highlightAmount = highlightAmount
        }
    }

    public var redPupils: [RedPupil] = []
    public var neutral: Neutral?
    public var faceBalance: FaceBalance?
    public var vibrance: Double = 0
    public var tone: Tone = .identity
    public var shadows: Shadows?

    public init(redPupils: [RedPupil] = [], neutral: Neutral? = nil, faceBalance: FaceBalance? = nil, vibrance: Double = 0,
                tone: Tone = .identity, shadows: Shadows? = nil) {
        self.redPupils = redPupils; self.neutral = neutral; self.faceBalance = faceBalance; self.vibrance = vibrance
        self.tone = tone; self.shadows = shadows
    }

    /// The filters, in Core Image's order, with their inputs set (the input image is the caller's).
    public var filters: [FilterSpec] {
        var specs: [FilterSpec] = []
        let r = Self.rounded
        if !redPupils.isEmpty {
            let info = redPupils.prefix(16).flatMap { [r($0.center.x), r($0.center.y), r($0.radius)] }
            specs.append(FilterSpec(name: "CIRedEyeCorrection", parameters: ["inputCorrectionInfo": .vector(info)]))
        }
        if let neutral {
            specs.append(FilterSpec(name: "CITemperatureAndTint", parameters: [
                "inputNeutral": .vector([Self.roundedKelvin(neutral.temperature), r(neutral.tint)]),
                "inputTargetNeutral": .vector([Neutral.grey.temperature, Neutral.grey.tint])]))
        }
        if let faceBalance, faceBalance.strength > 0 {
            specs.append(FilterSpec(name: "CIFaceBalance", parameters: [
                "inputOrigI": .number(r(faceBalance.origI)), "inputOrigQ": .number(r(faceBalance.origQ)),
                "inputStrength": .number(r(faceBalance.strength)), "inputWarmth": .number(r(faceBalance.warmth))]))
        }
        if r(vibrance) != 0 {
            specs.append(FilterSpec(name: "CIVibrance", parameters: ["inputAmount": .number(r(vibrance))]))
        }
        if tone != .identity {
            let points = ToneAnalysis(tone).points()
            var parameters: [String: FilterValue] = [:]
            for (i, point) in points.enumerated() { parameters["inputPoint\(i)"] = .vector([point.0, point.1]) }
            specs.append(FilterSpec(name: "CIToneCurve", parameters: parameters))
        }
        if let shadows, r(shadows.shadowAmount) != 0 || r(shadows.highlightAmount) != 1 {
            specs.append(FilterSpec(name: "CIHighlightShadowAdjust", parameters: [
                "inputRadius": .number(r(shadows.radius)), "inputShadowAmount": .number(r(shadows.shadowAmount)),
                "inputHighlightAmount": .number(r(shadows.highlightAmount))]))
        }
        return specs
    }

    /// `amount` (0…1) of each correction: 0 is no change, 1 the analysis's values.
    public func scaled(by amount: Double) -> AutoAdjustment {
        guard amount != 1 else { return self }
        var out = self
        if let neutral {
            let grey = Neutral.grey
            let mired = 1e6 / grey.temperature + amount * (1e6 / neutral.temperature - 1e6 / grey.temperature)
            out.neutral = Neutral(temperature: 1e6 / mired, tint: grey.tint + amount * (neutral.tint - grey.tint))
        }
        out.faceBalance?.strength *= amount
        out.vibrance *= amount
        out.tone = Tone(black: tone.black, white: tone.white,
                        blackTarget: tone.black + amount * (tone.blackTarget - tone.black),
                        whiteTarget: tone.white + amount * (tone.whiteTarget - tone.white),
                        gamma: 1 + amount * (tone.gamma - 1))
        out.shadows?.shadowAmount *= amount
        if let shadows { out.shadows?.highlightAmount = 1 - amount * (1 - shadows.highlightAmount) }
        return out
    }

    static func rounded(_ v: Double) -> Double { (v * 10000).rounded() / 10000 }
    static func roundedKelvin(_ v: Double) -> Double { (v * 10).rounded() / 10 }
}
