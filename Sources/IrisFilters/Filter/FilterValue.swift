import IrisCore

/// A value for a filter input, keyed by Core Image input key.
public enum FilterValue: Sendable, CustomStringConvertible {
    case number(Double)
    case vector([Double])
    /// Straight-alpha sRGB components r, g, b, a.
    case color(SIMD4<Double>)
    case image(Image)
    case transform(AffineTransform)
    /// Text: a file name, a colour space's name, a message.
    case string(String)
    /// Raw bytes (Core Image's NSData inputs, such as a colour cube's float32 RGBA table).
    case data([UInt8])

    public var description: String {
        switch self {
        case let .number(v): return formatNumber(v)
        case let .vector(v): return "[" + v.map(formatNumber).joined(separator: " ") + "]"
        case let .color(c):
            return "(\(formatNumber(c.x)) \(formatNumber(c.y)) \(formatNumber(c.z)) \(formatNumber(c.w)))"
        case let .image(i): return i.description
        case let .transform(t): return t.description
        case let .string(s): return "\"\(s)\""
        case let .data(d): return "\(d.count) bytes"
        }
    }
}

/// Values are equal when they hold the same numbers, text or bytes; two `.image` values are equal when they
/// are the same recipe (`Image` is a reference to an immutable graph, compared by identity, not by pixels).
extension FilterValue: Equatable {
    public static func == (lhs: FilterValue, rhs: FilterValue) -> Bool {
        switch (lhs, rhs) {
        case let (.number(a), .number(b)): a == b
        case let (.vector(a), .vector(b)): a == b
        case let (.color(a), .color(b)): a == b
        case let (.image(a), .image(b)): a === b
        case let (.transform(a), .transform(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.data(a), .data(b)): a == b
        default: false
        }
    }
}

func formatNumber(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
    let s = String(v)
    return s.count > 10 ? String(format6(v)) : s
}
private func format6(_ v: Double) -> String { String((v * 1e6).rounded() / 1e6) }

/// The kind of value an input takes, as Core Image's attribute classes and types describe it.
public enum FilterInputType: String, Sendable, CaseIterable {
    case image, scalar, angle, distance, position, offset, vector, color, transform, integer, boolean, string, data

    /// The number of components a vector-like type needs, when fixed.
    var fixedComponents: Int? {
        switch self {
        case .position, .offset: return 2
        default: return nil
        }
    }

    var isNumeric: Bool { [.scalar, .angle, .distance, .integer, .boolean].contains(self) }
}
