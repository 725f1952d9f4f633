import IrisCore

/// Writes the typed Swift API (`TypedFilters.generated.swift`) from filter descriptors, so that
/// `image.applyingFilter(.sepiaTone(intensity: 0.8))` and the registry can never disagree on a name, key or
/// default. Filters with an `inputImage` become `FilterSpec` factories; generators become `Image` factories.
///
///     print(TypedFilterAPI.swiftSource(for: FilterRegistry.builtIn.all), terminator: "")
public enum TypedFilterAPI {
    /// The generated file's text, header included; descriptors are emitted in name order.
    public static func swiftSource(for descriptors: [FilterDescriptor]) -> String {
        var out = """
            // Generated from the filter descriptors by `TypedFilterAPI.swiftSource(for:)`. Do not edit.
            // Regenerate with `iris filters --emit-swift > Sources/IrisFilters/Filter/TypedFilters.generated.swift`
            // (or `IRIS_REGENERATE_TYPED_API=1 swift test --filter IrisFiltersTests.FiltersTypedAPITests`).

            import IrisCore

            """
        for descriptor in descriptors.sorted(by: { $0.name < $1.name }) {
            out += "\n" + (isGenerator(descriptor) ? generatorSource(descriptor) : specSource(descriptor))
        }
        return out
    }

    /// A filter without `inputImage` makes an image from nothing.
    static func isGenerator(_ d: FilterDescriptor) -> Bool { d.input("inputImage") == nil }

    // MARK: - Emitting

    private static func specSource(_ d: FilterDescriptor) -> String {
        let params = parameters(of: d)
        return """
            extension FilterSpec {
            \(docComment(d, params))    public static func \(methodName(d.name))(\(signature(params))) -> FilterSpec {
            \(assignments(params, into: "parameters"))        return FilterSpec(name: "\(d.name)", parameters: parameters)
                }
            }

            """
    }

    private static func generatorSource(_ d: FilterDescriptor) -> String {
        let params = parameters(of: d)
        let name = generatorMethodName(d.name)
        var sets = ""
        for p in params {
            let value = p.type.wrap(p.swiftName)
            sets +=
                p.isOptional
                ? "        if let \(p.swiftName) { try filter.setValue(\(value), forKey: \"\(p.key)\") }\n"
                : "        try filter.setValue(\(value), forKey: \"\(p.key)\")\n"
        }
        return """
            extension Image {
            \(docComment(d, params))    public static func \(name)(\(signature(params))) throws(FilterError) -> Image {
                    \(params.isEmpty ? "let" : "var") filter = try Filter(name: "\(d.name)")
            \(sets)        return try filter.outputImage()
                }
            }

            """
    }

    private static func docComment(_ d: FilterDescriptor, _ params: [Parameter]) -> String {
        var lines = ["/// \(d.summary) (`\(d.name)`)"]
        if !params.isEmpty { lines.append("///") }
        for p in params {
            var facts: [String] = []
            if let value = p.defaultValue { facts.append("default \(value)") }
            if let r = p.range { facts.append(rangeText(r)) }
            var line = "/// - Parameter \(p.swiftName): \(p.summary)"
            if !line.hasSuffix(".") { line += "." }
            if !facts.isEmpty { line += " " + facts.joined(separator: ", ").capitalizingFirst + "." }
            lines.append(line)
        }
        return lines.map { "    " + $0 + "\n" }.joined()
    }

    private static func rangeText(_ r: ClosedRange<Double>) -> String {
        switch (r.lowerBound.isFinite, r.upperBound.isFinite) {
        case (true, false): return "at least \(formatNumber(r.lowerBound))"
        case (false, true): return "at most \(formatNumber(r.upperBound))"
        case (false, false): return "any value"
        case (true, true): return "range \(formatNumber(r.lowerBound))…\(formatNumber(r.upperBound))"
        }
    }

    private static func signature(_ params: [Parameter]) -> String {
        params.map { "\($0.swiftName): \($0.type.swiftType)\($0.isOptional ? "? = nil" : "")" }.joined(separator: ", ")
    }

