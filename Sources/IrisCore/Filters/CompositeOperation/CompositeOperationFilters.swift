extension BuiltInFilters {
    /// Blend modes and Porter-Duff compositing (CICategoryCompositeOperation). One file per filter beside this one.
    static let compositeOperationFilters: [FilterDescriptor] = [
        sourceOverCompositing,
    ]
}
