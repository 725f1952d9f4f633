extension BuiltInFilters {
    /// Distortions (CICategoryDistortionEffect), tiles (CICategoryTileEffect) and transitions (CICategoryTransition). One file per filter beside this one.
    static let distortionFilters: [FilterDescriptor] = []
}
