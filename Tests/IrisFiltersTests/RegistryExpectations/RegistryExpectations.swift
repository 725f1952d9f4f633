@testable import IrisCore
@testable import IrisFilters

/// What Core Image documents for each built-in filter, written out by hand (not read from the descriptors)
/// so a descriptor that drifts from Core Image's names, keys, types or defaults fails a test. One file per
/// filter list, so that lists grow independently.
enum RegistryExpectations {
    struct Group {
        /// The descriptors the group covers.
        let list: [FilterDescriptor]
        /// The category every filter of the group carries.
        let category: String
        /// name → [(key, type, default text)] for the inputs other than inputImage.
        let inputs: [String: [(String, FilterInputType, String?)]]
    }

    static let groups: [Group] = [
        colorAdjustment, colorEffect, colorCube, compositeOperation, generator, codeGenerator,
        blur, sharpen, stylize, stylizeGroupColorEffect, halftone, geometryAdjustment, distortion, tileEffect,
        transition,
        reduction
    ]

    static var all: [String: [(String, FilterInputType, String?)]] {
        groups.reduce(into: [:]) { result, group in result.merge(group.inputs) { a, _ in a } }
    }
}
