import IrisCore

/// A filter by Core Image name with its inputs set by Core Image key; `outputImage()` gives the recipe.
/// Unset inputs take the descriptor's default.
///
///     var f = try Filter(name: "CISepiaTone")
///     try f.setValue(.image(image), forKey: "inputImage")
///     try f.setValue(.number(0.8), forKey: "inputIntensity")
///     let out = try f.outputImage()
public struct Filter: Sendable {
    public let descriptor: FilterDescriptor
    public private(set) var values: [String: FilterValue] = [:]

    public init(name: String, registry: FilterRegistry = .builtIn) throws(FilterError) {
        self.descriptor = try registry.descriptor(named: name)
    }
    public init(descriptor: FilterDescriptor) { self.descriptor = descriptor }

    public var name: String { descriptor.name }

    /// Sets an input after checking its key, type and range.
    public mutating func setValue(_ value: FilterValue, forKey key: String) throws(FilterError) {
        guard let input = descriptor.input(key) else {
            throw .unknownInput(filter: name, key: key, known: descriptor.inputs.map(\.key))
        }
        values[key] = try Self.validated(value, for: input, filter: name)
    }

    /// The value an input has now: the one set, or the default.
    public func value(forKey key: String) -> FilterValue? { values[key] ?? descriptor.input(key)?.defaultValue }

    public func outputImage() throws(FilterError) -> Image {
        var all: [String: FilterValue] = [:]
        for input in descriptor.inputs {
            guard let v = values[input.key] ?? input.defaultValue else {
                throw .missingInput(filter: name, key: input.key)
            }
            all[input.key] = v
        }
        for case let (key, .image(image)) in all where image.depth > Image.maximumDepth {
            throw .recipeTooDeep(filter: name, key: key, depth: image.depth, limit: Image.maximumDepth)
        }
        return try descriptor.build(FilterArguments(filterName: name, values: all))
    }

    static func validated(_ value: FilterValue, for input: FilterInputDescriptor, filter: String) throws(FilterError)
        -> FilterValue
    {
        func wrong() -> FilterError {
            .wrongType(filter: filter, key: input.key, expected: input.type, got: value.kindName)
        }
        switch (input.type, value) {
        case (.image, .image), (.string, .string), (.data, .data):
            return value
        case (.transform, .transform(let t)):
            guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) else {
                throw .invalidValue(
                    filter: filter, key: input.key,
                    reason: "\(t) holds a number that is not finite; give finite numbers")
            }
            return value
        case (.color, .color(let c)):
            guard [c.x, c.y, c.z, c.w].allSatisfy(\.isFinite) else {
                throw .invalidValue(filter: filter, key: input.key, reason: "components must be finite")
            }
            return .color(c)
        case (.color, .vector(let v)) where v.count == 3 || v.count == 4:
            guard v.allSatisfy(\.isFinite) else {
                throw .invalidValue(filter: filter, key: input.key, reason: "components must be finite")
            }
            return .color(SIMD4(v[0], v[1], v[2], v.count == 4 ? v[3] : 1))
        case (let t, .number(let v)) where t.isNumeric:
            guard v.isFinite else {
                throw .invalidValue(filter: filter, key: input.key, reason: "\(v) is not a finite number")
            }
            if let r = input.range, !r.contains(v) {
                throw .outOfRange(filter: filter, key: input.key, value: v, range: r)
            }
            if t == .integer && v != v.rounded() {
                throw .invalidValue(filter: filter, key: input.key, reason: "\(v) is not a whole number")
            }
            return value
        case (.position, .vector(let v)), (.offset, .vector(let v)), (.vector, .vector(let v)):
            if let n = input.type.fixedComponents, v.count != n {
                throw .invalidValue(filter: filter, key: input.key, reason: "needs \(n) components, got \(v.count)")
            }
            // An empty default marks a list whose length the filter checks itself (CIRedEyeCorrection's eyes).
            if case let .vector(d)? = input.defaultValue, input.type == .vector, !d.isEmpty, d.count != v.count {
                throw .invalidValue(
                    filter: filter, key: input.key, reason: "needs \(d.count) components, got \(v.count)")
            }
            guard v.allSatisfy(\.isFinite) else {
                throw .invalidValue(filter: filter, key: input.key, reason: "components must be finite")
            }
            return value
        default:
            throw wrong()
        }
    }
}

extension FilterValue {
    var kindName: String {
        switch self {
        case .number: return "number"
        case .vector(let v): return "vector of \(v.count)"
        case .color: return "color"
        case .image: return "image"
        case .transform: return "transform"
        case .string: return "string"
        case .data(let d): return "\(d.count) bytes of data"
        }
    }
}
