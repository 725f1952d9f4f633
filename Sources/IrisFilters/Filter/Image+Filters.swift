import IrisCore

extension Image {
    /// Applies a filter by Core Image name; `inputImage` is this image.
    ///
    ///     let out = try image.applyingFilter("CISepiaTone", parameters: ["inputIntensity": .number(0.8)])
    public func applyingFilter(
        _ name: String, parameters: [String: FilterValue] = [:],
        registry: FilterRegistry = .builtIn
    ) throws(FilterError) -> Image {
        var filter = try Filter(name: name, registry: registry)
        if filter.descriptor.input("inputImage") != nil { try filter.setValue(.image(self), forKey: "inputImage") }
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) { try filter.setValue(value, forKey: key) }
        return try filter.outputImage()
    }

    /// Applies a filter from the typed API: `image.applyingFilter(.sepiaTone(intensity: 0.8))`.
    public func applyingFilter(_ spec: FilterSpec) throws(FilterError) -> Image {
        try applyingFilter(spec.name, parameters: spec.parameters)
    }
}

extension Image {
    /// Applies filters in order. With `extendingEdges`, a filter that reads neighbouring pixels (a blur, a
    /// convolution) sees this image's edges extended and is cropped back to its extent — Core Image's
    /// clamp, filter, crop idiom — so it keeps the frame's size and does not fade at the border.
    ///
    ///     let out = try frame.applyingFilters([.sepiaTone(intensity: 0.8), .gaussianBlur(radius: 4)])
    public func applyingFilters(
        _ specs: [FilterSpec], extendingEdges: Bool = true,
        registry: FilterRegistry = .builtIn
    ) throws(FilterError) -> Image {
        var result = self
        for spec in specs {
            let readsNeighbours = try registry.descriptor(named: spec.name).readsNeighbourhood
            if extendingEdges && readsNeighbours && !result.extent.isInfinite {
                result = try result.clampedToExtent().applyingFilter(spec).cropped(to: result.extent)
            } else {
                result = try result.applyingFilter(spec)
            }
        }
        return result
    }
}

/// A filter name with some inputs set, made by the typed API in `TypedFilters.generated.swift`.
public struct FilterSpec: Sendable, Equatable {
    public let name: String
    public let parameters: [String: FilterValue]
    public init(name: String, parameters: [String: FilterValue]) {
        self.name = name
        self.parameters = parameters
    }
}
