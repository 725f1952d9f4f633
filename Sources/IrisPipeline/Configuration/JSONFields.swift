import Foundation

/// Reads one JSON object of a pipeline file field by field, knowing its own path (`record.codec`) so every
/// error names the field at fault, and refusing keys it was not asked about (a misspelt key is an error,
/// not a silent default).
///
///     let fields = try JSONFields(object, path: "record"); let gop = try fields.integer("gop")
struct JSONFields {
    let object: [String: Any]
    let path: String
    private let allowed: Set<String>

    init(_ value: Any, path: String, allowed: Set<String>) throws(PipelineError) {
        guard let object = value as? [String: Any] else {
            throw .configuration(field: path.isEmpty ? "(top level)" : path, reason: "expected an object")
        }
        self.object = object
        self.path = path
        self.allowed = allowed
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw .configuration(
                field: field(unknown),
                reason: "unknown key; expected one of \(allowed.sorted().joined(separator: ", "))")
        }
    }

    /// Why a string holding NUL is refused: every string here is a path or becomes part of one (a filter's
    /// file input), and the C library would cut the path at the NUL and open another file.
    static let nulReason = "holds a NUL character (\\u0000), which would cut a path short; remove it"

    func field(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func has(_ key: String) -> Bool { object[key] != nil && !(object[key] is NSNull) }

    func string(_ key: String) throws(PipelineError) -> String? {
        guard has(key) else { return nil }
        guard let text = object[key] as? String else {
            throw .configuration(field: field(key), reason: "expected a string")
        }
        guard !text.utf8.contains(0) else { throw .configuration(field: field(key), reason: Self.nulReason) }
        return text
    }

    func number(_ key: String) throws(PipelineError) -> Double? {
        guard has(key) else { return nil }
        guard let number = object[key] as? NSNumber, !Self.isBoolean(number) else {
            throw .configuration(field: field(key), reason: "expected a number")
        }
        guard number.doubleValue.isFinite else {
            throw .configuration(field: field(key), reason: "expected a finite number")
        }
        return number.doubleValue
    }

    func integer(_ key: String) throws(PipelineError) -> Int? {
        guard let value = try number(key) else { return nil }
        guard value == value.rounded(), abs(value) < 1e15 else {
            throw .configuration(field: field(key), reason: "expected a whole number, got \(value)")
        }
        return Int(value)
    }

    func bool(_ key: String) throws(PipelineError) -> Bool? {
        guard has(key) else { return nil }
        guard let number = object[key] as? NSNumber, Self.isBoolean(number) else {
            throw .configuration(field: field(key), reason: "expected true or false")
        }
        return number.boolValue
    }

    /// JSONSerialization gives true and false as NSNumbers of C type char, which no JSON number has.
    static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    func array(_ key: String) throws(PipelineError) -> [Any]? {
        guard has(key) else { return nil }
        guard let list = object[key] as? [Any] else {
            throw .configuration(field: field(key), reason: "expected an array")
        }
        return list
    }

    /// A string naming one case of `T`.
    func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(PipelineError) -> T?
    where T.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let value = T(rawValue: text.lowercased()) else {
            throw .configuration(
                field: field(key),
                reason: "'\(text)' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }
}
