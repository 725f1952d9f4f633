import IrisCore

/// One filter's page for `iris filters NAME`, as `gst-inspect-1.0 ELEMENT` and `ffmpeg -h filter=NAME` give
/// one: what it does, its categories, each input's type, default, range and meaning, and ready-to-run
/// examples in the `--filter` text form and the Swift API.
///
///     print(FilterReference.helpPage(for: try FilterRegistry.builtIn.descriptor(named: "CISepiaTone")))
extension FilterReference {
    public static func helpPage(for d: FilterDescriptor) -> String {
        var lines = ["\(d.name) — \(d.displayName)", "  \(d.summary)", ""]
        let categories = d.categories.map { "\(FilterRegistry.shortCategoryName($0)) (\($0))" }
        lines.append("categories: " + categories.joined(separator: ", "))
        let kinds = d.kernelKinds
        lines.append(
            "kernels: " + (kinds.isEmpty ? "none (a crop or an affine)" : kinds.joined(separator: ", "))
                + (d.readsNeighbourhood ? "; reads neighbouring pixels (edges are extended first)" : ""))
        lines.append("")
        lines.append("inputs:")
        let width = d.inputs.map(\.key.count).max() ?? 0
        for input in d.inputs {
            var facts = [input.type.rawValue]
            if let v = input.defaultValue {
                facts.append("default \(v)")
            } else if input.type == .image {
                facts.append("required")
            }
            if let r = input.range { facts.append("range " + rangeText(r)) }
            if let s = input.sliderRange, s != input.range { facts.append("slider " + rangeText(s)) }
            let key = input.key.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append(
                "  \(key)  \(facts.joined(separator: ", "))"
                    + (input.summary.isEmpty ? "" : "\n  \(String(repeating: " ", count: width))    \(input.summary)"))
        }
        lines.append("")
        lines.append("example (its defaults; change any value):")
        let spec = exampleSpec(for: d)
        if TypedFilterAPI.isGenerator(d) {
            lines.append("  iris render - out.png --filter '\(spec)'   (a generator: it makes its own picture)")
        } else {
            lines.append("  iris render photo.jpg out.png --filter '\(spec)'")
            lines.append("  iris run --filter '\(spec)'")
        }
        let swiftCall =
            TypedFilterAPI.isGenerator(d)
            ? "try Image.\(TypedFilterAPI.generatorMethodName(d.name))()"
            : "image.applyingFilter(.\(TypedFilterAPI.methodName(d.name))())"
        lines.append("  \(swiftCall)   // Swift; or image.applyingFilter(\"\(d.name)\", parameters: [\"key\": value])")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The filter with every input the text form can carry set to its default, in `--filter` syntax;
    /// `FilterSpecParser` reads it back.
    public static func exampleSpec(for d: FilterDescriptor) -> String {
        let values = d.inputs.compactMap { input -> String? in
            guard input.type != .image, input.type != .data, let value = input.defaultValue else { return nil }
            switch value {
            case let .transform(t):
                return "\(input.key)=[\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(formatNumber).joined(separator: " "))]"
            case .image, .data: return nil
            default: return "\(input.key)=\(value)"
            }
        }
        return ([d.name] + values).joined(separator: " ")
    }

    private static func rangeText(_ r: ClosedRange<Double>) -> String {
        "\(r.lowerBound.isInfinite ? "-∞" : formatNumber(r.lowerBound))…\(r.upperBound.isInfinite ? "∞" : formatNumber(r.upperBound))"
    }
}