    private static func assignments(_ params: [Parameter], into dictionary: String) -> String {
        guard !params.isEmpty else { return "        let \(dictionary): [String: FilterValue] = [:]\n" }
        var out = "        var \(dictionary): [String: FilterValue] = [:]\n"
        for p in params {
            let value = p.type.wrap(p.swiftName)
            out +=
                p.isOptional
                ? "        if let \(p.swiftName) { \(dictionary)[\"\(p.key)\"] = \(value) }\n"
                : "        \(dictionary)[\"\(p.key)\"] = \(value)\n"
        }
        return out
    }

    // MARK: - Parameters

    /// One argument of a generated function: required ones (extra images) first, then the optional ones
    /// whose nil means "the descriptor's default".
    struct Parameter {
        let key: String
        let swiftName: String
        let type: SwiftType
        let isOptional: Bool
        let defaultValue: FilterValue?
        let range: ClosedRange<Double>?
        let summary: String
    }

    static func parameters(of d: FilterDescriptor) -> [Parameter] {
        let all = d.inputs.filter { $0.key != "inputImage" }.map { input in
            Parameter(
                key: input.key, swiftName: parameterName(input.key), type: SwiftType(input.type),
                isOptional: input.type != .image, defaultValue: input.defaultValue, range: input.range,
                summary: input.summary.isEmpty ? "Core Image's `\(input.key)`." : input.summary)
        }
        return all.filter { !$0.isOptional } + all.filter(\.isOptional)
    }

    /// The Swift spelling of an input's value and how it becomes a `FilterValue`.
    enum SwiftType {
        case number, vector, color, transform, image, string, data

        init(_ type: FilterInputType) {
            switch type {
            case .scalar, .angle, .distance, .integer, .boolean: self = .number
            case .position, .offset, .vector: self = .vector
            case .color: self = .color
            case .transform: self = .transform
            case .image: self = .image
            case .string: self = .string
            case .data: self = .data
            }
        }

        var swiftType: String {
            switch self {
            case .number: return "Double"
            case .vector: return "[Double]"
            case .color: return "SIMD4<Double>"
            case .transform: return "AffineTransform"
            case .image: return "Image"
            case .string: return "String"
            case .data: return "[UInt8]"
            }
        }

        func wrap(_ name: String) -> String {
            switch self {
            case .number: return ".number(\(name))"
            case .vector: return ".vector(\(name))"
            case .color: return ".color(\(name))"
            case .transform: return ".transform(\(name))"
            case .image: return ".image(\(name))"
            case .string: return ".string(\(name))"
            case .data: return ".data(\(name))"
            }
        }
    }

    // MARK: - Names

    /// `CISepiaTone` → `sepiaTone`, `CIQRCodeGenerator` → `qrCodeGenerator` (Apple's Swift spelling).
    static func methodName(_ filterName: String) -> String {
        lowerCamel(filterName.hasPrefix("CI") ? String(filterName.dropFirst(2)) : filterName)
    }

    /// `CICheckerboardGenerator` → `checkerboard`: generators are `Image`'s static functions, named for what they make.
    static func generatorMethodName(_ filterName: String) -> String {
        var name = methodName(filterName)
        if name.hasSuffix("Generator"), name.count > "Generator".count { name.removeLast("Generator".count) }
        return name
    }

    /// `inputIntensity` → `intensity`, `inputEV` → `ev`, `inputRVector` → `rVector`; Swift keywords get backticks.
    static func parameterName(_ key: String) -> String {
        let name = lowerCamel(key.hasPrefix("input") && key.count > 5 ? String(key.dropFirst(5)) : key)
        return swiftKeywords.contains(name) ? "`\(name)`" : name
    }

    /// Lowers the leading run of capitals, except the last one of a run that starts the next word.
    static func lowerCamel(_ s: String) -> String {
        let chars = Array(s)
        var run = 0
        while run < chars.count, chars[run].isUppercase { run += 1 }
        if run == 0 { return s }
        let lowered = run == chars.count || run == 1 || !chars[run].isLowercase ? run : run - 1
        return String(chars[..<lowered]).lowercased() + String(chars[lowered...])
    }

    static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init", "inout", "let",
        "operator", "protocol", "repeat", "return", "self", "static", "struct", "subscript", "super", "switch",
        "throw", "throws", "true", "false", "try", "var", "where", "while", "default", "case", "do", "else",
        "for", "if", "in", "is", "nil", "break", "continue", "defer", "guard", "fallthrough", "as", "any"
    ]
}

private extension String {
    var capitalizingFirst: String { prefix(1).uppercased() + dropFirst() }
}
