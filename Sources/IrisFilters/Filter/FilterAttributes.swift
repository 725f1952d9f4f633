import IrisCore

/// Core Image's `CIFilter.attributes` for one filter, as `iris filters --json` prints it: names, categories,
/// what its recipe is made of, and each input's type, default and ranges.
///
///     let json = try JSONEncoder().encode(FilterRegistry.builtIn.all.map(\.attributes))
public struct FilterAttributes: Codable, Sendable, Equatable {
    public struct Input: Codable, Sendable, Equatable {
        public let key: String
        public let type: String
        /// The default in the text form `--filter` takes (nil for required images).
        public let defaultValue: String?
        public let minimum: Double?, maximum: Double?
        public let sliderMinimum: Double?, sliderMaximum: Double?
        public let summary: String
    }

    public let name: String
    public let displayName: String
    public let categories: [String]
    public let summary: String
    public let readsNeighbourhood: Bool
    /// The kinds of node the filter's recipe holds at its defaults: color, warp, general, lookup (a colour
    /// cube), source (a generated picture).
    public let kernelKinds: [String]
    public let inputs: [Input]
}

extension FilterDescriptor {
    public var attributes: FilterAttributes {
        func finite(_ v: Double?) -> Double? { v.flatMap { $0.isFinite ? $0 : nil } }
        let inputs = self.inputs.map { input in
            FilterAttributes.Input(
                key: input.key, type: input.type.rawValue, defaultValue: input.defaultValue?.description,
                minimum: finite(input.range?.lowerBound), maximum: finite(input.range?.upperBound),
                sliderMinimum: finite(input.sliderRange?.lowerBound),
                sliderMaximum: finite(input.sliderRange?.upperBound),
                summary: input.summary)
        }
        return FilterAttributes(
            name: name, displayName: displayName, categories: categories, summary: summary,
            readsNeighbourhood: readsNeighbourhood, kernelKinds: kernelKinds, inputs: inputs)
    }

    /// Built on a small placeholder picture and walked: at the defaults, or, where the defaults leave the
    /// input unchanged (a strength of 0), with each number at 70 % of its slider range.
    public var kernelKinds: [String] {
        let placeholder = Image(buffer: PixelBuffer(width: 8, height: 8, format: .rgba8))
        let atDefaults = kinds(on: placeholder, varied: false)
        return atDefaults.isEmpty ? kinds(on: placeholder, varied: true) : atDefaults
    }

    private func kinds(on placeholder: Image, varied: Bool) -> [String] {
        var filter = Filter(descriptor: self)
        for input in inputs {
            if input.type == .image { try? filter.setValue(.image(placeholder), forKey: input.key) }
            if varied, input.type.isNumeric, input.type != .boolean, let r = input.sliderRange, r.lowerBound.isFinite,
                r.upperBound.isFinite
            {
                var v = r.lowerBound + 0.7 * (r.upperBound - r.lowerBound)
                if input.type == .integer { v = v.rounded() }
                try? filter.setValue(.number(v), forKey: input.key)
            }
            // A free-length list (an empty default: CIRedEyeCorrection's eyes) is the identity while empty;
            // one (x, y, size) triple in the placeholder's middle shows the kernels it adds.
            if varied, input.type == .vector, case .vector([])? = input.defaultValue {
                try? filter.setValue(.vector([4, 4, 2]), forKey: input.key)
            }
        }
        guard let output = try? filter.outputImage() else { return [] }
        return output.nodeKinds(above: placeholder)
    }
}
