import Foundation
@testable import IrisCore
@testable import IrisFilters
import IrisCPU
import Testing

/// Baked colour chains (`ColorCube` lookups on the CPU renderer) against the exact per-kernel evaluation
/// on both renderers, and the CPU's direct Y'CbCr row decoder against the decode formula.
@Suite(.serialized) struct ColorCubeAgreementTests {
    /// A frame with detail in luma and in both chroma channels (a flat chroma would hide chroma errors), in
    /// the range a camera delivers: luma 16…235 and chroma that stays mostly inside the gamut, where neither
    /// renderer clips. (At the clip a 1/255 difference in the decode becomes tens of code values after an
    /// invert and the sRGB encode near black, on the two exact renderers alike.)
    static func frame(_ format: PixelFormat, width: Int = 64, height: Int = 48, seed: UInt64 = 7) -> PixelBuffer {
        var state = seed
        func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        var b = PixelBuffer(width: width, height: height, format: format)
        for p in b.planes.indices {
            let rows = b.planes[p].bytes.count / b.planes[p].bytesPerRow
            for row in 0..<rows {
                for i in 0..<b.planes[p].bytesPerRow {
                    // Smooth ramps plus noise, so both gentle gradients and sharp changes are covered.
                    // YUYV keeps chroma in the odd bytes of its one plane.
                    let isLuma = format == .yuyv ? i % 2 == 0 : p == 0
                    let value =
                        isLuma
                        ? 16 + ((i * 3 + row * 2) % 200) + Int(next()) % 20
                        : 96 + ((i * 5 + row * 7) % 48) + Int(next()) % 16
                    b.planes[p].bytes[row * b.planes[p].bytesPerRow + i] = UInt8(value)
                }
            }
        }
        return b
    }

    var cubes: Context.Options {
        var o = Context.Options()
        o.colorCubes = true
        return o
    }
    var exact: Context.Options {
        var o = Context.Options()
        o.colorCubes = false
        return o
    }

