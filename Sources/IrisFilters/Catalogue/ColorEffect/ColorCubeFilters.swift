import IrisCore

extension BuiltInFilters {
    /// The colour-cube family (CIColorCube and its relatives, `.cube` files). One file per filter beside this one.
    static let colorCubeFilters: [FilterDescriptor] = [
        colorCube, colorCubeWithColorSpace, colorCubesMixedWithMask
    ]
}
