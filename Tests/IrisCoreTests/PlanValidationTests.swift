import Foundation
import IrisCore
import Testing

/// `RenderPlan.validate`: every rule, each broken once in an otherwise good hand-built plan, must give the
/// `PlanError` that names the culprit. RenderAgreementTests checks that both renderers throw the same.
@Suite(.serialized) struct PlanValidationTests {
    private let extent = Rect(width: 8, height: 4)

    @Test func wellFormedPlansPass() throws {
        // gain(leaf 0) into pass 0; pass 1 adds it to the leaf again.
        let good = plan(passes: [gain(.leaf(0)), node(Kernels.add, [.intermediate(0), .leaf(0)])])
        #expect(throws: Never.self) { try good.validate() }
        #expect(throws: Never.self) {
            try good.validate(
                PlanRequirements(
                    maximumTextureSize: 8, maximumTexturesPerPass: 2,
                    requiresCPUBodies: true, outputSize: (8, 4)))
        }
        // A pass a tile does not need has an empty rectangle, which is never checked further.
        #expect(throws: Never.self) {
            try plan(passes: [gain(.leaf(0)), gain(.leaf(0))], passRects: [.empty, extent]).validate()
        }
    }

    @Test func outputRules() {
        assertRefused(plan(passes: [.leaf(0)], format: .nv12), .unsupportedOutputFormat(.nv12))
        assertRefused(plan(passes: [.leaf(0)], output: .infinite), .infiniteExtent)
        assertRefused(plan(passes: [.leaf(0)], output: .empty), .emptyExtent)
        let half = Rect(x: 0.5, y: 0, width: 8, height: 4)
        assertRefused(plan(passes: [.leaf(0)], output: half), .rectNotIntegral(.output, half))
        assertRefused(
            plan(passes: [.leaf(0)]),
            .outputSizeMismatch(width: 8, height: 4, expectedWidth: 16, expectedHeight: 4),
            under: PlanRequirements(outputSize: (16, 4)))
        assertRefused(plan(passes: []), .noPasses)
    }

    @Test func tileShapeRules() {
        let good = RenderPlan.Tile(output: extent, passRects: [extent], leafRects: [extent])
        func tiles(_ bad: RenderPlan.Tile) -> RenderPlan { plan(passes: [gain(.leaf(0))], tiles: [good, bad]) }
        // The second tile is at fault, and is named.
        assertRefused(
            tiles(.init(output: extent, passRects: [], leafRects: [extent])),
            .tilePassCount(tile: 1, expected: 1, got: 0))
        assertRefused(
            tiles(.init(output: extent, passRects: [extent], leafRects: [])),
            .tileLeafCount(tile: 1, expected: 1, got: 0))
        let left = Rect(width: 4, height: 4)
        assertRefused(
            tiles(.init(output: extent, passRects: [left], leafRects: [extent])),
            .tileOutputPass(tile: 1, output: extent, outputPass: left))
        let beyond = Rect(x: 4, y: 0, width: 8, height: 4)
        assertRefused(
            tiles(.init(output: beyond, passRects: [beyond], leafRects: [extent])),
            .rectOutside(.tileOutput(tile: 1), beyond, bounds: extent))
    }

    @Test func tileRectangleRules() {
        let twoPasses = [gain(.leaf(0)), gain(.intermediate(0))]
        let fractional = Rect(x: 0, y: 0, width: 4.5, height: 4)
        assertRefused(
            plan(passes: twoPasses, passRects: [fractional, extent]), .rectNotIntegral(.pass(0, tile: 0), fractional))
        assertRefused(
            plan(passes: twoPasses, passRects: [.infinite, extent]), .rectNotIntegral(.pass(0, tile: 0), .infinite))
        let wide = Rect(width: 9, height: 4)
        assertRefused(plan(passes: twoPasses, leafRects: [wide]), .rectOutside(.leaf(0, tile: 0), wide, bounds: extent))
    }

    @Test func textureLimitsAreTheRenderersAndThePlansOwn() {
        let one = plan(passes: [gain(.leaf(0))])
        assertRefused(
            one, .textureTooLarge(.pass(0, tile: 0), width: 8, height: 4, limit: 4),
            under: PlanRequirements(maximumTextureSize: 4))
        // A plan tiled for 6 px must keep to it even on a renderer with no limit; the lower limit wins.
        let claimsSix = plan(passes: [gain(.leaf(0))], maximumTextureSize: 6)
        assertRefused(claimsSix, .textureTooLarge(.pass(0, tile: 0), width: 8, height: 4, limit: 6))
        assertRefused(
            claimsSix, .textureTooLarge(.pass(0, tile: 0), width: 8, height: 4, limit: 5),
            under: PlanRequirements(maximumTextureSize: 5))
        // A tile whose pass fits but whose leaf rectangle does not: the leaf is named.
        let left = Rect(width: 4, height: 4)
        let leafTooWide = plan(
            passes: [gain(.leaf(0))], tiles: [.init(output: left, passRects: [left], leafRects: [extent])])
        assertRefused(
            leafTooWide, .textureTooLarge(.leaf(0, tile: 0), width: 8, height: 4, limit: 4),
            under: PlanRequirements(maximumTextureSize: 4))
    }

    @Test func leafRules() {
        assertRefused(
            plan(leaves: [leaf(channels: 1)], passes: [.leaf(0)]), .leafChannels(leaf: 0, channels: 1, expected: 4))
        let nv12 = PixelBuffer(width: 8, height: 4, format: .nv12)
        let chroma = RenderPlan.Leaf(buffer: nv12, plane: 1, channels: 1, swapsRedBlue: false)
        assertRefused(
            plan(leaves: [chroma], passes: [.leaf(0)], leafRects: [chroma.extent]),
            .leafChannels(leaf: 0, channels: 1, expected: 2))

        var short = PixelBuffer(width: 8, height: 4, format: .rgba8)
        short.planes[0].bytes.removeLast()
        assertRefused(plan(leaves: [leaf(short)], passes: [.leaf(0)]), .leafTooSmall(leaf: 0, needed: 128, got: 127))
        var narrowRows = PixelBuffer(width: 8, height: 4, format: .rgba8)
        narrowRows.planes[0].bytesPerRow = 16
        assertRefused(
            plan(leaves: [leaf(narrowRows)], passes: [.leaf(0)]), .leafTooSmall(leaf: 0, needed: 80, got: 128))

        var lumaOnly = nv12
        lumaOnly.planes.removeLast()
        let missing = RenderPlan.Leaf(buffer: lumaOnly, plane: 1, channels: 2, swapsRedBlue: false)
        assertRefused(
            plan(leaves: [missing], passes: [.leaf(0)], leafRects: [missing.extent]),
            .leafPlane(leaf: 0, plane: 1, planeCount: 1))
    }

    @Test func expressionRules() {
        assertRefused(plan(passes: [gain(.leaf(2))]), .leafIndex(pass: 0, leaf: 2, leafCount: 1))
        assertRefused(plan(passes: [gain(.intermediate(0))]), .intermediateIndex(pass: 0, reads: 0))
        assertRefused(plan(passes: [gain(.intermediate(1)), gain(.leaf(0))]), .intermediateIndex(pass: 0, reads: 1))
        assertRefused(plan(passes: [.leaf(0), gain(.intermediate(-1))]), .intermediateIndex(pass: 1, reads: -1))
        assertRefused(
            plan(passes: [.leaf(0), node(Kernels.add, [.leaf(0)])]),
            .kernelInputCount(pass: 1, kernel: "validationAdd", expected: 2, got: 1))
        assertRefused(
            plan(passes: [node(Kernels.gain, [.leaf(0)])]),
            .kernelArgumentCount(pass: 0, kernel: "validationGain", expected: 1, got: 0))
        assertRefused(
            plan(passes: [node(Kernels.gain, [.leaf(0)], [.vec2(.zero)])]),
            .kernelArgumentType(pass: 0, kernel: "validationGain", parameter: "k", expected: "float", got: "vec2"))
        // The fault deep in a tree is found and named by its pass.
        assertRefused(plan(passes: [.leaf(0), gain(gain(gain(.leaf(5))))]), .leafIndex(pass: 1, leaf: 5, leafCount: 1))
    }

    @Test func missingCPUBodyIsRefusedOnlyWhenBodiesAreRequired() {
        let glslOnly = plan(passes: [gain(.leaf(0)), gain(node(Kernels.glslOnly, [.intermediate(0)]))])
        #expect(throws: Never.self) { try glslOnly.validate() }
        assertRefused(
            glslOnly, .missingCPUBody(pass: 1, kernel: "validationGLSLOnly"),
            under: PlanRequirements(requiresCPUBodies: true))
    }

    @Test func texturesPerPassCountsDistinctLeavesAndPasses() {
        // Pass 1 reads pass 0 once and leaf 0 twice: two textures.
        let twoTextures = plan(passes: [
            gain(.leaf(0)), node(Kernels.add, [.intermediate(0), node(Kernels.add, [.leaf(0), .leaf(0)])])
        ])
        #expect(throws: Never.self) { try twoTextures.validate(PlanRequirements(maximumTexturesPerPass: 2)) }
        assertRefused(
            twoTextures, .tooManyTextures(pass: 1, count: 2, limit: 1),
            under: PlanRequirements(maximumTexturesPerPass: 1))
    }

    @Test func descriptionsNameTheCulprit() {
        let cases: [(PlanError, [String])] = [
            (.missingCPUBody(pass: 1, kernel: "vignette"), ["'vignette'", "pass 1", "Swift body"]),
            (
                .textureTooLarge(.leaf(2, tile: 3), width: 5000, height: 10, limit: 4096),
                ["tile 3", "leaf 2", "5000×10", "4096"]
            ),
            (
                .kernelArgumentType(pass: 0, kernel: "tint", parameter: "gain", expected: "float", got: "vec2"),
                ["'tint'", "'gain'", "float", "vec2"]
            ),
            (.rectNotIntegral(.pass(1, tile: 0), Rect(x: 0, y: 0, width: 4.5, height: 4)), ["pass 1", "tile 0", "4.5"]),
            (.unsupportedOutputFormat(.nv12), ["nv12", "rgba8 or bgra8"]),
            (.leafChannels(leaf: 0, channels: 1, expected: 4), ["leaf 0", "1 channel"])
        ]
        for (error, words) in cases {
            for word in words { #expect(error.description.contains(word), "'\(error)' lacks \(word)") }
        }
    }

    // MARK: Plan building

    private enum Kernels {
        static let gain = Kernel(
            color: "validationGain", parameters: [.init("k", "float")],
            glsl: "vec4 validationGain(vec4 s0, float k) { return s0 * k; }",
            cpu: { px, _, _, args in
                let k = args.float(0)
                for i in px.indices { px[i] *= k }
            })
        static let add = Kernel(
            color: "validationAdd", inputCount: 2, parameters: [],
            glsl: "vec4 validationAdd(vec4 s0, vec4 s1) { return s0 + s1; }",
            cpu: { px, others, _, _ in for i in px.indices { px[i] += others[0][i] } })
        static let glslOnly = Kernel(
            color: "validationGLSLOnly", parameters: [],
            glsl: "vec4 validationGLSLOnly(vec4 s0) { return s0; }", cpu: nil)
    }

    private func leaf(_ buffer: PixelBuffer? = nil, channels: Int = 4) -> RenderPlan.Leaf {
        RenderPlan.Leaf(
            buffer: buffer ?? PixelBuffer(width: 8, height: 4, format: .rgba8), plane: 0, channels: channels,
            swapsRedBlue: false)
    }

    private func node(_ kernel: Kernel, _ inputs: [RenderPlan.Expression], _ arguments: [KernelValue] = [])
        -> RenderPlan.Expression
    {
        .kernel(
            .init(
                kernel: kernel, inputs: inputs, arguments: KernelArguments(arguments), label: kernel.name,
                extent: extent))
    }

    private func gain(_ input: RenderPlan.Expression) -> RenderPlan.Expression {
        node(Kernels.gain, [input], [.float(0.5)])
    }

    /// One pass per root, each over `output`, and one tile covering `output` unless `tiles` are given.
    private func plan(
        leaves: [RenderPlan.Leaf]? = nil, passes roots: [RenderPlan.Expression], output: Rect? = nil,
        format: PixelFormat = .rgba8, passRects: [Rect]? = nil, leafRects: [Rect]? = nil,
        tiles: [RenderPlan.Tile]? = nil, maximumTextureSize: Int = .max
    ) -> RenderPlan {
        let leaves = leaves ?? [leaf()]
        let output = output ?? extent
        let tile = RenderPlan.Tile(
            output: output, passRects: passRects ?? roots.map { _ in output },
            leafRects: leafRects ?? leaves.map(\.extent))
        return RenderPlan(
            leaves: leaves, passes: roots.map { .init(root: $0, extent: extent) }, tiles: tiles ?? [tile],
            outputRect: output, outputFormat: format, maximumTextureSize: maximumTextureSize)
    }

    private func assertRefused(
        _ plan: RenderPlan, _ expected: PlanError, under requirements: PlanRequirements = .init(),
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            try plan.validate(requirements)
            Issue.record("accepted a plan that should fail with: \(expected)")
        } catch {
            #expect(error == expected)
        }
    }
}
