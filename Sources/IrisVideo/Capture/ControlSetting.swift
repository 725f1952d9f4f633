import Foundation

/// One camera control to set before capture starts, as `--control NAME=VALUE` and a pipeline file's
/// `"controls"` give it: the control's name (the driver's, "Brightness", or v4l2-ctl's key, `brightness`)
/// and a value: a whole number, a decimal number (libcamera's `AnalogueGain=2.5`), numbers separated by commas
/// (`ColourGains=1.6,1.9`), a boolean (`true`/`false`, `on`/`off`) or a menu entry's label ("Manual Mode", `AwbMode=daylight`).
///
///     let setting = try ControlSetting(parsing: "exposure_time_absolute=250")
public struct ControlSetting: Sendable, Equatable, CustomStringConvertible {
    public enum Value: Sendable, Equatable, CustomStringConvertible {
        case integer(Int64)
        /// A number with a fraction (`2.5`, `1e-3`), for libcamera's float controls.
        case decimal(Double)
        /// Two or more numbers separated by commas, for libcamera's array controls (`ColourGains=1.6,1.9`).
        case numbers([Double])
        case boolean(Bool)
        /// A menu entry's label, matched without regard to case.
        case menuEntry(String)

        public var description: String {
            switch self {
            case let .integer(v): "\(v)"
            case let .decimal(v): "\(v)"
            case let .numbers(list): list.map { "\($0)" }.joined(separator: ",")
            case let .boolean(v): v ? "true" : "false"
            case let .menuEntry(label): label
            }
        }

        /// The value as numbers, one for a scalar: nil for a menu label.
        public var asNumbers: [Double]? {
            switch self {
            case let .integer(v): [Double(v)]
            case let .decimal(v): [v]
            case let .numbers(list): list
            case let .boolean(v): [v ? 1 : 0]
            case .menuEntry: nil
            }
        }
    }

    public let name: String
    public let value: Value

    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }

    /// The longest name or value read; drivers' names are at most 31 bytes.
    public static let maximumLength = 64

    /// Reads `NAME=VALUE`. A value that is a whole number is an integer, one with a fraction a decimal, numbers
    /// joined by commas a list, `true`/`false`/`on`/`off` a boolean, anything else a menu entry's label.
    public init(parsing text: String) throws(ControlSettingError) {
        guard let equals = text.firstIndex(of: "=") else { throw .malformed(text, reason: "expected NAME=VALUE") }
        let name = text[..<equals].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw .malformed(text, reason: "the control's name is empty") }
        guard !value.isEmpty else { throw .malformed(text, reason: "the value is empty") }
        guard name.count <= Self.maximumLength, value.count <= Self.maximumLength else {
            throw .malformed(text, reason: "names and values are at most \(Self.maximumLength) characters")
        }
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == " " || $0 == "-" }) else {
            throw .malformed(text, reason: "a control's name has letters, digits, spaces, '_' and '-' only")
        }
        self.name = name
        self.value = Self.value(value)
    }

    static func value(_ text: String) -> Value {
        if let number = Int64(text) { return .integer(number) }
        if let number = Double(text), number.isFinite { return .decimal(number) }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        if parts.count > 1 {
            let numbers = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            if numbers.count == parts.count, numbers.allSatisfy(\.isFinite) { return .numbers(numbers) }
        }
        switch text.lowercased() {
        case "true", "on": return .boolean(true)
        case "false", "off": return .boolean(false)
        default: return .menuEntry(text)
        }
    }

    public var description: String { "\(name)=\(value)" }
}

/// Why a `--control` could not be read.
public enum ControlSettingError: Error, Equatable, CustomStringConvertible {
    case malformed(String, reason: String)

    public var description: String {
        switch self {
        case let .malformed(text, reason): "--control '\(text)': \(reason)"
        }
    }
}