    @Test func everyBakeableFilterAgreesWithTheExactKernelsOnBothRenderers() throws {
        let gles = try Renderers.glesRenderer()
        let source = Image(
            frame: Frame(buffer: Self.frame(.nv12), colorimetry: Colorimetry(matrix: .bt709, range: .video)))
        var baked: [String] = []
        for descriptor in FilterRegistry.builtIn.all {
            for variant in ["defaults", "varied"] {
                guard let image = try Self.applying(descriptor, to: source, varied: variant == "varied") else {
                    continue
                }
                let (plan, _) = try Context(renderer: Renderers.cpu, options: cubes).planAndRenderer(image)
                guard !plan.lookupNodes.isEmpty else { continue }
                baked.append("\(descriptor.name) \(variant)")
                try assertAgreement(image, gles: gles, "\(descriptor.name) (\(variant))")
            }
        }
        // The colour adjustments and effects without coordinates, at both settings.
        for name in [
            "CIColorControls", "CIColorMatrix", "CIExposureAdjust", "CIGammaAdjust", "CIHueAdjust", "CIVibrance",
            "CISepiaTone", "CIColorInvert"
        ] {
            #expect(
                baked.contains("\(name) defaults") || baked.contains("\(name) varied"),
                "\(name) was not baked: \(baked)")
        }
    }

    @Test func sampledChainsOfBakeableFiltersAgree() throws {
        let gles = try Renderers.glesRenderer()
        let names = [
            "CIColorControls", "CIExposureAdjust", "CIGammaAdjust", "CIHueAdjust", "CIVibrance", "CISepiaTone",
            "CIColorInvert", "CIColorMatrix"
        ]
        var state: UInt64 = 42
        var bakedChains = 0
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % n
        }
        for (index, format) in [PixelFormat.nv12, .nv21, .i420, .nv12, .i420, .nv12].enumerated() {
            var image = Image(
                frame: Frame(
                    buffer: Self.frame(format, seed: UInt64(index + 1)),
                    colorimetry: Colorimetry(matrix: .bt601, range: .video)))
            var chain: [String] = []
            for _ in 0..<(1 + next(10)) {
                let descriptor = try FilterRegistry.builtIn.descriptor(named: names[next(names.count)])
                var filter = Filter(descriptor: descriptor)
                try filter.setValue(.image(image), forKey: "inputImage")
                for input in descriptor.inputs where input.type.isNumericInput {
                    guard let r = input.sliderRange else { continue }
                    // The middle half of each slider: the settings a user reaches for, stacked up to ten deep.
                    let t = 0.25 + Double(next(500)) / 1000
                    try filter.setValue(.number(r.lowerBound + t * (r.upperBound - r.lowerBound)), forKey: input.key)
                }
                image = try filter.outputImage()
                chain.append(descriptor.name)
            }
            let (plan, _) = try Context(renderer: Renderers.cpu, options: cubes).planAndRenderer(image)
            if !plan.lookupNodes.isEmpty { bakedChains += 1 }
            try assertAgreement(image, gles: gles, "\(chain.joined(separator: "→")) on \(format)")
        }
        // Some stacks are too steep to tabulate within tolerance and stay exact; most bake.
        #expect(bakedChains >= 4)
    }

    @Test func planDumpNamesTheBakedKernels() throws {
        let image = try Image(frame: Frame(buffer: Self.frame(.nv12), colorimetry: .default))
            .applyingFilter(.sepiaTone(intensity: 0.5)).applyingFilter(.exposureAdjust(ev: 0.3))
        let (plan, renderer) = try Context(renderer: Renderers.cpu, options: cubes).planAndRenderer(image)
        let dump = PlanPrinter.plan(plan, renderer: renderer.name)
        #expect(dump.contains("cube"), "\(dump)")
        #expect(dump.contains("srgb_to_linear→"), "\(dump)")
        #expect(dump.contains("→linear_to_srgb]"), "\(dump)")
        let cube = try #require(plan.lookupNodes.first?.cube)
        #expect(ColorCubeBaker.sizes.contains(cube.size))
        // With cubes off the same recipe keeps its kernels.
        let (exactPlan, _) = try Context(renderer: Renderers.cpu, options: exact).planAndRenderer(image)
        #expect(exactPlan.lookupNodes.isEmpty)
    }

    @Test func gLESRunsABakedPlanFromItsAtlasAndARefusingRendererGetsAPlanError() throws {
        let gles = try Renderers.glesRenderer()
        let image = try Image(frame: Frame(buffer: Self.frame(.nv12), colorimetry: .default)).applyingFilter(
            .sepiaTone(intensity: 1))
        let (plan, _) = try Context(renderer: Renderers.cpu, options: cubes).planAndRenderer(image)
        let label = try #require(plan.lookupNodes.first?.label)
        // The same baked plan on both renderers: GLES reads the cube from a texture atlas.
        let d = maxDifference(try gles.execute(plan), try Renderers.cpu.execute(plan))
        #expect(d.value <= 2, "baked plan on GLES vs CPU: \(d)")
        var refusing = gles.planRequirements
        refusing.executesColorCubes = false
        do {
            _ = try plan.validate(refusing)
            Issue.record("expected an error")
        } catch {
            #expect(error as? PlanError == PlanError.colorCubeUnsupported(pass: 0, label: label))
        }
        // Through a context GLES bakes only on a software rasteriser (llvmpipe here), where the cube measured
        // faster than the kernels; on a GPU it keeps the kernels.
        let (glesPlan, _) = try Context(renderer: gles, options: cubes).planAndRenderer(image)
        #expect(glesPlan.lookupNodes.isEmpty == !gles.info.isSoftwareRasterizer)
        #expect(gles.prefersColorCubes == gles.info.isSoftwareRasterizer)
    }

    @Test func aKernelInterpolationCannotFollowKeepsTheExactPath() throws {
        // A hard threshold: no cube size gets within tolerance of a step, so the compiler must not bake it.
        let threshold = Kernel(
            color: "testThreshold", parameters: [],
            glsl: """
                vec4 testThreshold(vec4 s0) { return vec4(step(0.2, s0.rgb), 1.0) * s0.a; }
                """,
            cpu: { px, _, _, _ in
                for i in px.indices {
                    let c = px[i]
                    px[i] = SIMD4(c.x >= 0.2 ? 1 : 0, c.y >= 0.2 ? 1 : 0, c.z >= 0.2 ? 1 : 0, 1) * c.w
                }
            })
        let source = Image(frame: Frame(buffer: Self.frame(.nv12), colorimetry: .default))
        let image = try Image.apply(
            threshold, inputs: [try source.applyingFilter(.exposureAdjust(ev: 0.5))], arguments: [],
            extent: source.extent)
        let (plan, _) = try Context(renderer: Renderers.cpu, options: cubes).planAndRenderer(image)
        // The run cannot be baked whole, and its lower part alone is not baked either (the threshold would
        // turn the cube's small error into flipped pixels), so the render is the exact one.
        #expect(plan.lookupNodes.isEmpty, "\(PlanPrinter.plan(plan, renderer: "cpu"))")
        let d = maxDifference(
            try Renderers.render(image, on: Renderers.cpu, options: cubes),
            try Renderers.render(image, on: Renderers.cpu, options: exact))
        #expect(d.value == 0)
    }

    @Test func bakedCubesAreCachedByKernelsAndArguments() throws {
        let run = [ColorCubeBaker.Step(BuiltInKernels.srgbToLinear), ColorCubeBaker.Step(BuiltInKernels.linearToSRGB)]
        let a = try #require(ColorCubeBaker.cube(for: run, colorManagement: true))
        let b = try #require(ColorCubeBaker.cube(for: run, colorManagement: true))
        #expect(a.entries == b.entries)
        // The round trip is the identity: every grid point maps to itself.
        for (i, p) in ColorCube.gridColors(size: a.size).enumerated() {
            #expect(abs(a.entries[i].x - p.x) <= 1e-4)
            #expect(abs(a.entries[i].z - p.z) <= 1e-4)
        }
        #expect(ColorCubeBaker.error(of: a, for: run, colorManagement: true) <= ColorCubeBaker.tolerance)
    }

    /// The check's error at cell centres (read as the mean of each cell's diagonal corners) is the same as
    /// sampling the cube there: a brute-force scan with `ColorCube.sample` never finds a larger error.
    @Test func theBakeCheckSeesEveryCellCentre() throws {
        let run = [
            ColorCubeBaker.Step(BuiltInKernels.srgbToLinear),
            ColorCubeBaker.Step(BuiltInFilters.vibranceKernel, KernelArguments([.float(0.8)])),
            ColorCubeBaker.Step(BuiltInKernels.linearToSRGB)
        ]
        let cube = ColorCube(
            size: 9, entries: try #require(ColorCubeBaker.evaluate(run, ColorCube.gridColors(size: 9))))
        let reported = ColorCubeBaker.error(of: cube, for: run, colorManagement: true)
        let cells = 8
        var centres: [SIMD4<Float>] = []
        for b in 0..<cells {
            for g in 0..<cells {
                for r in 0..<cells {
                    centres.append(SIMD4((Float(r) + 0.5) / 8, (Float(g) + 0.5) / 8, (Float(b) + 0.5) / 8, 1))
                }
            }
        }
        let exact = try #require(ColorCubeBaker.evaluate(run, centres))
        var worst: Float = 0
        for (p, e) in zip(centres, exact) {
            // The check compares what the output shows: channels clamped to 0…1.
            let d =
                cube.sample(SIMD3(p.x, p.y, p.z)).clamped(lowerBound: .zero, upperBound: .one)
                - e.clamped(lowerBound: .zero, upperBound: .one)
            worst = max(worst, abs(d.x), abs(d.y), abs(d.z))
        }
        #expect(worst > (0.5 / 255), "a 9³ cube of vibrance should be visibly off somewhere")
        #expect((reported + 1e-6) >= worst)
    }

    /// A failed bake is remembered for its kernels and arguments: a nearby value of the same kernels counts
    /// as failed (the compiler then tries a shorter run first), a distant one does not.
    @Test func aFailedBakeIsRememberedForNearbyArgumentsOnly() {
        let threshold = Kernel(
            color: "testNearbyThreshold", parameters: [.init("edge", "float")],
            glsl: """
                vec4 testNearbyThreshold(vec4 s0, float edge) { return vec4(step(edge, s0.rgb), 1.0) * s0.a; }
                """,
            cpu: { px, _, _, args in
                let edge = args.float(0)
                for i in px.indices {
                    let c = px[i]
                    px[i] = SIMD4(c.x >= edge ? 1 : 0, c.y >= edge ? 1 : 0, c.z >= edge ? 1 : 0, 1) * c.w
                }
            })
        func run(_ edge: Float) -> [ColorCubeBaker.Step] {
            [
                ColorCubeBaker.Step(threshold, KernelArguments([.float(edge)])),
                ColorCubeBaker.Step(BuiltInKernels.linearToSRGB)
            ]
        }
        #expect(!ColorCubeBaker.nearbyBakeFailed(for: run(0.3), colorManagement: true))
        #expect(ColorCubeBaker.cube(for: run(0.3), colorManagement: true) == nil)
        #expect(ColorCubeBaker.nearbyBakeFailed(for: run(0.31), colorManagement: true))
        #expect(!ColorCubeBaker.nearbyBakeFailed(for: run(0.6), colorManagement: true))
        #expect(!ColorCubeBaker.nearbyBakeFailed(for: run(0.31), colorManagement: false))
    }

    /// A run that cannot be baked whole with its output encode (a steep curve near black) is baked without
    /// it; at the next slider value the shorter run is tried first, and the plan is the same shape.
    @Test func aRunThatFailedWholeTriesTheShorterRunFirstAtTheNextValue() throws {
        let source = Image(frame: Frame(buffer: Self.frame(.nv12), colorimetry: .default))
        func plan(_ amount: Double) throws -> RenderPlan {
            let image = try source.applyingFilter(.colorInvert()).applyingFilter(.exposureAdjust(ev: amount))
            return try Context(renderer: Renderers.cpu, options: cubes).planAndRenderer(image).0
        }
        let first = try plan(1.5), second = try plan(1.5001)
        let firstDump = PlanPrinter.plan(first, renderer: "cpu"), secondDump = PlanPrinter.plan(second, renderer: "cpu")
        #expect(first.lookupNodes.count == 1, "\(firstDump)")
        #expect(!(try #require(first.lookupNodes.first?.label).contains("linear_to_srgb")), "\(firstDump)")
        #expect(
            firstDump.replacingOccurrences(of: "1.5001", with: "1.5")
                == secondDump.replacingOccurrences(of: "1.5001", with: "1.5"))
        // Either way the render stays within the renderers' agreement of the exact kernels.
        let image = try source.applyingFilter(.colorInvert()).applyingFilter(.exposureAdjust(ev: 1.5001))
        let d = maxDifference(
            try Renderers.render(image, on: Renderers.cpu, options: cubes),
            try Renderers.render(image, on: Renderers.cpu, options: exact))
        #expect(d.value <= 2, "\(d)")
    }

    @Test func tetrahedralInterpolationIsExactForAffineFunctions() {
        let cube = ColorCube(size: 5) { c in SIMD4(0.2 * c.x + 0.5 * c.y - 0.1 * c.z + 0.1, c.z, 1 - c.x, 1) }
        for p in [SIMD3<Float>(0.13, 0.77, 0.5), SIMD3(1, 1, 1), SIMD3(0, 0.999, 0.31), SIMD3(0.6, 0.6, 0.6)] {
            let s = cube.sample(p)
            #expect(abs(s.x - (0.2 * p.x + 0.5 * p.y - 0.1 * p.z + 0.1)) <= 1e-5)
            #expect(abs(s.y - p.z) <= 1e-5)
            #expect(abs(s.z - (1 - p.x)) <= 1e-5)
        }
    }

    /// The direct row decoder (NV12, NV21, I420 straight to bytes) against the formula: bilinear chroma at
    /// 4:2:0 centre siting, `Colorimetry.rgbFromYCbCr`, clamp, round.
    @Test func directYCbCrDecodeMatchesTheFormula() throws {
        for (format, colorimetry) in [
            (PixelFormat.nv12, Colorimetry(matrix: .bt709, range: .video)), (.nv21, .default),
            (.i420, Colorimetry(matrix: .bt2020, range: .full)),
            (.yuyv, Colorimetry(matrix: .bt601, range: .full)), (.yuyv, Colorimetry(matrix: .bt709, range: .video))
        ] {
            let buffer = Self.frame(format, width: 38, height: 22)
            for output in [PixelFormat.rgba8, .bgra8] {
                var options = cubes
                options.outputFormat = output
                let rendered = try Renderers.render(
                    Image(frame: Frame(buffer: buffer, colorimetry: colorimetry)), on: Renderers.cpu, options: options)
                var worst = 0
                for row in 0..<buffer.height {
                    for x in 0..<buffer.width {
                        let e = Self.expectedRGB(buffer, colorimetry, x: x, row: row)
                        // rgba(x:row:) reads BGRA buffers back in R, G, B, A order.
                        let got = rendered.rgba(x: x, row: row)
                        let stored = rendered.planes[0].bytes[row * rendered.planes[0].bytesPerRow + x * 4]
                        #expect(stored == (output == .bgra8 ? got[2] : got[0]))
                        #expect(got[3] == 255)
                        for c in 0..<3 { worst = max(worst, abs(Int(got[c]) - e[c])) }
                    }
                }
                #expect(worst <= 1, "\(format) \(colorimetry) → \(output)")
            }
        }
    }

    /// A sub-rectangle starting at an odd column takes the general path; it must match the direct one.
    @Test func cameraFramesTakeTheDirectPath() throws {
        for format in [PixelFormat.nv12, .nv21, .i420, .yuyv] {
            let frame = Image(frame: Frame(buffer: Self.frame(format), colorimetry: .default))
            for image in [
                frame, try frame.applyingFilter(.sepiaTone(intensity: 0.5)).applyingFilter(.vibrance(amount: 0.3))
            ] {
                let (plan, _) = try Context(renderer: Renderers.cpu, options: cubes).planAndRenderer(image)
                #expect(CPURenderer.rendersDirectly(plan), "\("\(format): \(PlanPrinter.plan(plan, renderer: "cpu"))")")
            }
        }
    }

    @Test func directDecodeAgreesWithTheSpanInterpreter() throws {
        let image = try Image(frame: Frame(buffer: Self.frame(.nv12), colorimetry: .default)).applyingFilter(
            .hueAdjust(angle: 1))
        let whole = try Renderers.render(image, on: Renderers.cpu, options: cubes)
        let part = try Renderers.render(
            image, on: Renderers.cpu, options: cubes, rect: Rect(x: 3, y: 5, width: 40, height: 30))
        var worst = 0
        for row in 0..<30 {
            for x in 0..<40 {
                let a = part.rgba(x: x, row: row), b = whole.rgba(x: x + 3, row: row + (48 - 35))
                for c in 0..<4 { worst = max(worst, abs(Int(a[c]) - Int(b[c]))) }
            }
        }
        #expect(worst <= 1)
    }

    // MARK: - Helpers

    private func maxDifference1(_ a: SIMD4<UInt8>, _ b: SIMD4<UInt8>) -> Int {
        (0..<4).map { abs(Int(a[$0]) - Int(b[$0])) }.max() ?? 0
    }

    /// The CPU's direct rows (fixed-point chroma, float matrix, staged cube lookup, sRGB byte table) against
    /// the span interpreter running the exact kernels, for every 4:2:0 layout, both byte orders and a
    /// sub-rectangle that starts mid-row: the chain `iris bench` times.
    @Test func directRowsWithTheByteEncodeAgreeWithTheExactKernels() throws {
        for format in [PixelFormat.nv12, .nv21, .i420, .yuyv] {
            for output in [PixelFormat.rgba8, .bgra8] {
                for rect in [nil, Rect(x: 6, y: 3, width: 40, height: 30)] as [Rect?] {
                    let source = Image(
                        frame: Frame(
                            buffer: Self.frame(format, width: 66, height: 40),
                            colorimetry: Colorimetry(matrix: .bt709, range: .video)))
                    let image = try source.applyingFilter(.sepiaTone(intensity: 0.5)).applyingFilter(
                        .hueAdjust(angle: 0.4)
                    )
                    .applyingFilter(.colorControls(saturation: 1.2, brightness: 0.02, contrast: 1.1))
                    .applyingFilter(.exposureAdjust(ev: 0.3)).applyingFilter(.vibrance(amount: 0.4))
                    var baked = cubes, exactKernels = exact
                    baked.outputFormat = output
                    exactKernels.outputFormat = output
                    let (plan, _) = try Context(renderer: Renderers.cpu, options: baked).planAndRenderer(
                        image, rect: rect)
                    #expect(!plan.lookupNodes.isEmpty, "\(format) → \(output): not baked")
                    #expect(CPURenderer.rendersDirectly(plan), "\(format) → \(output): not the direct rows")
                    let fast = try Renderers.render(image, on: Renderers.cpu, options: baked, rect: rect)
                    let reference = try Renderers.render(image, on: Renderers.cpu, options: exactKernels, rect: rect)
                    let d = maxDifference(fast, reference)
                    #expect(d.value <= 2, "\("\(format) → \(output) \(rect.map { "\($0)" } ?? "whole"): \(d)")")
                }
            }
        }
    }

    /// A kernel that reads coordinates after the baked chain (a vignette) runs on the direct rows for the whole
    /// frame (`PositionedKernelDirectPathTests`); a rectangle starting at an odd column keeps the span
    /// interpreter, where `DecodedSpanNode` decodes and looks up the frame's rows. Both agree with the exact kernels.
    @Test func decodedSpansUnderAVignetteAgreeWithTheExactKernels() throws {
        for format in [PixelFormat.nv12, .i420] {
            for rect in [nil, Rect(x: 5, y: 2, width: 41, height: 31)] as [Rect?] {
                let source = Image(
                    frame: Frame(
                        buffer: Self.frame(format, width: 66, height: 40),
                        colorimetry: Colorimetry(matrix: .bt601, range: .video)))
                let image = try source.applyingFilter(.sepiaTone(intensity: 0.5)).applyingFilter(
                    .exposureAdjust(ev: 0.3)
                )
                .applyingFilter(.vignette(intensity: 0.6, radius: 1.2))
                let (plan, _) = try Context(renderer: Renderers.cpu, options: cubes).planAndRenderer(image, rect: rect)
                #expect(!plan.lookupNodes.isEmpty, "\(format): not baked")
                #expect(
                    CPURenderer.rendersDirectly(plan) == (rect == nil),
                    "\(format): direct rows for the whole frame only")
                let d = maxDifference(
                    try Renderers.render(image, on: Renderers.cpu, options: cubes, rect: rect),
                    try Renderers.render(image, on: Renderers.cpu, options: exact, rect: rect))
                #expect(d.value <= 2, "\("\(format) \(rect.map { "\($0)" } ?? "whole"): \(d)")")
                // Decode only (no cube), in both byte orders: the CPU's direct rows against GLES.
                for output in [PixelFormat.rgba8, .bgra8] {
                    var options = exact
                    options.outputFormat = output
                    let decoded = try Renderers.render(source, on: Renderers.cpu, options: options, rect: rect)
                    let gles = try Renderers.render(
                        source, on: try Renderers.glesRenderer(), options: options, rect: rect)
                    #expect(maxDifference(decoded, gles).value <= 2, "\(format) → \(output) decode vs GLES")
                }
            }
        }
    }

    private func assertAgreement(
        _ image: Image, gles: any Renderer, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let baked = try Renderers.render(image, on: Renderers.cpu, options: cubes)
        let exactCPU = try Renderers.render(image, on: Renderers.cpu, options: exact)
        let exactGLES = try Renderers.render(image, on: gles, options: exact)
        let d1 = maxDifference(baked, exactCPU)
        #expect(d1.value <= 2, "\(what): baked vs exact CPU differ by \(d1.value) at x \(d1.x) row \(d1.row)")
        // The two exact renderers decode chroma with different filtering (GL's 8-bit texture weights), and a
        // 1/255 difference there grows wherever a chain is steep (an invert near white is near black after
        // it, where the sRGB encode has slope 12.92). So the baked result must be no further from GLES than
        // the exact CPU result is, pixel by pixel, plus 2.
        var worst = (excess: 0, x: 0, row: 0)
        for row in 0..<baked.height {
            for x in 0..<baked.width {
                let b = baked.rgba(x: x, row: row), e = exactCPU.rgba(x: x, row: row),
                    g = exactGLES.rgba(x: x, row: row)
                for c in 0..<4 {
                    let excess = abs(Int(b[c]) - Int(g[c])) - abs(Int(e[c]) - Int(g[c]))
                    if excess > worst.excess { worst = (excess, x, row) }
                }
            }
        }
        #expect(
            worst.excess <= 2,
            "\(what): baked is \(worst.excess) further from GLES than exact CPU at x \(worst.x) row \(worst.row)")
    }

    /// The filter at its defaults or at 70 % of each slider, or nil when it needs more than one image.
    static func applying(_ descriptor: FilterDescriptor, to source: Image, varied: Bool) throws -> Image? {
        var filter = Filter(descriptor: descriptor)
        for input in descriptor.inputs {
            if input.key == "inputImage" {
                try filter.setValue(.image(source), forKey: "inputImage")
                continue
            }
            if input.type == .image { return nil }
            if varied, input.type.isNumericInput, let r = input.sliderRange {
                var v = r.lowerBound + 0.7 * (r.upperBound - r.lowerBound)
                if input.type == .integer { v = v.rounded() }
                if input.key == "inputRadius" { v = min(v, 4) }
                try filter.setValue(.number(v), forKey: input.key)
            }
        }
        guard descriptor.inputs.contains(where: { $0.key == "inputImage" }) else { return nil }
        let output = try filter.outputImage()
        return output.extent.isInfinite ? output.cropped(to: source.extent) : output
    }

    static func expectedRGB(_ b: PixelBuffer, _ colorimetry: Colorimetry, x: Int, row: Int) -> [Int] {
        let w = b.width / 2, h = b.height / 2
        func chroma(_ plane: Int, _ channel: Int, _ channels: Int) -> Double {
            // Pixel centre (x + ½, row + ½) from the top reads chroma position ((x + ½)/2 − ½, (row + ½)/2 − ½).
            let sx = (Double(x) + 0.5) / 2 - 0.5, sy = (Double(row) + 0.5) / 2 - 0.5
            let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
            let fx = sx - Double(x0), fy = sy - Double(y0)
            func at(_ cx: Int, _ cy: Int) -> Double {
                let px = min(max(cx, 0), w - 1), py = min(max(cy, 0), h - 1)
                return Double(b.planes[plane].bytes[py * b.planes[plane].bytesPerRow + px * channels + channel])
            }
            let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx,
                bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
            return top * (1 - fy) + bottom * fy
        }
        func fourTwoZeroChroma() -> (Double, Double) {
            switch b.format {
            case .nv12: (chroma(1, 0, 2), chroma(1, 1, 2))
            case .nv21: (chroma(1, 1, 2), chroma(1, 0, 2))
            default: (chroma(1, 0, 1), chroma(2, 0, 1))
            }
        }
        let (cb, cr): (Double, Double)
        let y: Double
        if b.format == .yuyv {
            // Y0 Cb Y1 Cr per pixel pair; both pixels take the pair's chroma.
            let pair = row * b.planes[0].bytesPerRow + (x / 2) * 4
            y = Double(b.planes[0].bytes[pair + (x % 2) * 2])
            (cb, cr) = (Double(b.planes[0].bytes[pair + 1]), Double(b.planes[0].bytes[pair + 3]))
        } else {
            y = Double(b.planes[0].bytes[row * b.planes[0].bytesPerRow + x])
            (cb, cr) = fourTwoZeroChroma()
        }
        let (m, off) = colorimetry.rgbFromYCbCr
        let v = [y / 255, cb / 255, cr / 255]
        return (0..<3).map { r in
            let value =
                Double(m[r * 3]) * v[0] + Double(m[r * 3 + 1]) * v[1] + Double(m[r * 3 + 2]) * v[2] + Double(off[r])
            return Int((min(max(value, 0), 1) * 255 + 0.5).rounded(.down))
        }
    }
}
