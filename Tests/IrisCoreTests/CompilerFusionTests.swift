import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

@Suite(.serialized) struct CompilerFusionTests {
    let frame = Image(buffer: TestImages.nv12(width: 64, height: 32))

    func fiveColorFilters(_ image: Image) throws -> Image {
        try image
            .applyingFilter("CISepiaTone", parameters: ["inputIntensity": .number(0.8)])
            .applyingFilter("CIHueAdjust", parameters: ["inputAngle": .number(0.5)])
            .applyingFilter("CIColorControls", parameters: ["inputSaturation": .number(1.2)])
            .applyingFilter("CIExposureAdjust", parameters: ["inputEV": .number(0.5)])
            .applyingFilter("CIGammaAdjust", parameters: ["inputPower": .number(1.2)])
    }

    @Test func fiveColorFiltersOnNV12CompileToOnePass() throws {
        let plan = try Compiler().plan(try fiveColorFilters(frame))
        #expect(plan.passes.count == 1, "\(PlanPrinter.plan(plan, renderer: "test"))")
        // The Y'CbCr decode is fused into that same pass.
        #expect(plan.kernelNames(inPass: 0).contains(BuiltInKernels.ycbcrBiplanar.name))
        #expect(plan.leaves.count == 2)
    }

    @Test func unfusedPlanHasOnePassPerKernel() throws {
        let plan = try Compiler(options: .init(fusion: false)).plan(try fiveColorFilters(frame))
        #expect(plan.passes.count == plan.kernelNodes.count)
        #expect(plan.passes.count >= 8)
    }

    @Test func sepiaHueAndSaturationFoldIntoOneMatrix() throws {
        let image =
            try frame
            .applyingFilter("CISepiaTone")
            .applyingFilter("CIHueAdjust", parameters: ["inputAngle": .number(1)])
            .applyingFilter("CIColorControls", parameters: ["inputSaturation": .number(0.5)])
        let plan = try Compiler().plan(image)
        let matrices = plan.kernelNodes.filter { $0.kernel.name == BuiltInKernels.colorMatrix.name }
        #expect(matrices.count == 1)
        #expect(matrices.first?.label == "CISepiaTone+CIHueAdjust+CIColorControls")
        // Unfused keeps three.
        let unfused = try Compiler(options: .init(fusion: false)).plan(image)
        #expect((unfused.kernelNodes.filter { $0.kernel.name == BuiltInKernels.colorMatrix.name }.count) == 3)
    }

