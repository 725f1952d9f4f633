import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// Test-only helpers for the filter tests: a small source image, a CPU evaluator that runs the Swift
/// bodies of a recipe the way RenderPlan's convention says renderers do, and approximate comparisons.
enum FiltersTestSupport {
    /// An image of `rows` (written top row first, as on screen) of premultiplied working-space colours,
    /// with its bottom-left pixel at `origin`. Sampling is bilinear between pixel centres, clamped to the
    /// edge, and 0 outside the extent, as `RenderPlan` specifies for stored rectangles.
    static func image(_ rows: [[SIMD4<Float>]], origin: SIMD2<Int> = .zero) -> Image {
        let height = rows.count, width = rows.first?.count ?? 0
        let bottomUp = Array(rows.reversed())
        let ox = Float(origin.x), oy = Float(origin.y)
        let kernel = Kernel(
            general: "testSource", inputCount: 0, parameters: [], glsl: "",
            cpu: { coords, _, _ in
                coords.map { p in
                    let u = min(max(p.x - ox - 0.5, 0), Float(width - 1)),
                        v = min(max(p.y - oy - 0.5, 0), Float(height - 1))
                    let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
                    let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
                    let tx = u - Float(x0), ty = v - Float(y0)
                    let bottom = bottomUp[y0][x0] * (1 - tx) + bottomUp[y0][x1] * tx
                    let top = bottomUp[y1][x0] * (1 - tx) + bottomUp[y1][x1] * tx
                    return bottom * (1 - ty) + top * ty
                }
            }, roi: { _, rect, _ in rect })
        return Image.make(
            kernel, [], KernelArguments([]),
            extent: Rect(x: Double(origin.x), y: Double(origin.y), width: Double(width), height: Double(height)),
            label: "test source")
    }

    /// A width × height image, transparent except `value` at pixel (x, y) (bottom-left origin).
    static func impulse(width: Int, height: Int, at x: Int, _ y: Int, value: SIMD4<Float> = SIMD4(1, 1, 1, 1)) -> Image
    {
        var rows = [[SIMD4<Float>]](repeating: [SIMD4<Float>](repeating: .zero, count: width), count: height)
        rows[height - 1 - y][x] = value
        return image(rows)
    }

    /// Evaluates `image` at global points with the kernels' Swift bodies; 0 outside each node's extent.
    static func evaluate(_ image: Image, at points: [SIMD2<Float>]) -> [SIMD4<Float>] {
        guard case let .kernel(application) = image.node, let body = application.kernel.cpu else {
            Issue.record("the test evaluator runs kernel nodes only, got \(image)")
            return [SIMD4<Float>](repeating: .zero, count: points.count)
        }
        let inputs = application.inputs, args = application.arguments
        var out: [SIMD4<Float>]
        switch body {
        case let .color(run):
            out =
                inputs.isEmpty ? [SIMD4<Float>](repeating: .zero, count: points.count) : evaluate(inputs[0], at: points)
            run(&out, inputs.dropFirst().map { evaluate($0, at: points) }, points, args)
        case let .warp(run):
            var source = points
            run(&source, args)
            out = evaluate(inputs[0], at: source)
        case let .general(run):
            out = run(points, { index, at in evaluate(inputs[index], at: at) }, args)
        }
        let extent = image.extent
        for (i, p) in points.enumerated() where !contains(extent, p) { out[i] = .zero }
        return out
    }

    /// The value at the centre of pixel (x, y).
    static func pixel(_ image: Image, _ x: Int, _ y: Int) -> SIMD4<Float> {
        evaluate(image, at: [SIMD2(Float(x) + 0.5, Float(y) + 0.5)])[0]
    }

    /// Runs the top node's colour kernel (its Swift body) on `pixels`, as a renderer would on one row.
    static func runColorKernel(of image: Image, on pixels: [SIMD4<Float>], coords: [SIMD2<Float>]? = nil) -> [SIMD4<
        Float
    >] {
        guard case let .kernel(application) = image.node, case let .color(run)? = application.kernel.cpu else {
            Issue.record("expected a colour kernel on top of \(image)")
            return pixels
        }
        var out = pixels
        let others = application.inputs.dropFirst().map { _ in [SIMD4<Float>](repeating: .zero, count: pixels.count) }
        run(&out, others, coords ?? [SIMD2<Float>](repeating: .zero, count: pixels.count), application.arguments)
        return out
    }

    /// The colour matrix recorded on the top node (the one the compiler folds), if any.
    static func colorMatrix(of image: Image) -> ColorMatrix? {
        guard case let .kernel(application) = image.node else { return nil }
        return application.colorMatrix
    }

    /// A stand-in input: a 4×4 opaque grey image.
    static var anyImage: Image {
        image(Array(repeating: Array(repeating: SIMD4(0.5, 0.5, 0.5, 1), count: 4), count: 4))
    }

    static func contains(_ r: Rect, _ p: SIMD2<Float>) -> Bool {
        if r.isInfinite { return true }
        let x = Double(p.x), y = Double(p.y)
        return x >= r.minX && y >= r.minY && x < r.maxX && y < r.maxY
    }

    static func assertClose(
        _ a: SIMD4<Float>, _ b: SIMD4<Float>, accuracy: Float = 1e-4, _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let d = a - b
        let worst = max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))
        #expect(worst <= accuracy, "\(a) is not within \(accuracy) of \(b) \(message)")
    }

    static func assertThrows<T>(
        _ expected: FilterError, _ body: () throws(FilterError) -> T,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            _ = try body()
            Issue.record("expected \(expected)")
        } catch {
            #expect(error == expected)
        }
    }
}
