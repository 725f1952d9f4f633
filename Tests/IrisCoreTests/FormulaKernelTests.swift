import Foundation
@testable import IrisCore
import Testing

/// A colour kernel written once as a `Formula`: the GLSL it writes, and its Swift body on exact values
/// worked out here by hand or with Foundation's own functions.
@Suite struct FormulaKernelTests {
    /// Runs a formula kernel's Swift body on `pixels`.
    func run(_ kernel: Kernel, _ pixels: [SIMD4<Float>], _ arguments: [KernelValue] = []) -> [SIMD4<Float>] {
        guard case let .color(body)? = kernel.cpu else {
            Issue.record("\(kernel.name) has no colour body")
            return []
        }
        var out = pixels
        body(&out, [], [], KernelArguments(arguments))
        return out
    }

    @Test func parametersAreDeclaredInTheOrderTheyAreAskedForAndOnce() {
        let kernel = Kernel(color: "twoParameters") { s0, p in
            let gain = p.float("gain")
            let tint = p.vec3("tint")
            return vec4(s0.rgb * tint * gain + p.float("gain"), s0.a)
        }
        #expect(kernel.parameters == [.init("gain", "float"), .init("tint", "vec3")])
        #expect(kernel.kind == .color && kernel.inputCount == 1 && kernel.isPositionIndependent)
    }

