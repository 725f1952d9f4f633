import Foundation
import IrisCore
@testable import IrisFilters
import Testing

/// CIGaussianBlur past σ = 40 runs at a reduced resolution; these check it against the Gaussian's own
/// formula on both renderers, and that its plan does not grow with σ.
@Suite(.serialized) struct LargeBlurTests {
    typealias P = FormulaPictures

    /// The standard normal's cumulative distribution.
    static func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    private func renderers() throws -> [(String, any Renderer)] {
        [("cpu", Renderers.cpu), ("gles", try Renderers.glesRenderer())]
    }

    /// The worst difference, in sRGB bytes, between a render of `picture` blurred with `sigma` (edges
    /// extended) and `formula` at the pixels `points` lists; `formula` gives linear light.
    private func worstError(
        _ picture: Image, sigma: Double, on renderer: any Renderer, points: [(x: Int, y: Int)],
        formula: (Double, Double) -> Double
    ) throws -> (error: Double, x: Int, y: Int) {
        let image = try picture.clampedToExtent().applyingFilter(
            "CIGaussianBlur", parameters: ["inputRadius": .number(sigma)]
        )
        .cropped(to: picture.extent)
        let b = try Renderers.render(image, on: renderer)
        var worst = (error: 0.0, x: 0, y: 0)
        for (x, y) in points {
            let want = P.encoded(formula(Double(x) + 0.5, Double(y) + 0.5))
            let error = abs(Double(b.rgba(x: x, row: b.height - 1 - y).x) - want)
            if error > worst.error { worst = (error, x, y) }
        }
        return worst
    }

    /// A white square in black: per axis, the blur is Φ((p − x0)/σ) − Φ((p − x1)/σ). Above σ = 40 the blur
    /// runs at a reduced resolution; it must come as close to the formula as the full-resolution blur at
    /// σ = 40 does in the same run (whose error is the 3σ truncation of the tails, a few bytes near black).
    @Test func aSquareBlurredWithALargeSigmaIsAsCloseToTheGaussianAsTheFullResolutionBlur() throws {
        let size = 320, x0 = 100.0, x1 = 220.0
        let picture = P.grey(width: size, height: size) { x, y in
            (100..<220).contains(x) && (100..<220).contains(y) ? 255 : 0
        }
        var points: [(x: Int, y: Int)] = []
        for y in stride(from: 1, to: size, by: 7) {
            for x in stride(from: 2, to: size, by: 7) { points.append((x, y)) }
        }
        for (name, renderer) in try renderers() {
            func worst(_ sigma: Double) throws -> (error: Double, x: Int, y: Int) {
                func coverage(_ p: Double) -> Double { Self.phi((p - x0) / sigma) - Self.phi((p - x1) / sigma) }
                return try worstError(picture, sigma: sigma, on: renderer, points: points) {
                    coverage($0) * coverage($1)
                }
            }
            let baseline = try worst(40).error
            #expect(baseline <= 5, "σ 40 on \(name)")
            for sigma in [41.0, 100] {
                let w = try worst(sigma)
                #expect(
                    w.error <= (baseline + 0.5),
                    "σ \(sigma) on \(name): worst at (\(w.x), \(w.y)); σ 40 gives \(baseline)")
            }
        }
    }

    /// A black-to-white step: Φ((p − edge)/σ). (`tools/render-faults` renders σ = 500, the filter's maximum,
    /// on a 1080p frame; a debug build here would take minutes.)
    @Test func aStepBlurredWithALargeSigmaIsTheNormalDistribution() throws {
        let width = 1200, edge = 600.0
        let picture = P.grey(width: width, height: 4) { x, _ in x < 600 ? 0 : 255 }
        let points = stride(from: 0, to: width, by: 3).map { (x: $0, y: 2) }
        for (name, renderer) in try renderers() {
            func worst(_ sigma: Double) throws -> (error: Double, x: Int, y: Int) {
                try worstError(picture, sigma: sigma, on: renderer, points: points) { x, _ in
                    Self.phi((x - edge) / sigma)
                }
            }
            let baseline = try worst(40).error
            #expect(baseline <= 5, "σ 40 on \(name)")
            for sigma in [45.0, 150] {
                let w = try worst(sigma)
                #expect(
                    w.error <= (baseline + 0.5), "σ \(sigma) on \(name): worst at x = \(w.x); σ 40 gives \(baseline)")
            }
        }
    }

    /// With σ = 500 on a 1920×1080 frame, only the decode into linear light and the output run at full
    /// resolution; every other pass holds at most a quarter of the area the blur reaches (3σ around the frame, and
    /// a little more: the low-resolution taps round up to whole low-resolution pixels).
    @Test func aLargeSigmaBlursAtAReducedResolution() throws {
        let frame = Image(buffer: PixelBuffer(width: 1920, height: 1080, format: .rgba8))
        let sigma = 500.0
        let image = try frame.clampedToExtent().applyingFilter(
            "CIGaussianBlur", parameters: ["inputRadius": .number(sigma)]
        )
        .cropped(to: frame.extent)
        let plan = try Compiler().plan(image)
        #expect(plan.tiles.count == 1)
        let rects = plan.tiles[0].passRects
        #expect(
            rects.count == (5 + 2 + 1),
            "five halvings, two low-resolution passes, the output (the decode is the first halving's input)")
        let reach = (1920 + 7 * sigma) * (1080 + 7 * sigma)
        for rect in rects.dropLast() { #expect((rect.width * rect.height) <= (reach / 4), "\(rect)") }
    }
}
