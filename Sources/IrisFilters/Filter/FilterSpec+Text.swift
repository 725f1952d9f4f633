import IrisCore

extension FilterSpec {
    /// The filter in the text form `FilterSpecParser` reads (`--filter` and pipeline files): its name, then
    /// each input as key=value in key order, so a printed chain can be copied, tweaked and applied again.
    ///
    ///     print(FilterSpec.sepiaTone(intensity: 0.8).text)   // CISepiaTone inputIntensity=0.8
    public var text: String {
        ([name] + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.text($0.value))" }).joined(
            separator: " ")
    }

    private static func text(_ value: FilterValue) -> String {
        switch value {
        case let .vector(v): return "[" + v.map { FilterValue.number($0).description }.joined(separator: " ") + "]"
        case let .color(c):
            return
                "[\(FilterValue.number(c.x)) \(FilterValue.number(c.y)) \(FilterValue.number(c.z)) \(FilterValue.number(c.w))]"
        case let .data(bytes): return "\"" + String(decoding: bytes, as: UTF8.self) + "\""
        default: return value.description
        }
    }
}
