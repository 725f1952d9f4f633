import XCTest
@testable import IrisCore

final class CompilerFusionTests: XCTestCase {
    let frame = Image(buffer: TestImages.nv12(width: 64, height: 32))

    func fiveColorFilters(_ image: Image) throws -> Image {
        try image
            .applyingFilter("CISepiaTone", parameters: ["inputIntensity": .number(0.8)])
            .applyingFilter("CIHueAdjust", parameters: ["inputAngle": .number(0.5)])
            .applyingFilter("CIColorControls", parameters: ["inputSaturation": .number(1.2)])
            .applyingFilter("CIExposureAdjust", parameters: ["inputEV": .number(0.5)])
            .applyingFilter("CIGammaAdjust", parameters: ["inputPower": .number(1.2)])
    }

    func testFiveColorFiltersOnNV12CompileToOnePass() throws {
        let plan = try Compiler().plan(try fiveColorFilters(frame))
        XCTAssertEqual(plan.passes.count, 1, PlanPrinter.plan(plan, renderer: "test"))
        // The Y'CbCr decode is fused into that same pass.
        XCTAssertTrue(plan.kernelNames(inPass: 0).contains(BuiltInKernels.ycbcrBiplanar.name))
        XCTAssertEqual(plan.leaves.count, 2)
    }

    func testUnfusedPlanHasOnePassPerKernel() throws {
        let plan = try Compiler(options: .init(fusion: false)).plan(try fiveColorFilters(frame))
        XCTAssertEqual(plan.passes.count, plan.kernelNodes.count)
        XCTAssertGreaterThanOrEqual(plan.passes.count, 8)
    }

    func testSepiaHueAndSaturationFoldIntoOneMatrix() throws {
        let image =
            try frame
            .applyingFilter("CISepiaTone")
            .applyingFilter("CIHueAdjust", parameters: ["inputAngle": .number(1)])
            .applyingFilter("CIColorControls", parameters: ["inputSaturation": .number(0.5)])
        let plan = try Compiler().plan(image)
        let matrices = plan.kernelNodes.filter { $0.kernel.name == BuiltInKernels.colorMatrix.name }
        XCTAssertEqual(matrices.count, 1)
        XCTAssertEqual(matrices.first?.label, "CISepiaTone+CIHueAdjust+CIColorControls")
        // Unfused keeps three.
        let unfused = try Compiler(options: .init(fusion: false)).plan(image)
        XCTAssertEqual(unfused.kernelNodes.filter { $0.kernel.name == BuiltInKernels.colorMatrix.name }.count, 3)
    }

    func testFoldedMatrixEqualsTheProductOfTheFilters() throws {
        let a = ColorMatrix(
            rows: [[0.5, 0.1, 0, 0], [0, 1, 0.2, 0], [0.3, 0, 1, 0], [0, 0, 0, 1]], bias: SIMD4(0.1, 0, 0, 0))
        let b = ColorMatrix(
            rows: [[1, 0, 0, 0], [0.2, 0.8, 0, 0], [0, 0, 2, 0], [0, 0, 0, 1]], bias: SIMD4(0, 0.05, 0, 0))
        let c = SIMD4<Double>(0.2, 0.4, 0.6, 1)
        let folded = a.followed(by: b).apply(c), stepwise = b.apply(a.apply(c))
        for i in 0..<4 { XCTAssertEqual(folded[i], stepwise[i], accuracy: 1e-12) }
    }

    func testBlurSplitsTheChainWhereItMust() throws {
        let image =
            try frame
            .applyingFilter("CISepiaTone")
            .applyingFilter("CIGaussianBlur", parameters: ["inputRadius": .number(2)])
            .applyingFilter("CIColorInvert")
            .cropped(to: frame.extent)
        let plan = try Compiler().plan(image)
        // The colour chain before the blur is stored once; the blur's passes read it; the colour filter
        // after the blur fuses into the blur's last pass.
        let first = plan.kernelNames(inPass: 0)
        XCTAssertTrue(first.contains(BuiltInKernels.colorMatrix.name), first.description)
        XCTAssertTrue(first.contains(BuiltInKernels.ycbcrBiplanar.name))
        XCTAssertFalse(plan.kernelNames(inPass: 0).contains { $0.lowercased().contains("blur") })
        let last = plan.kernelNames(inPass: plan.passes.count - 1)
        XCTAssertTrue(last.contains { $0.lowercased().contains("blur") }, last.description)
        XCTAssertTrue(last.contains(BuiltInKernels.colorMatrix.name), "the invert fuses after the blur")
        XCTAssertLessThanOrEqual(plan.passes.count, 3)
        XCTAssertGreaterThanOrEqual(plan.passes.count, 2)
    }

