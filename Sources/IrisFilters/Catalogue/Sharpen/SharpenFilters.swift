import IrisCore

extension BuiltInFilters {
    /// Sharpening (CICategorySharpen). One file per filter beside this one.
    static let sharpenFilters: [FilterDescriptor] = [
        sharpenLuminance, unsharpMask
    ]
}
