import IrisCore

extension BuiltInFilters {
    /// Geometry (CICategoryGeometryAdjustment). One file per filter beside this one.
    static let geometryAdjustmentFilters: [FilterDescriptor] = [
        affineTransform, crop, straightenFilter, lanczosScaleTransform, perspectiveTransform,
        perspectiveTransformWithExtent, perspectiveCorrection
    ]
}
