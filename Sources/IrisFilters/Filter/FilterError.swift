import IrisCore

/// Why a filter cannot be made or applied. Every case names the filter and, where it applies, the input.
public enum FilterError: Error, Equatable, CustomStringConvertible {
    case unknownFilter(String, suggestion: String?)
    /// A category no built-in filter is in; `known` lists the short names (`blur`, `color-effect`…).
    case unknownCategory(String, suggestion: String?, known: [String])
    case unknownInput(filter: String, key: String, known: [String])
    case wrongType(filter: String, key: String, expected: FilterInputType, got: String)
    case outOfRange(filter: String, key: String, value: Double, range: ClosedRange<Double>)
    case missingInput(filter: String, key: String)
    case invalidValue(filter: String, key: String, reason: String)
    case emptyExtent(filter: String)
    case duplicateFilter(String)
    /// The input recipe is already `depth` nodes deep, past `Image.maximumDepth`.
    case recipeTooDeep(filter: String, key: String, depth: Int, limit: Int)

    public var description: String {
        switch self {
        case let .unknownFilter(n, s) where n.utf8.count > FilterRegistry.maximumNameLength:
            return
                "unknown filter '\(Self.shortened(n))' (\(n.count) characters; filter names are at most \(FilterRegistry.maximumNameLength))"
                + (s.map { " (did you mean '\($0)'?)" } ?? "")
        case let .unknownFilter(n, s): return "unknown filter '\(n)'" + (s.map { " (did you mean '\($0)'?)" } ?? "")
        case let .unknownCategory(c, s, known):
            return "no filter category '\(Self.shortened(c))'" + (s.map { " (did you mean '\($0)'?)" } ?? "")
                + "; the categories are \(known.joined(separator: ", "))"
        case let .unknownInput(f, k, known):
            return "\(f) has no input '\(Self.shortened(k))'; its inputs are \(known.joined(separator: ", "))"
        case let .wrongType(f, k, e, g): return "\(f) \(k) takes a \(e.rawValue), got \(g)"
        case let .outOfRange(f, k, v, r):
            return
                "\(f) \(k) = \(formatNumber(v)) is out of range \(formatNumber(r.lowerBound))…\(formatNumber(r.upperBound))"
        case let .missingInput(f, k): return "\(f) needs a value for \(k)"
        case let .invalidValue(f, k, reason): return "\(f) \(k): \(reason)"
        case let .emptyExtent(f): return "\(f) was given an image with an empty extent"
        case let .duplicateFilter(n): return "a filter named '\(n)' is already registered"
        case let .recipeTooDeep(f, k, d, l):
            return "\(f) \(k) is a recipe \(d) nodes deep, past the limit of \(l): render part of the chain first"
        }
    }

    /// Text the user gave, cut to 40 characters for a message (a name or value may be megabytes long).
    static func shortened(_ text: String) -> String {
        text.utf8.count <= 40 ? text : String(text.prefix(40)) + "…"
    }

    public static func == (lhs: FilterError, rhs: FilterError) -> Bool { lhs.description == rhs.description }
}
