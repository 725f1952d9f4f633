extension Image {
    /// Applies a filter by Core Image name; `inputImage` is this image.
    ///
    ///     let out = try image.applyingFilter("CISepiaTone", parameters: ["inputIntensity": .number(0.8)])
    public func applyingFilter(_ name: String, parameters: [String: FilterValue] = [:],
                               registry: FilterRegistry = .builtIn) throws(FilterError) -> Image {
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

/// A filter name with some inputs set, made by the typed API in `TypedFilters.generated.swift`.
public struct FilterSpec: Sendable {
    public let name: String
    public let parameters: [String: FilterValue]
    public init(name: String, parameters: [String: FilterValue]) { self.name = name; self.parameters = parameters }
}
