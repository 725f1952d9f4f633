import IrisCore

/// Everything known about one filter: its Core Image name, categories, inputs with types, defaults and
/// ranges, and how it builds its output recipe. Both renderers, the registry, the typed Swift API and the
/// CLI read these descriptors; nothing about a filter is written twice.
///
///     let sepia = try FilterRegistry.builtIn.descriptor(named: "CISepiaTone")
public struct FilterDescriptor: Sendable {
    public let name: String
    public let displayName: String
    public let categories: [String]
    public let inputs: [FilterInputDescriptor]
    /// One sentence for `iris filters`.
    public let summary: String
    /// Whether the filter reads pixels around each output pixel (blurs, convolutions), so its output near
    /// the edge depends on what lies outside the input's extent; `iris render` and the pipeline then extend
    /// the edges first. Declared by the filter, never guessed from its name or category.
    public let readsNeighbourhood: Bool
    /// Builds the output from validated arguments (every input present, in range).
    let build: @Sendable (FilterArguments) throws(FilterError) -> Image

    public init(
        name: String, displayName: String, categories: [String], summary: String,
        inputs: [FilterInputDescriptor], readsNeighbourhood: Bool = false,
        build: @escaping @Sendable (FilterArguments) throws(FilterError) -> Image
    ) {
        self.name = name
        self.displayName = displayName
        self.categories = categories
        self.summary = summary
        self.inputs = inputs
        self.readsNeighbourhood = readsNeighbourhood
        self.build = build
    }

    public func input(_ key: String) -> FilterInputDescriptor? { inputs.first { $0.key == key } }
}

/// One input of a filter.
public struct FilterInputDescriptor: Sendable {
    public let key: String
    public let type: FilterInputType
    /// Core Image's default; nil for inputs that must be given (images).
    public let defaultValue: FilterValue?
    /// Values outside this range are rejected (Core Image's kCIAttributeMin/Max where it has them).
    public let range: ClosedRange<Double>?
    /// The range a slider would show (kCIAttributeSliderMin/Max).
    public let sliderRange: ClosedRange<Double>?
    public let summary: String

    public init(
        _ key: String, _ type: FilterInputType, default defaultValue: FilterValue? = nil,
        range: ClosedRange<Double>? = nil, slider: ClosedRange<Double>? = nil, summary: String = ""
    ) {
        self.key = key
        self.type = type
        self.defaultValue = defaultValue
        self.range = range
        self.sliderRange = slider ?? range
        self.summary = summary
    }

    /// The standard `inputImage`.
    public static let image = FilterInputDescriptor("inputImage", .image, summary: "The image to filter.")
}

/// Validated arguments handed to a descriptor's `build`.
public struct FilterArguments: Sendable {
    public let filterName: String
    let values: [String: FilterValue]

    public func image(_ key: String) throws(FilterError) -> Image {
        guard case let .image(i)? = values[key] else { throw .missingInput(filter: filterName, key: key) }
        return i
    }
    /// An image input whose extent must be finite (a filter that maps the image's rectangle somewhere);
    /// an infinite one is refused with the advice to crop it.
    public func finiteImage(_ key: String) throws(FilterError) -> Image {
        let image = try image(key)
        if image.extent.isInfinite {
            throw .invalidValue(filter: filterName, key: key, reason: "the image's extent is infinite: crop it first")
        }
        return image
    }
    public func number(_ key: String) throws(FilterError) -> Double {
        guard case let .number(v)? = values[key] else { throw .missingInput(filter: filterName, key: key) }
        return v
    }
    public func vector(_ key: String) throws(FilterError) -> [Double] {
        guard case let .vector(v)? = values[key] else { throw .missingInput(filter: filterName, key: key) }
        return v
    }
    public func color(_ key: String) throws(FilterError) -> SIMD4<Double> {
        guard case let .color(c)? = values[key] else { throw .missingInput(filter: filterName, key: key) }
        return c
    }
    public func string(_ key: String) throws(FilterError) -> String {
        guard case let .string(s)? = values[key] else { throw .missingInput(filter: filterName, key: key) }
        return s
    }
    public func data(_ key: String) throws(FilterError) -> [UInt8] {
        guard case let .data(d)? = values[key] else { throw .missingInput(filter: filterName, key: key) }
        return d
    }
    public func transform(_ key: String) throws(FilterError) -> AffineTransform {
        guard case let .transform(t)? = values[key] else { throw .missingInput(filter: filterName, key: key) }
        return t
    }
}
