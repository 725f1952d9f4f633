import IrisCore
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
            return SIMD3(TestPictures.encoded(TestPictures.linear(c.x) * light.x), TestPictures.encoded(TestPictures.linear(c.y) * light.y),
                         TestPictures.encoded(TestPictures.linear(c.z) * light.z)) + jitter
        }
    }

    func neutral(_ filters: [FilterSpec]) -> [Double]? {
        guard case let .vector(v)? = filters.first(where: { $0.name == "CITemperatureAndTint" })?.parameters["inputNeutral"] else { return nil }
        return v
    }

    @Test func aSteadySceneWithNoiseIsAnalysedOnceIntoOneChain() throws {
        var live = LiveAutoAdjustment(settings: .init(every: 2))
        let warm = SIMD3(1.0, 0.8, 0.55)
        let first = try live.filters(frame: 0, image: Self.frame(light: warm), faces: [], context: context)
        #expect(neutral(first) != nil)
        for index in 1..<12 {
            let filters = try live.filters(frame: index, image: Self.frame(light: warm, noise: 2, seed: index), faces: [], context: context)
            #expect(filters.map(\.text) == first.map(\.text), "frame \(index)")
        }
        #expect(live.changes == 1)
    }

    /// When the light changes, the correction follows over several analyses, never jumping the whole way.
    @Test func aChangeOfLightIsFollowedGradually() throws {
        var live = LiveAutoAdjustment(settings: .init(every: 1, smoothing: 0.25))
        let warm = SIMD3(1.0, 0.8, 0.55), cool = SIMD3(0.65, 0.82, 1.0)
        _ = try live.filters(frame: 0, image: Self.frame(light: warm), faces: [], context: context)
        let warmKelvin = try #require(neutral(try live.filters(frame: 1, image: Self.frame(light: warm), faces: [], context: context)))[0]
        var settled = try #require(neutral(try AutoAdjustment.analyse(Self.frame(light: cool), options: .init(features: [], context: context)).filters))[0]
        settled = 1e6 / settled
        var previous = 1e6 / warmKelvin
        var steps: [Double] = []
        for index in 2..<30 {
            let kelvin = try #require(neutral(try live.filters(frame: index, image: Self.frame(light: cool), faces: [], context: context)))[0]
            steps.append(abs(1e6 / kelvin - previous))
            previous = 1e6 / kelvin
        }
        let total = abs(settled - 1e6 / warmKelvin)
        #expect(steps.allSatisfy { $0 <= 0.26 * total + 2 }, "steps in mired \(steps) of \(total)")
        #expect(abs(previous - settled) < 3, "ends at \(previous) mired, the light's \(settled)")
    }

    @Test func badSettingsAreTypedErrors() {
        #expect(throws: AutoAdjustmentError.invalidOption(name: "every", value: "0", expected: "a whole number of frames, at least 1")) {
            try LiveAutoAdjustment.Settings(every: 0).validated()
        }
        #expect(throws: AutoAdjustmentError.self) { try LiveAutoAdjustment.Settings(smoothing: .nan).validated() }
        #expect(throws: AutoAdjustmentError.self) { try LiveAutoAdjustment.Settings(enhance: false, redEye: false).validated() }
    }
}
