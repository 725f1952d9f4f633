import XCTest
import IrisCore

/// Users' own kernels: GLSL with an optional Swift body.
final class CustomKernelTests: XCTestCase {
    let source = Image(buffer: Frames.rgbaGradient(width: 16, height: 8))

    func testCustomColorKernelRunsOnBothRenderers() throws {
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
        XCTAssertLessThanOrEqual(maxDifference(gles, cpu).value, 1)
        // Real pixels: red and blue swapped relative to the source.
        let original = Frames.rgbaGradient(width: 16, height: 8)
        for (x, row) in [(0, 0), (15, 7), (7, 3)] {
            let o = original.rgba(x: x, row: row), g = gles.rgba(x: x, row: row)
            XCTAssertEqual(Int(g[0]), Int(o[2]), accuracy: 1)
            XCTAssertEqual(Int(g[2]), Int(o[0]), accuracy: 1)
            XCTAssertEqual(Int(g[1]), Int(o[1]), accuracy: 1)
        }
    }

    func testKernelThatFailsToCompileCarriesGLsLog() throws {
        let broken = Kernel(
            color: "brokenKernel", parameters: [], glsl: "vec4 brokenKernel(vec4 s0) { return s0 + ; }", cpu: nil)
        let image = try Image.apply(broken, inputs: [source], arguments: [], extent: source.extent)
        XCTAssertThrowsError(try Renderers.render(image, on: try Renderers.glesRenderer())) { error in
            guard case let .kernelCompileFailed(kernel, log)? = error as? RenderError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(kernel, "brokenKernel")
            XCTAssertFalse(log.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        }
    }

    func testCPURenderOfAKernelWithoutASwiftBodyFailsClearly() throws {
        let glslOnly = Kernel(
            color: "glslOnly", parameters: [], glsl: "vec4 glslOnly(vec4 s0) { return s0; }", cpu: nil)
        let image = try Image.apply(glslOnly, inputs: [source], arguments: [], extent: source.extent)
        XCTAssertThrowsError(try Renderers.render(image, on: Renderers.cpu)) { error in
            XCTAssertEqual(error as? PlanError, .missingCPUBody(pass: 0, kernel: "glslOnly"))
        }
        XCTAssertNoThrow(try Renderers.render(image, on: try Renderers.glesRenderer()))
    }
}
