import IrisCore

extension BuiltInFilters {
    /// CIStraightenFilter: rotates the image by `inputAngle` about its centre and scales it up by the smallest
    /// factor that leaves no empty corner, s = max((w|cos θ| + h|sin θ|) / w, (w|sin θ| + h|cos θ|) / h), so the
    /// rotated image covers the input's extent, which the result keeps (Core Image's exact crop is not published).
    static let straightenFilter = FilterDescriptor(
        name: "CIStraightenFilter", displayName: "Straighten",
        categories: [
            FilterCategory.geometryAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Rotates and scales an image so its horizon is level and no corner is empty.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(0), slider: -Double.pi...Double.pi,
                summary: "The rotation, in radians, counter-clockwise.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage"), angle = try args.number("inputAngle")
            let e = image.extent
            if angle == 0 || e.isEmpty { return image }
            if e.isInfinite { return image.transformed(by: AffineTransform(rotationAngle: angle)) }
            return image.transformed(by: straightenTransform(extent: e, angle: angle)).cropped(to: e)
        })

    static func straightenTransform(extent e: Rect, angle: Double) -> AffineTransform {
        let c = abs(_cos(angle)), s = abs(_sin(angle))
        let k = max((e.width * c + e.height * s) / e.width, (e.width * s + e.height * c) / e.height)
        return AffineTransform(translationX: -e.midX, y: -e.midY)
            .concatenating(AffineTransform(rotationAngle: angle))
            .concatenating(AffineTransform(scaleX: k, y: k))
            .concatenating(AffineTransform(translationX: e.midX, y: e.midY))
    }
}
