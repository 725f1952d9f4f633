import Foundation
import IrisCore
import IrisFilters
import IrisCPU
import IrisDetect

/// What the analysis of one picture found, as typed values, and the filters that apply it in Core Image's
/// order (with Iris's white balance after the red eyes): CIRedEyeCorrection, CIWhitePointAdjust,
/// CIFaceBalance, CIVibrance, the tone step (CIToneCurve for an exposure alone, otherwise the rule drawn
/// exactly in sRGB values: `ToneAnalysis.filters`), CIHighlightShadowAdjust. Each is left out when it would
/// do nothing. Every value is rounded to 1/10000 so that the filters printed in `--filter` syntax are the
/// same filters.
///
///     let adjustment = try AutoAdjustment.analyse(image)
///     let enhanced = try image.applyingFilters(adjustment.filters)
public struct AutoAdjustment: Sendable, Equatable {
    /// The gains that make the picture's light white: linear red and blue against green (1), applied as
    /// CIWhitePointAdjust, whose `inputColor` is what white becomes (the gains, sRGB-encoded; a component may
    /// exceed 1). A diagonal in linear light, so with the tone step it stays a per-channel chain, which the
    /// CPU renders as three byte tables on video.
    public struct WhiteBalance: Sendable, Equatable {
        public var red: Double, blue: Double
        public init(red: Double, blue: Double) {
            self.red = red
            self.blue = blue
        }
        public static let none = WhiteBalance(red: 1, blue: 1)
    }
    /// CIFaceBalance's inputs.
    public struct FaceBalance: Sendable, Equatable {
        public var origI: Double, origQ: Double, strength: Double, warmth: Double
        public init(origI: Double, origQ: Double, strength: Double, warmth: Double = 0.5) {
            self.origI = origI
            self.origQ = origQ
            self.strength = strength
            self.warmth = warmth
        }
    }
    /// The tone step's rule: linear light × `exposure`, then on sRGB-encoded values s,
    /// ((s − black) / (white − black))^gamma, clamped to 0…1.
    public struct Tone: Sendable, Equatable {
        public var exposure: Double, black: Double, white: Double, gamma: Double
        public init(exposure: Double = 1, black: Double = 0, white: Double = 1, gamma: Double = 1) {
            self.exposure = exposure
            self.black = black
            self.white = white
            self.gamma = gamma
        }
        public static let identity = Tone()
    }
    /// CIHighlightShadowAdjust's inputs.
    public struct Shadows: Sendable, Equatable {
        public var radius: Double, shadowAmount: Double, highlightAmount: Double
        public init(radius: Double, shadowAmount: Double, highlightAmount: Double = 1) {
            self.radius = radius
            self.shadowAmount = shadowAmount
            self.highlightAmount = highlightAmount
        }
    }

    public var redPupils: [RedPupil] = []
    public var whiteBalance: WhiteBalance = .none
    public var faceBalance: FaceBalance?
    public var vibrance: Double = 0
    public var tone: Tone = .identity
    public var shadows: Shadows?

    public init(
        redPupils: [RedPupil] = [], whiteBalance: WhiteBalance = .none, faceBalance: FaceBalance? = nil,
        vibrance: Double = 0,
        tone: Tone = .identity, shadows: Shadows? = nil
    ) {
        self.redPupils = redPupils
        self.whiteBalance = whiteBalance
        self.faceBalance = faceBalance
        self.vibrance = vibrance
        self.tone = tone
        self.shadows = shadows
    }

    /// The filters, in Core Image's order, with their inputs set (the input image is the caller's).
    public var filters: [FilterSpec] {
        var specs: [FilterSpec] = []
        let r = Self.rounded
        // One CIRedEyeCorrection per 16 eyes: a group photo's eyes all get repaired.
        let perFilter = RedEyeCorrectionLimits.maximumEyes
        for first in stride(from: 0, to: redPupils.count, by: perFilter) {
            let eyes = redPupils[first..<min(first + perFilter, redPupils.count)]
            let info = eyes.flatMap { [r($0.center.x), r($0.center.y), r($0.radius), r($0.redness)] }
            specs.append(FilterSpec(name: "CIRedEyeCorrection", parameters: ["inputCorrectionInfo": .vector(info)]))
        }
        let white = [whiteBalance.red, 1, whiteBalance.blue].map { r(Double(TransferFunction.linearToSRGB(Float($0)))) }
        if white != [1, 1, 1] {
            specs.append(
                FilterSpec(
                    name: "CIWhitePointAdjust",
                    parameters: ["inputColor": .color(SIMD4(white[0], white[1], white[2], 1))]))
        }
        if let faceBalance, faceBalance.strength > 0 {
            specs.append(
                FilterSpec(
                    name: "CIFaceBalance",
                    parameters: [
                        "inputOrigI": .number(r(faceBalance.origI)), "inputOrigQ": .number(r(faceBalance.origQ)),
                        "inputStrength": .number(r(faceBalance.strength)), "inputWarmth": .number(r(faceBalance.warmth))
                    ]))
        }
        if r(vibrance) != 0 {
            specs.append(FilterSpec(name: "CIVibrance", parameters: ["inputAmount": .number(r(vibrance))]))
        }
        if tone != .identity { specs += ToneAnalysis(tone).filters }
        if let shadows, r(shadows.shadowAmount) != 0 || r(shadows.highlightAmount) != 1 {
            specs.append(
                FilterSpec(
                    name: "CIHighlightShadowAdjust",
                    parameters: [
                        "inputRadius": .number(r(shadows.radius)),
                        "inputShadowAmount": .number(r(shadows.shadowAmount)),
                        "inputHighlightAmount": .number(r(shadows.highlightAmount))
                    ]))
        }
        return specs
    }

    /// `amount` (0…1) of each correction: 0 is no change, 1 the analysis's values.
    public func scaled(by amount: Double) -> AutoAdjustment {
        guard amount != 1 else { return self }
        var out = self
        out.whiteBalance = WhiteBalance(red: pow(whiteBalance.red, amount), blue: pow(whiteBalance.blue, amount))
        out.faceBalance?.strength *= amount
        out.vibrance *= amount
        out.tone = Tone(
            exposure: pow(tone.exposure, amount), black: amount * tone.black, white: 1 - amount * (1 - tone.white),
            gamma: 1 + amount * (tone.gamma - 1))
        out.shadows?.shadowAmount *= amount
        if let shadows { out.shadows?.highlightAmount = 1 - amount * (1 - shadows.highlightAmount) }
        return out
    }

    static func rounded(_ v: Double) -> Double { (v * 10000).rounded() / 10000 }
}
