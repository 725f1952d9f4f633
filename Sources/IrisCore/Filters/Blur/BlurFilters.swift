extension BuiltInFilters {
    /// Blurs (CICategoryBlur). One file per filter beside this one.
    static let blurFilters: [FilterDescriptor] = [
        boxBlur, gaussianBlur,
    ]
}
