/// Geometry and compositing on recipes. Each returns a new image; nothing is rendered.
extension Image {
    /// Keeps the part inside `rect`. Core Image's `cropped(to:)`.
    public func cropped(to rect: Rect) -> Image {
        if rect.isInfinite { return self }
        let newExtent = extent.intersection(rect)
        if extent.isInfinite == false && rect.contains(extent) { return self }
        return Image.make(
            BuiltInKernels.crop, [self], KernelArguments([BuiltInKernels.rectArgument(rect)]),
            extent: newExtent, label: "crop")
    }

    /// Extends the edge pixels infinitely, so blurs and warps read no transparent black at the border.
    public func clampedToExtent() -> Image {
        if extent.isInfinite || extent.isEmpty { return self }
        return Image.make(
            BuiltInKernels.clampToRect, [self], KernelArguments([BuiltInKernels.rectArgument(extent.integral)]),
            extent: .infinite, label: "clamp")
    }

    /// Applies an affine transform (bilinear sampling). Consecutive transforms fold into one.
    public func transformed(by transform: AffineTransform) -> Image { transformed(by: transform, label: "affine") }

    /// `label` names the filter in plan dumps and in errors about the transform's size.
    package func transformed(by transform: AffineTransform, label: String) -> Image {
        if transform.isIdentity { return self }
        guard let inverse = transform.inverted else {
            return .empty
        }
        return Image.make(
            BuiltInKernels.affine, [self], BuiltInKernels.affineArguments(inverse: inverse),
            extent: transform.apply(extent), label: label, affine: transform)
    }

    /// Turns an image stored with an EXIF orientation upright.
    public func oriented(_ orientation: Orientation) -> Image {
        transformed(by: orientation.transform(for: extent))
    }

    /// This image over `background` (source-over, premultiplied).
    public func composited(over background: Image) -> Image {
        Image.make(
            BuiltInKernels.sourceOver, [self, background], KernelArguments([]),
            extent: extent.union(background.extent), label: "sourceOver")
    }

    /// Applies a colour matrix to straight colour (it folds with neighbouring matrices).
    public func applyingColorMatrix(_ matrix: ColorMatrix, label: String) -> Image {
        Image.make(
            BuiltInKernels.colorMatrix, [self], matrix.kernelArguments, extent: extent, label: label,
            colorMatrix: matrix)
    }
}