    @Test func theGLSLIsOneFunctionWithATemporaryPerStepAndSharedStepsComputedOnce() {
        let kernel = Kernel(color: "halfOrange") { s0, p in
            let c = s0.unpremultiplied
            let lifted = c.rgb + p.float("lift")
            return vec4(lifted * lifted, c.a).premultiplied
        }
        #expect(
            kernel.glsl == """
                vec4 halfOrange(vec4 s0, float lift) {
                    vec4 t0 = iris_unpremultiply(s0);
                    vec3 t1 = t0.rgb;
                    vec3 t2 = t1 + lift;
                    vec3 t3 = t2 * t2;
                    float t4 = t0.a;
                    vec4 t5 = vec4(t3, t4);
                    vec3 t6 = t5.rgb;
                    float t7 = t5.a;
                    vec3 t8 = t6 * t7;
                    vec4 t9 = vec4(t8, t7);
                    return t9;
                }

                """)
    }

    @Test func constantsAreGLSLFloats() {
        #expect(FormulaGLSL.literal(SIMD4(repeating: 1), .float) == "1.0")
        #expect(FormulaGLSL.literal(SIMD4(repeating: -0.25), .float) == "-0.25")
        #expect(FormulaGLSL.literal(SIMD4(repeating: 1e-10), .float) == "1e-10")
        #expect(FormulaGLSL.literal(SIMD4(0.5, 2, 0, 0), .vec3) == "vec3(0.5, 2.0, 0.0)")
    }

    @Test func arithmeticMixesFloatsWithVectorsAsGLSLDoes() {
        let kernel = Kernel(color: "arithmetic") { s0, p in
            let k = p.float("k")
            let rgb = (s0.rgb * 2 - 0.5) / k + Formula(SIMD3<Float>(0.1, 0.2, 0.3))
            return vec4(-rgb, 1 - s0.a)
        }
        let out = run(kernel, [SIMD4(0.25, 0.5, 1, 0.75)], [.float(2)])
        // (0.25·2 − 0.5)/2 + 0.1, (0.5·2 − 0.5)/2 + 0.2, (1·2 − 0.5)/2 + 0.3, negated; alpha 1 − 0.75.
        let expected: [SIMD4<Float>] = [SIMD4(-0.1, -0.45, -1.05, 0.25)]
        #expect(
            out.count == 1
                && zip(out[0].indices, out[0].indices).allSatisfy { i, _ in
                    abs(out[0][i] - expected[0][i]) <= 1e-6
                })
    }

    @Test func componentwiseFunctionsMatchFoundations() {
        let x = SIMD4<Float>(0.3, -0.6, 2.5, 1)
        func rgb(_ f: (Float) -> Float) -> SIMD4<Float> { SIMD4(f(x.x), f(x.y), f(x.z), 1) }
        let cases: [(String, (Formula<SIMD3<Float>>) -> Formula<SIMD3<Float>>, SIMD4<Float>)] = [
            ("abs", { $0.magnitude }, rgb { abs($0) }),
            ("sqrt", { $0.magnitude.squareRoot }, rgb { abs($0).squareRoot() }),
            ("sign", { $0.sign }, rgb { $0 > 0 ? 1 : ($0 < 0 ? -1 : 0) }),
            ("floor", { $0.floor }, rgb { $0.rounded(.down) }),
            ("fract", { $0.fraction }, rgb { $0 - $0.rounded(.down) }),
            ("exp", { $0.exponential }, rgb { exp($0) }),
            ("log", { $0.magnitude.logarithm }, rgb { log(abs($0)) }),
            ("pow", { $0.magnitude.power(vec3(1.5)) }, rgb { pow(abs($0), 1.5) }),
            ("min", { $0.minimum(0.5) }, rgb { min($0, 0.5) }),
            ("max", { $0.maximum(vec3(0)) }, rgb { max($0, 0) }),
            ("clamp", { $0.clamped(0, 1) }, rgb { min(max($0, 0), 1) }),
            ("step", { $0.step(0.5) }, rgb { $0 < 0.5 ? 0 : 1 }),
            ("mix", { $0.mixed(with: vec3(1), 0.25) }, rgb { $0 * 0.75 + 0.25 }),
            (
                "smoothstep", { $0.smoothstep(0, 1) },
                rgb {
                    let t = min(max($0, 0), 1)
                    return t * t * (3 - 2 * t)
                }
            )
        ]
        for (name, f, expected) in cases {
            let kernel = Kernel(color: "case_\(name)") { s0, _ in vec4(f(s0.rgb), s0.a) }
            let out = run(kernel, [x])
            let error = out.first.map { v in (0..<4).map { abs(v[$0] - expected[$0]) }.max() ?? 0 } ?? .infinity
            #expect(error <= 1e-6, "\(name): \(out) against \(expected)")
        }
    }

    @Test func reductionsAndPartsOfAColour() {
        let kernel = Kernel(color: "parts") { s0, _ in
            let rgb = s0.rgb
            return vec4(
                rgb.largestComponent - rgb.smallestComponent + vec3(rgb.dot(Formula(SIMD3<Float>(1, 10, 100)))),
                s0.r + s0.g + s0.b)
        }
        let out = run(kernel, [SIMD4(0.5, 0.25, 0.125, 1)])
        let spread: Float = 0.5 - 0.125, weighted: Float = 0.5 + 2.5 + 12.5
        #expect(out == [SIMD4(spread + weighted, spread + weighted, spread + weighted, 0.875)])
    }

    @Test func vectorBoundsAndSplatsOfAFloat() {
        let kernel = Kernel(color: "bounds") { s0, p in
            let clamped = s0.clamped(p.vec4("lo"), p.vec4("hi"))
            return clamped + vec4(s0.r * 0)
        }
        #expect(kernel.glsl.contains("clamp(s0, lo, hi)") && kernel.glsl.contains("vec4(t"))
        let out = run(
            kernel, [SIMD4(0.1, 0.5, 0.9, 2)], [.vec4(SIMD4(0.2, 0.2, 0.2, 0)), .vec4(SIMD4(0.8, 0.8, 0.8, 1))])
        #expect(out == [SIMD4(0.2, 0.5, 0.8, 1)])
    }

    @Test func unpremultiplyingATransparentPixelGivesZeroAsGLSLDoes() {
        let kernel = Kernel(color: "straight") { s0, _ in s0.unpremultiplied }
        #expect(run(kernel, [SIMD4(0.2, 0.1, 0.05, 0.5), .zero]) == [SIMD4(0.4, 0.2, 0.1, 0.5), .zero])
    }

    @Test func aRowIsComputedWholeAndEveryPixelOnItsOwn() {
        let kernel = Kernel(color: "invert") { s0, _ in vec4(s0.a - s0.rgb, s0.a) }
        let row = (0..<1000).map { SIMD4<Float>(Float($0) / 1000, 0.5, 0, 1) }
        let out = run(kernel, row)
        #expect(out.count == 1000)
        #expect(out.enumerated().allSatisfy { i, v in v == SIMD4(1 - Float(i) / 1000, 0.5, 1, 1) })
    }
}
