import Foundation
import IrisCore
import IrisCPU
import IrisGLES
import Testing

/// A bad plan is refused by both renderers with the same `PlanError` (the one `RenderPlan.validate` gives),
/// before either does any work; what only one renderer needs (Swift bodies, GL's texture limit) is refused
/// by that one alone.
@Suite(.serialized) struct PlanErrorAgreementTests {
    private let extent = Rect(width: 8, height: 4)
    private let gain = Kernel(
        color: "agreementGain", parameters: [.init("k", "float")],
        glsl: "vec4 agreementGain(vec4 s0, float k) { return vec4(s0.rgb * k, s0.a); }",
        cpu: { px, _, _, args in
            let k = args.float(0)
            for i in px.indices { px[i] = SIMD4(px[i].x * k, px[i].y * k, px[i].z * k, px[i].w) }
        })

    @Test func theGoodPlanRendersTheSameOnBoth() throws {
        // The bad plans below are this one with one thing broken, so each fails for the reason it names.
        let gles = try Renderers.glesRenderer()
        let cpu = try Renderers.cpu.execute(plan())
        #expect(maxDifference(cpu, try gles.execute(plan())).value <= 1)
        // A hand-built plan has no colour management: the gain halves the bytes as read.
        for (x, row) in [(0, 0), (7, 0), (3, 2)] {
            let s = source.rgba(x: x, row: row), c = cpu.rgba(x: x, row: row)
            for ch in 0..<3 { #expect(abs(Double(c[ch]) - (Double(s[ch]) / 2)) <= 1) }
            #expect(c[3] == s[3])
        }
    }

    @Test func everyBrokenRuleGivesTheSameErrorOnBothRenderers() throws {
        let gles = try Renderers.glesRenderer()
        var short = source
        short.planes[0].bytes.removeLast(4)
        let half = Rect(x: 0, y: 0, width: 4.5, height: 4)
        let twoPasses = [gain(.leaf(0)), gain(.intermediate(0))]
        let cases: [(String, RenderPlan, PlanError)] = [
            ("output format", plan(format: .nv12), .unsupportedOutputFormat(.nv12)),
            ("empty output", plan(output: .empty), .emptyExtent),
            ("no passes", plan(passes: []), .noPasses),
            ("leaf index", plan(passes: [gain(.leaf(1))]), .leafIndex(pass: 0, leaf: 1, leafCount: 1)),
            ("reads itself", plan(passes: [gain(.intermediate(0))]), .intermediateIndex(pass: 0, reads: 0)),
            (
                "input count", plan(passes: [node([.leaf(0), .leaf(0)], [.float(1)])]),
                .kernelInputCount(pass: 0, kernel: "agreementGain", expected: 1, got: 2)
            ),
            (
                "argument count", plan(passes: [node([.leaf(0)], [])]),
                .kernelArgumentCount(pass: 0, kernel: "agreementGain", expected: 1, got: 0)
            ),
            (
                "argument type", plan(passes: [node([.leaf(0)], [.vec4(.one)])]),
                .kernelArgumentType(pass: 0, kernel: "agreementGain", parameter: "k", expected: "float", got: "vec4")
            ),
            (
                "leaf channels",
                plan(leaves: [RenderPlan.Leaf(buffer: source, plane: 0, channels: 2, swapsRedBlue: false)]),
                .leafChannels(leaf: 0, channels: 2, expected: 4)
            ),
            ("leaf bytes", plan(leaves: [leaf(short)]), .leafTooSmall(leaf: 0, needed: 128, got: 124)),
            (
                "tile pass count", plan(passes: twoPasses, passRects: [extent]),
                .tilePassCount(tile: 0, expected: 2, got: 1)
            ),
            (
                "fractional pass rect", plan(passes: twoPasses, passRects: [half, extent]),
                .rectNotIntegral(.pass(0, tile: 0), half)
            ),
            (
                "leaf rect outside", plan(leafRects: [Rect(x: -1, y: 0, width: 8, height: 4)]),
                .rectOutside(.leaf(0, tile: 0), Rect(x: -1, y: 0, width: 8, height: 4), bounds: extent)
            ),
            (
                "plan's own limit", plan(maximumTextureSize: 4),
                .textureTooLarge(.pass(0, tile: 0), width: 8, height: 4, limit: 4)
            )
        ]
        for (rule, bad, expected) in cases {
            #expect(refusal(bad, Renderers.cpu) == expected, "cpu: \(rule)")
            #expect(refusal(bad, gles) == expected, "gles: \(rule)")
        }
    }

    @Test func eachRendererRefusesWhatOnlyItNeeds() throws {
        // GL's texture limit, lowered to 4: the GLES renderer refuses the 8 px tile, the CPU renders it.
        let small = try GLESRenderer(options: .init(maximumTextureSize: 4))
        #expect(refusal(plan(), small) == .textureTooLarge(.pass(0, tile: 0), width: 8, height: 4, limit: 4))
        #expect(throws: Never.self) { try Renderers.cpu.execute(plan()) }
        // A kernel with only a GLSL body: the CPU renderer refuses it, the GLES renderer runs it.
        let glslOnly = Kernel(
            color: "agreementGLSLOnly", parameters: [], glsl: "vec4 agreementGLSLOnly(vec4 s0) { return s0; }", cpu: nil
        )
        let onlyGLSL = plan(passes: [
            .kernel(
                .init(
                    kernel: glslOnly, inputs: [.leaf(0)], arguments: KernelArguments([]),
                    label: glslOnly.name, extent: extent))
        ])
        #expect(refusal(onlyGLSL, Renderers.cpu) == .missingCPUBody(pass: 0, kernel: "agreementGLSLOnly"))
        #expect(throws: Never.self) { try Renderers.glesRenderer().execute(onlyGLSL) }
    }

    // MARK: Plan building

    private var source: PixelBuffer { Frames.rgbaGradient(width: 8, height: 4) }

    private func leaf(_ buffer: PixelBuffer) -> RenderPlan.Leaf {
        RenderPlan.Leaf(buffer: buffer, plane: 0, channels: 4, swapsRedBlue: false)
    }

    private func node(_ inputs: [RenderPlan.Expression], _ arguments: [KernelValue]) -> RenderPlan.Expression {
        .kernel(
            .init(kernel: gain, inputs: inputs, arguments: KernelArguments(arguments), label: gain.name, extent: extent)
        )
    }

    private func gain(_ input: RenderPlan.Expression) -> RenderPlan.Expression { node([input], [.float(0.5)]) }

    /// gain(leaf 0) over an 8×4 gradient as one tile, unless told otherwise.
    private func plan(
        leaves: [RenderPlan.Leaf]? = nil, passes roots: [RenderPlan.Expression]? = nil, output: Rect? = nil,
        format: PixelFormat = .rgba8, passRects: [Rect]? = nil, leafRects: [Rect]? = nil,
        maximumTextureSize: Int = .max
    ) -> RenderPlan {
        let leaves = leaves ?? [leaf(source)]
        let roots = roots ?? [gain(.leaf(0))]
        let output = output ?? extent
        let tile = RenderPlan.Tile(
            output: output, passRects: passRects ?? roots.map { _ in output },
            leafRects: leafRects ?? leaves.map(\.extent))
        return RenderPlan(
            leaves: leaves, passes: roots.map { .init(root: $0, extent: extent) }, tiles: [tile],
            outputRect: output, outputFormat: format, maximumTextureSize: maximumTextureSize)
    }

    /// The `PlanError` the renderer throws for `plan`; nil (a failure to compare) when it renders or throws anything
    /// else.
    private func refusal(_ plan: RenderPlan, _ renderer: any Renderer) -> PlanError? {
        do {
            _ = try renderer.execute(plan)
            return nil
        } catch {
            return error as? PlanError
        }
    }
}
