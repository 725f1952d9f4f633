import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

/// Any chain of colour-kind filters from the library fuses into one pass, whichever it picks.
@Suite(.serialized) struct CompilerLibraryFusionTests {
    /// Single-image filters whose recipe (at 70 % of their sliders) is made of colour kernels only.
    private func colorKindFilters() -> [FilterDescriptor] {
        FilterRegistry.builtIn.all.filter { d in
            d.inputs.filter { $0.type == .image }.map(\.key) == ["inputImage"] && !d.readsNeighbourhood
                && d.kernelKinds == ["color"]
        }.sorted { $0.name < $1.name }
    }

    private func varied(_ d: FilterDescriptor, on image: Image) throws -> Image {
        var filter = Filter(descriptor: d)
        try filter.setValue(.image(image), forKey: "inputImage")
        for input in d.inputs where input.type.isNumeric && input.type != .boolean {
            guard let r = input.sliderRange, r.lowerBound.isFinite, r.upperBound.isFinite else { continue }
            var v = r.lowerBound + 0.7 * (r.upperBound - r.lowerBound)
            if input.type == .integer { v = v.rounded() }
            try filter.setValue(.number(v), forKey: input.key)
        }
        return try filter.outputImage()
    }

    @Test func eightColorFiltersPickedFromTheRegistryCompileToOnePass() throws {
        let candidates = colorKindFilters()
        #expect(candidates.count >= 20, "\(candidates.map(\.name).joined(separator: ", "))")
        let frame = Image(buffer: TestImages.nv12(width: 64, height: 32))
        var generator = SystemRandomNumberGenerator()
        // Several random picks, and one walk through the whole list eight at a time, so every filter is in a chain.
        var chains: [[FilterDescriptor]] = (0..<6).map { _ in
            (0..<8).map { _ in candidates.randomElement(using: &generator)! }
        }
        chains += stride(from: 0, to: candidates.count, by: 8).map {
            Array(candidates[$0..<min($0 + 8, candidates.count)])
        }
        for chain in chains {
            var image = frame
            for d in chain { image = try varied(d, on: image) }
            let plan = try Compiler().plan(image)
            #expect(plan.passes.count == 1, "\("\(chain.map(\.name)): \(PlanPrinter.plan(plan, renderer: "test"))")")
        }
    }
}
