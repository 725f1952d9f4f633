import Foundation
import IrisCore
import Testing

/// A formula kernel's two bodies are written by Iris from one formula; this renders every formula function
/// on both renderers, so the GLSL writer and the Swift evaluator are checked against each other.
@Suite(.serialized) struct FormulaKernelAgreementTests {
    let translucent = Image(buffer: Frames.rgbaGradient(width: 48, height: 32, alpha: true))

    func agree(_ kernel: Kernel, _ arguments: [KernelValue], _ name: String) throws {
        let image = try Image.apply(kernel, inputs: [translucent], arguments: arguments, extent: translucent.extent)
        let gles = try Renderers.render(image, on: try Renderers.glesRenderer())
        let cpu = try Renderers.render(image, on: Renderers.cpu)
        let d = maxDifference(gles, cpu)
        #expect(d.value <= 1, "\(name) differs by \(d.value) at x \(d.x) row \(d.row)")
    }

    @Test func everyFunctionAgreesOnBothRenderers() throws {
        let functions: [(String, (Formula<SIMD3<Float>>, Formula<Float>) -> Formula<SIMD3<Float>>)] = [
            ("arithmetic", { c, k in (c * 1.5 - 0.1) / (k + 1) + -c * 0.2 }),
            ("abs_sign", { c, _ in (c - 0.5).magnitude * (c - 0.4).sign + 0.5 }),
            ("sqrt_pow", { c, k in c.squareRoot * 0.5 + c.power(vec3(k)) * 0.5 }),
            ("floor_fract", { c, _ in (c * 3).floor / 3 + (c * 3).fraction * 0.1 }),
            ("exp_log", { c, _ in c.exponential - 1 + (c + 1).logarithm * 0.1 }),
            ("min_max_clamp", { c, k in (c.minimum(vec3(k)) + c.maximum(0.3) * 0.2).clamped(0.1, 0.9) }),
            ("step_mix_smoothstep", { c, k in c.step(0.5).mixed(with: c.smoothstep(0.2, 0.8), k) }),
            (
                "dot_components",
                { c, _ in
                    vec3(c.dot(Formula(SIMD3<Float>(0.2, 0.7, 0.1)))) * c.largestComponent + c.smallestComponent * 0.25
                }
            )
        ]
        for (name, f) in functions {
            let kernel = Kernel(color: "formula_\(name)") { s0, p in
                let c = s0.unpremultiplied
                return vec4(f(c.rgb, p.float("k")), c.a).premultiplied
            }
            try agree(kernel, [.float(0.6)], name)
        }
    }

    @Test func vectorParametersAndAlphaReachBothBodies() throws {
        let kernel = Kernel(color: "formula_tint") { s0, p in
            let c = s0.unpremultiplied
            return vec4(c.rgb * p.vec3("tint"), c.a * p.vec4("scale").a).premultiplied
        }
        try agree(kernel, [.vec3(SIMD3(1, 0.5, 0.25)), .vec4(SIMD4(0, 0, 0, 0.5))], "tint")
    }
}
