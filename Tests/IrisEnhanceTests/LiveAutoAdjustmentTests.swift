import Foundation
import IrisCore
@testable import IrisFilters
import IrisCPU
@testable import IrisEnhance
import Testing

/// Auto-adjustment on video: values settle smoothly, and the chain changes only when a value moved visibly.
@Suite struct LiveAutoAdjustmentTests {
    let context = Context(renderer: CPURenderer())

    /// The scene of `AutoAdjustmentAnalysisTests` under a light, with `noise` (a level or two) that differs per frame.
    static func frame(light: SIMD3<Double>, noise: Int = 0, seed: Int = 0) -> Image {
        let scene = TestPictures.scene(width: 80, height: 60)
        return TestPictures.picture(width: 80, height: 60) { x, row in
            let c = scene(x, row)
            let jitter = Double(((x * 7 + row * 13 + seed * 31) % 3) - 1) * Double(noise) / 255
            return SIMD3(
                TestPictures.encoded(TestPictures.linear(c.x) * light.x),
                TestPictures.encoded(TestPictures.linear(c.y) * light.y),
                TestPictures.encoded(TestPictures.linear(c.z) * light.z)) + jitter
        }
    }

    /// The blue gain of the white balance (CIWhitePointAdjust's blue, as linear light), or nil without one.
    func blueGain(_ filters: [FilterSpec]) -> Double? {
        guard case let .color(c)? = filters.first(where: { $0.name == "CIWhitePointAdjust" })?.parameters["inputColor"]
        else { return nil }
        return TestPictures.linear(c.z)
    }

    @Test func aSteadySceneWithNoiseIsAnalysedOnceIntoOneChain() throws {
        var live = LiveAutoAdjustment(settings: .init(every: 2))
        let warm = SIMD3(1.0, 0.8, 0.55)
        let first = try live.filters(
            frame: 0, image: Self.frame(light: warm, noise: 2, seed: 0), faces: [], context: context)
        #expect(blueGain(first) != nil)
        for index in 1..<12 {
            let filters = try live.filters(
                frame: index, image: Self.frame(light: warm, noise: 2, seed: index), faces: [], context: context)
            #expect(filters.map(\.text) == first.map(\.text), "frame \(index)")
        }
        #expect(live.changes == 1)
    }

    /// When the light changes, the correction follows over several analyses, never jumping the whole way.
    @Test func aChangeOfLightIsFollowedGradually() throws {
        var live = LiveAutoAdjustment(settings: .init(every: 1, smoothing: 0.25))
        let warm = SIMD3(1.0, 0.8, 0.55), cool = SIMD3(0.65, 0.82, 1.0)
        _ = try live.filters(frame: 0, image: Self.frame(light: warm), faces: [], context: context)
        let warm0 = log(
            try #require(
                blueGain(try live.filters(frame: 1, image: Self.frame(light: warm), faces: [], context: context))))
        let settled = log(
            try #require(
                blueGain(
                    try AutoAdjustment.analyse(Self.frame(light: cool), options: .init(features: [], context: context))
                        .filters)))
        var previous = warm0
        var steps: [Double] = []
        for index in 2..<40 {
            let gain = log(
                try #require(
                    blueGain(
                        try live.filters(frame: index, image: Self.frame(light: cool), faces: [], context: context))))
            steps.append(abs(gain - previous))
            previous = gain
        }
        let total = abs(settled - warm0)
        #expect(total > 0.2)
        #expect(steps.allSatisfy { $0 <= 0.26 * total + 0.005 }, "steps in ln(gain) \(steps) of \(total)")
        #expect(abs(previous - settled) < 0.02, "ends at \(previous), the light's \(settled)")
    }

    /// A picture that reaches black and whose only white is a small highlight: the still analysis leaves its
    /// tones alone, and so must video. The 96-pixel sampled view's near-extremes (its 99.8th percentile, about
    /// 0.8 here) once read it as under-exposed and brightened it by the exposure rule.
    @Test func aFewHighlightsKeepTheStillsToneDecision() throws {
        let picture = TestPictures.picture(width: 160, height: 90) { x, row in
            let white = (100..<102).contains(x) && (40..<42).contains(row)
            let level = white ? 1 : 0.8 * Double(x) / 159
            return SIMD3(repeating: level)
        }
        let still = try AutoAdjustment.analyse(picture, options: .init(features: [], context: context))
        #expect(still.tone == .identity)
        var live = LiveAutoAdjustment(settings: .init(vibrance: true))
        let filters = try live.filters(frame: 0, image: picture, faces: [], context: context)
        #expect(!TestPictures.hasToneStep(filters), "\(filters.map(\.text))")
        #expect(filters.map(\.text) == still.filters.map(\.text))
    }

    @Test func badSettingsAreTypedErrors() {
        #expect(
            throws: AutoAdjustmentError.invalidOption(
                name: "every", value: "0", expected: "a whole number of frames, at least 1")
        ) {
            try LiveAutoAdjustment.Settings(every: 0).validated()
        }
        #expect(throws: AutoAdjustmentError.self) { try LiveAutoAdjustment.Settings(smoothing: .nan).validated() }
        #expect(throws: AutoAdjustmentError.self) {
            try LiveAutoAdjustment.Settings(enhance: false, redEye: false).validated()
        }
    }
}
