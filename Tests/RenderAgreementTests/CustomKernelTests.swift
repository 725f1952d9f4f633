import Foundation
import IrisCore
import Testing

/// Users' own kernels: GLSL with an optional Swift body.
@Suite(.serialized) struct CustomKernelTests {
    let source = Image(buffer: Frames.rgbaGradient(width: 16, height: 8))

    @Test func customColorKernelRunsOnBothRenderers() throws {
        let swapRB = Kernel(
            color: "swapRedBlue", parameters: [.init("gain", "float")],
            glsl: """
                vec4 swapRedBlue(vec4 s0, float gain) { return vec4(s0.b * gain, s0.g, s0.r, s0.a); }
                """,
            cpu: { px, _, _, args in
                let g = args.float(0)
                for i in px.indices {
                    let c = px[i]
                    px[i] = SIMD4(c.z * g, c.y, c.x, c.w)
                }
            })
        let image = try Image.apply(swapRB, inputs: [source], arguments: [.float(1)], extent: source.extent)
        let gles = try Renderers.render(image, on: try Renderers.glesRenderer())
        let cpu = try Renderers.render(image, on: Renderers.cpu)
        #expect(maxDifference(gles, cpu).value <= 1)
        // Real pixels: red and blue swapped relative to the source.
        let original = Frames.rgbaGradient(width: 16, height: 8)
        for (x, row) in [(0, 0), (15, 7), (7, 3)] {
            let o = original.rgba(x: x, row: row), g = gles.rgba(x: x, row: row)
            #expect(abs(Int(g[0]) - Int(o[2])) <= 1)
            #expect(abs(Int(g[2]) - Int(o[0])) <= 1)
            #expect(abs(Int(g[1]) - Int(o[1])) <= 1)
        }
    }

    @Test func kernelThatFailsToCompileCarriesGLsLog() throws {
        let broken = Kernel(
            color: "brokenKernel", parameters: [], glsl: "vec4 brokenKernel(vec4 s0) { return s0 + ; }", cpu: nil)
        let image = try Image.apply(broken, inputs: [source], arguments: [], extent: source.extent)
        do {
            _ = try Renderers.render(image, on: try Renderers.glesRenderer())
            Issue.record("expected an error")
        } catch {
            guard case let .kernelCompileFailed(kernel, log)? = error as? RenderError else {
                Issue.record("\(error)")
                return
            }
            #expect(kernel == "brokenKernel")
            #expect(!log.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        }
    }

    @Test func cPURenderOfAKernelWithoutASwiftBodyFailsClearly() throws {
        let glslOnly = Kernel(
            color: "glslOnly", parameters: [], glsl: "vec4 glslOnly(vec4 s0) { return s0; }", cpu: nil)
        let image = try Image.apply(glslOnly, inputs: [source], arguments: [], extent: source.extent)
        do {
            _ = try Renderers.render(image, on: Renderers.cpu)
            Issue.record("expected an error")
        } catch {
            #expect((error as? PlanError) == .missingCPUBody(pass: 0, kernel: "glslOnly"))
        }
        #expect(throws: Never.self) { try Renderers.render(image, on: try Renderers.glesRenderer()) }
    }
}
