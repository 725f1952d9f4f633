import IrisCore

/// Parses the text form of a filter used by the CLI and pipeline files:
/// `CISepiaTone inputIntensity=0.8`, `CIColorMatrix inputRVector=[1 0 0 0]`, `CICrop inputRectangle=0,0,64,64`.
/// Values are read as the descriptor's input type says, so a wrong type is a typed error naming the key.
public enum FilterSpecParser {
    public static func parse(_ text: String, registry: FilterRegistry = .builtIn) throws(FilterError) -> FilterSpec {
        // The name is looked up before the rest is split, so a huge unknown name costs one scan, not a tokenising.
        let words = text.utf8.split(separator: UInt8(ascii: " "), maxSplits: 1)
        if let first = words.first, first.count > FilterRegistry.maximumNameLength {
            throw .unknownFilter(String(Substring(first)), suggestion: nil)
        }
        let tokens = tokenize(text)
        guard let name = tokens.first else { throw .unknownFilter("", suggestion: nil) }
        let descriptor = try registry.descriptor(named: name)
        var parameters: [String: FilterValue] = [:]
        for token in tokens.dropFirst() {
            guard let eq = token.firstIndex(of: "=") else {
                throw .invalidValue(filter: name, key: token, reason: "expected key=value")
            }
            let key = String(token[..<eq]), raw = String(token[token.index(after: eq)...])
            guard let input = descriptor.input(key) else {
                throw .unknownInput(filter: name, key: key, known: descriptor.inputs.map(\.key))
            }
            guard parameters[key] == nil else { throw .invalidValue(filter: name, key: key, reason: "given twice") }
            parameters[key] = try value(raw, for: input, filter: name)
        }
        return FilterSpec(name: descriptor.name, parameters: parameters)
    }

    static func value(_ raw: String, for input: FilterInputDescriptor, filter: String) throws(FilterError)
        -> FilterValue
    {
        switch input.type {
        case .string:
            // Strings name files (inputCubeFile): a NUL would cut the path where the C library opens it.
            guard !raw.utf8.contains(0) else {
                throw .invalidValue(filter: filter, key: input.key, reason: "holds a NUL character")
            }
            return .string(raw.trimming("\""))
        // Bytes in the text form are the text's UTF-8 (a QR code's message).
        case .data: return .data(Array(raw.trimming("\"").utf8))
        default: break
        }
        // Brackets, when used, enclose the whole value once: `[1 0 0 0` and `1 0]` are typos, not vectors.
        let opens = raw.filter { $0 == "[" || $0 == "(" }.count, closes = raw.filter { $0 == "]" || $0 == ")" }.count
        let enclosed = (raw.hasPrefix("[") && raw.hasSuffix("]")) || (raw.hasPrefix("(") && raw.hasSuffix(")"))
        guard opens == 0 && closes == 0 || opens == 1 && closes == 1 && enclosed else {
            throw .invalidValue(
                filter: filter, key: input.key, reason: "unbalanced brackets in '\(FilterError.shortened(raw))'")
        }
        let numbers = raw.trimming("[]()").split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0) }
        // `[]` is an empty list, for a vector input whose default is one (CIRedEyeCorrection with no eyes).
        if numbers.isEmpty, input.type == .vector, raw.hasPrefix("["), case .vector([])? = input.defaultValue {
            return .vector([])
        }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else {
            throw .wrongType(
                filter: filter, key: input.key, expected: input.type, got: "'\(FilterError.shortened(raw))'")
        }
        let values = numbers.compactMap { $0 }
        // Double() reads "nan" and "inf": refused here, naming the filter and key, not later as an empty extent.
        if let bad = values.first(where: { !$0.isFinite }) {
            throw .invalidValue(
                filter: filter, key: input.key, reason: "\(bad) is not a finite number; give finite numbers")
        }
        switch input.type {
        case .scalar, .angle, .distance, .integer, .boolean:
            guard values.count == 1 else {
                throw .wrongType(filter: filter, key: input.key, expected: input.type, got: "vector of \(values.count)")
            }
            return .number(values[0])
        case .color:
            return .vector(values)
        case .transform:
            guard values.count == 6 else {
                throw .invalidValue(
                    filter: filter, key: input.key, reason: "a transform takes 6 numbers: a b c d tx ty")
            }
            return .transform(
                AffineTransform(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5]))
        case .image:
            throw .wrongType(
                filter: filter, key: input.key, expected: .image, got: "text '\(FilterError.shortened(raw))'")
        case .position, .offset, .vector:
            return .vector(values)
        case .string, .data:
            preconditionFailure("handled above")
        }
    }

    /// Splits on spaces outside brackets and double quotes, so `inputRVector=[1 0 0 0]` and
    /// `inputMessage="hello world"` stay one token each.
    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = [], current = "", depth = 0, quoted = false
        for ch in text {
            if ch == "\"" { quoted.toggle() }
            if !quoted && (ch == "[" || ch == "(") { depth += 1 }
            if !quoted && (ch == "]" || ch == ")") { depth -= 1 }
            if ch == " " && depth <= 0 && !quoted {
                if !current.isEmpty {
                    tokens.append(current)
                    current = ""
                }
            } else {
                current.append(ch)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }
}

extension String {
    func trimming(_ set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