    /// CILineOverlay's kernel reads its input at full precision: a short colour chain over the frame is
    /// recomputed inside its pass; a general kernel without the trait (CIEdges) gets a stored input; a chain
    /// longer than the limit is stored even for CILineOverlay.
    func testFullPrecisionKernelsRecomputeShortColourChains() throws {
        let lines = try frame.applyingFilter("CISepiaTone").applyingFilter("CILineOverlay")
        let fused = try Compiler().plan(lines)
        XCTAssertEqual(fused.passes.count, 1, PlanPrinter.plan(fused, renderer: "test"))
        XCTAssertTrue(fused.kernelNames(inPass: 0).contains(BuiltInKernels.ycbcrBiplanar.name))
        let edges = try Compiler().plan(try frame.applyingFilter("CISepiaTone").applyingFilter("CIEdges"))
        XCTAssertEqual(edges.passes.count, 2, PlanPrinter.plan(edges, renderer: "test"))
        var long = frame
        for k in 0..<6 {
            long = try long.applyingFilter(
                "CIGammaAdjust", parameters: ["inputPower": .number(1 + 0.1 * Double(k + 1))]
            )
            .applyingFilter("CIColorPosterize")
        }
        let stored = try Compiler().plan(try long.applyingFilter("CILineOverlay"))
        XCTAssertEqual(stored.passes.count, 2, PlanPrinter.plan(stored, renderer: "test"))
    }

    func testAffinesFold() throws {
        let image = frame.transformed(by: AffineTransform(translationX: 3, y: 1))
            .transformed(by: AffineTransform(scaleX: 2, y: 2))
            .transformed(by: AffineTransform(rotationAngle: 0.3))
        let plan = try Compiler().plan(image)
        // The chroma upsampling affine on leaf 1 and the folded user affine on the whole decode.
        let affines = plan.kernelNodes.filter { $0.kernel.name == BuiltInKernels.affine.name }
        XCTAssertEqual(affines.count, 2, PlanPrinter.plan(plan, renderer: "test"))
    }

    func testUnchangedSourceSkipsTheWorkingSpaceRoundTrip() throws {
        let plan = try Compiler().plan(frame)
        let names = plan.kernelNodes.map(\.kernel.name)
        XCTAssertFalse(names.contains(BuiltInKernels.srgbToLinear.name))
        XCTAssertFalse(names.contains(BuiltInKernels.linearToSRGB.name))
        let filtered = try Compiler().plan(try frame.applyingFilter("CIColorInvert"))
        XCTAssertTrue(filtered.kernelNodes.map(\.kernel.name).contains(BuiltInKernels.linearToSRGB.name))
    }

    func testColorManagementOffUsesOnlyPremultiply() throws {
        let plan = try Compiler(options: .init(colorManagement: false)).plan(try frame.applyingFilter("CIColorInvert"))
        let names = plan.kernelNodes.map(\.kernel.name)
        XCTAssertTrue(names.contains(BuiltInKernels.premultiply.name))
        XCTAssertFalse(names.contains(BuiltInKernels.srgbToLinear.name))
    }

    func testBGRAOutputEndsInASwizzle() throws {
        let plan = try Compiler(options: .init(outputFormat: .bgra8)).plan(frame)
        XCTAssertEqual(plan.kernelNodes.last?.kernel.name, BuiltInKernels.swizzleBGRA.name)
        XCTAssertEqual(plan.outputFormat, .bgra8)
    }

    func testPrintedPlanNamesTheFusedProgram() throws {
        let plan = try Compiler().plan(try frame.applyingFilter("CISepiaTone").applyingFilter("CIColorInvert"))
        let text = PlanPrinter.plan(plan, renderer: "test")
        XCTAssertTrue(
            text.contains(
                "program linear_to_srgb(CISepiaTone+CIColorInvert(srgb_to_linear(nv12 bt601-video(leaf0, affine(leaf1)))))"
            ), text)
        XCTAssertTrue(PlanPrinter.recipe(frame).contains("nv12 plane 0 [0 0 64 32]"))
    }
}