    @Test func foldedMatrixEqualsTheProductOfTheFilters() throws {
        let a = ColorMatrix(
            rows: [[0.5, 0.1, 0, 0], [0, 1, 0.2, 0], [0.3, 0, 1, 0], [0, 0, 0, 1]], bias: SIMD4(0.1, 0, 0, 0))
        let b = ColorMatrix(
            rows: [[1, 0, 0, 0], [0.2, 0.8, 0, 0], [0, 0, 2, 0], [0, 0, 0, 1]], bias: SIMD4(0, 0.05, 0, 0))
        let c = SIMD4<Double>(0.2, 0.4, 0.6, 1)
        let folded = a.followed(by: b).apply(c), stepwise = b.apply(a.apply(c))
        for i in 0..<4 { #expect(abs(folded[i] - stepwise[i]) <= 1e-12) }
    }

    @Test func blurSplitsTheChainWhereItMust() throws {
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
        #expect(first.contains(BuiltInKernels.colorMatrix.name), "\(first.description)")
        #expect(first.contains(BuiltInKernels.ycbcrBiplanar.name))
        #expect(!(plan.kernelNames(inPass: 0).contains { $0.lowercased().contains("blur") }))
        let last = plan.kernelNames(inPass: plan.passes.count - 1)
        #expect(last.contains { $0.lowercased().contains("blur") }, "\(last.description)")
        #expect(last.contains(BuiltInKernels.colorMatrix.name), "the invert fuses after the blur")
        #expect(plan.passes.count <= 3)
        #expect(plan.passes.count >= 2)
    }

    /// CILineOverlay's kernel reads its input at full precision: a short colour chain over the frame is
    /// recomputed inside its pass; a general kernel without the trait (CIEdges) gets a stored input; a chain
    /// longer than the limit is stored even for CILineOverlay.
    @Test func fullPrecisionKernelsRecomputeShortColourChains() throws {
        let lines = try frame.applyingFilter("CISepiaTone").applyingFilter("CILineOverlay")
        let fused = try Compiler().plan(lines)
        #expect(fused.passes.count == 1, "\(PlanPrinter.plan(fused, renderer: "test"))")
        #expect(fused.kernelNames(inPass: 0).contains(BuiltInKernels.ycbcrBiplanar.name))
        let edges = try Compiler().plan(try frame.applyingFilter("CISepiaTone").applyingFilter("CIEdges"))
        #expect(edges.passes.count == 2, "\(PlanPrinter.plan(edges, renderer: "test"))")
        var long = frame
        for k in 0..<6 {
            long = try long.applyingFilter(
                "CIGammaAdjust", parameters: ["inputPower": .number(1 + 0.1 * Double(k + 1))]
            )
            .applyingFilter("CIColorPosterize")
        }
        let stored = try Compiler().plan(try long.applyingFilter("CILineOverlay"))
        #expect(stored.passes.count == 2, "\(PlanPrinter.plan(stored, renderer: "test"))")
    }

    @Test func affinesFold() throws {
        let image = frame.transformed(by: AffineTransform(translationX: 3, y: 1))
            .transformed(by: AffineTransform(scaleX: 2, y: 2))
            .transformed(by: AffineTransform(rotationAngle: 0.3))
        let plan = try Compiler().plan(image)
        // The chroma upsampling affine on leaf 1 and the folded user affine on the whole decode.
        let affines = plan.kernelNodes.filter { $0.kernel.name == BuiltInKernels.affine.name }
        #expect(affines.count == 2, "\(PlanPrinter.plan(plan, renderer: "test"))")
    }

    @Test func unchangedSourceSkipsTheWorkingSpaceRoundTrip() throws {
        let plan = try Compiler().plan(frame)
        let names = plan.kernelNodes.map(\.kernel.name)
        #expect(!names.contains(BuiltInKernels.srgbToLinear.name))
        #expect(!names.contains(BuiltInKernels.linearToSRGB.name))
        let filtered = try Compiler().plan(try frame.applyingFilter("CIColorInvert"))
        #expect(filtered.kernelNodes.map(\.kernel.name).contains(BuiltInKernels.linearToSRGB.name))
    }

    @Test func colorManagementOffUsesOnlyPremultiply() throws {
        let plan = try Compiler(options: .init(colorManagement: false)).plan(try frame.applyingFilter("CIColorInvert"))
        let names = plan.kernelNodes.map(\.kernel.name)
        #expect(names.contains(BuiltInKernels.premultiply.name))
        #expect(!names.contains(BuiltInKernels.srgbToLinear.name))
    }

    @Test func bGRAOutputEndsInASwizzle() throws {
        let plan = try Compiler(options: .init(outputFormat: .bgra8)).plan(frame)
        #expect(plan.kernelNodes.last?.kernel.name == BuiltInKernels.swizzleBGRA.name)
        #expect(plan.outputFormat == .bgra8)
    }

    @Test func printedPlanNamesTheFusedProgram() throws {
        let plan = try Compiler().plan(try frame.applyingFilter("CISepiaTone").applyingFilter("CIColorInvert"))
        let text = PlanPrinter.plan(plan, renderer: "test")
        #expect(
            text.contains(
                "program linear_to_srgb(CISepiaTone+CIColorInvert(srgb_to_linear(nv12 bt601-video(leaf0, affine(leaf1)))))"
            ), "\(text)")
        #expect(PlanPrinter.recipe(frame).contains("nv12 plane 0 [0 0 64 32]"))
    }
}
