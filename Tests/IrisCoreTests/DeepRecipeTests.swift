import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// Recipes thousands of filters deep compile without deep recursion, into passes of bounded size.
@Suite(.serialized) struct DeepRecipeTests {
    let picture = Image(buffer: PixelBuffer(width: 32, height: 24, format: .rgba8))

    private func gammaChain(_ count: Int, on image: Image) throws -> Image {
        var out = image
        for _ in 0..<count { out = try out.applyingFilter("CIGammaAdjust", parameters: ["inputPower": .number(1.001)]) }
        return out
    }

    private static func kernelCount(_ e: RenderPlan.Expression) -> Int {
        switch e {
        case .leaf, .intermediate, .constant: return 0
        case let .lookup(node): return 1 + kernelCount(node.input)
        case let .kernel(node): return 1 + node.inputs.map(kernelCount).reduce(0, +)
        }
    }

    @Test func aChainOfNineThousandFiltersCompilesIntoPassesOfBoundedSize() throws {
        let image = try gammaChain(9000, on: picture)
        let plan = try Compiler().plan(image)
        let sizes = plan.passes.map { Self.kernelCount($0.root) }
        #expect(sizes.reduce(0, +) == (9000 + 2), "every gamma, the decode to linear and the encode, once")
        #expect((sizes.max() ?? 0) <= CompilerOptions.defaultMaximumKernelsPerPass)
        #expect(
            plan.passes.count
                == ((9002 + CompilerOptions.defaultMaximumKernelsPerPass - 1)
                    / CompilerOptions.defaultMaximumKernelsPerPass))
    }

    @Test func theSplitFollowsTheOption() throws {
        let image = try gammaChain(30, on: picture)
        #expect((try Compiler().plan(image).passes.count) == 1, "a chain under the limit stays one pass")
        var options = CompilerOptions()
        options.maximumKernelsPerPass = 8
        let plan = try Compiler(options: options).plan(image)
        #expect((plan.passes.map { Self.kernelCount($0.root) }) == [8, 8, 8, 8])
    }

    @Test func aRecipeDeeperThanTheLimitIsRefusedByTheNextFilter() throws {
        let deep = try gammaChain(Image.maximumDepth - 2, on: picture)
        #expect(deep.depth == Image.maximumDepth)
        let deeper = try deep.applyingFilter("CIGammaAdjust")
        do {
            _ = try deeper.applyingFilter("CISepiaTone")
            Issue.record("expected an error")
        } catch {
            #expect(
                (error as? FilterError)
                    == .recipeTooDeep(
                        filter: "CISepiaTone", key: "inputImage", depth: Image.maximumDepth + 1,
                        limit: Image.maximumDepth))
        }
    }
}
