import CLibcamera
import IrisCore

/// One control a libcamera camera accepts ("ExposureTime", "AnalogueGain", "AwbMode", "ColourGains"), with its
/// range, default and, for an enumerated control, its values' names.
///
///     let gain = camera.controls.first { $0.name == "AnalogueGain" }   // float 1…16
public struct LibcameraControl: Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case boolean, integer32 = "int32", integer64 = "int64", float, other
    }

    public let id: UInt32
    public let name: String
    public let kind: Kind
    /// How many numbers the control takes: 1, or 2 for ColourGains and FrameDurationLimits; nil for any number.
    public let valueCount: Int?
    public let minimum: Double?, maximum: Double?, defaultValue: Double?
    /// An enumerated control's values and their libcamera names ((0, "AwbAuto"), (5, "AwbDaylight")).
    public let enumerators: [(value: Int32, name: String)]

    init(_ c: clc_control_info) {
        id = c.id
        name = CText.string(c.name)
        kind =
            switch c.type {
            case Int32(CLC_CONTROL_BOOL): .boolean
            case Int32(CLC_CONTROL_INT32): .integer32
            case Int32(CLC_CONTROL_INT64): .integer64
            case Int32(CLC_CONTROL_FLOAT): .float
            default: .other
            }
        valueCount = c.element_count < 0 ? nil : max(1, Int(c.element_count))
        let ranged = c.has_range != 0 && c.minimum <= c.maximum && !(c.minimum == 0 && c.maximum == 0)
        minimum = ranged ? c.minimum : nil
        maximum = ranged ? c.maximum : nil
        defaultValue = c.has_default != 0 ? c.default_value : nil
        var list: [(Int32, String)] = []
        withUnsafeBytes(of: c.enum_values) { values in
            withUnsafeBytes(of: c.enum_names) { names in
                let nameSize = names.count / Int(CLC_MAX_ENUM_VALUES)
                for i in 0..<Int(c.enum_count) {
                    let value = values.load(fromByteOffset: i * 4, as: Int32.self)
                    let slice = names[(i * nameSize)..<((i + 1) * nameSize)]
                    list.append((value, String(decoding: slice.prefix { $0 != 0 }, as: UTF8.self)))
                }
            }
        }
        enumerators = list
    }

    /// Needs a manager hold.
    static func all(cameraID: String) -> [LibcameraControl] {
        var infos = [clc_control_info](repeating: clc_control_info(), count: 128)
        var error = [CChar](repeating: 0, count: 256)
        let count = Int(clc_controls(cameraID, &infos, Int32(infos.count), &error, Int32(error.count)))
        return infos.prefix(max(0, min(count, infos.count))).map(LibcameraControl.init)
            .sorted { $0.name < $1.name }
    }

    /// `exposure_time` for "ExposureTime": the same spelling rule as V4L2 controls' keys, accepted wherever a name is.
    public var key: String {
        var out = ""
        for (i, ch) in name.enumerated() {
            if ch.isUppercase, i > 0, !out.hasSuffix("_") { out.append("_") }
            out.append(contentsOf: ch.lowercased())
        }
        return out
    }

    /// True when `text` names this control: its name or key, without regard to case.
    func isNamed(_ text: String) -> Bool {
        let wanted = text.lowercased()
        return name.lowercased() == wanted || key == wanted
    }

    /// The numbers `value` sets this control to, checked against its kind, count, range and enumerators.
    /// An enumerated control also takes a value's name, whole ("AwbDaylight") or without the control's
    /// prefix ("daylight").
    public func numbers(for value: ControlSetting.Value, camera: String) throws(LibcameraError) -> [Double] {
        func refuse(_ reason: String) -> LibcameraError {
            .invalidControlValue(camera: camera, control: name, value: value.description, reason: reason)
        }
        if kind == .other { throw refuse("Iris cannot set a control of this type") }
        if case let .menuEntry(label) = value {
            guard !enumerators.isEmpty else { throw refuse("not a value for this \(kind.rawValue) control") }
            let wanted = label.lowercased()
            let matches = enumerators.filter {
                !$0.name.isEmpty && ($0.name.lowercased() == wanted || $0.name.lowercased().hasSuffix(wanted))
            }
            guard matches.count == 1 else { throw refuse("no such value; it has \(enumeratorList)") }
            return [Double(matches[0].value)]
        }
        guard let numbers = value.asNumbers else { throw refuse("not a number") }
        if let valueCount, numbers.count != valueCount {
            throw refuse(valueCount == 1 ? "takes one value" : "takes \(valueCount) numbers separated by commas")
        }
        switch (kind, value) {
        case (.boolean, .boolean): break
        case (.boolean, _): throw refuse("takes true or false")
        case (.integer32, .decimal), (.integer64, .decimal): throw refuse("takes a whole number")
        case (.integer32, .numbers(let list)), (.integer64, .numbers(let list)):
            if list.contains(where: { $0 != $0.rounded() }) { throw refuse("takes whole numbers") }
        default: break
        }
        if !enumerators.isEmpty, case .integer(let v) = value, !enumerators.contains(where: { Int64($0.value) == v }) {
            throw refuse("no such value; it has \(enumeratorList)")
        }
        if let minimum, let maximum, kind != .boolean,
            let outside = numbers.first(where: { $0 < minimum || $0 > maximum })
        {
            throw refuse("\(Self.format(outside)) is outside \(Self.format(minimum))…\(Self.format(maximum))")
        }
        return numbers
    }

    private var enumeratorList: String {
        enumerators.map { "\($0.value)=\($0.name.isEmpty ? "?" : $0.name)" }.joined(separator: ", ")
    }

    static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)"
    }

    public var description: String {
        var s = "\(name) (\(kind.rawValue)\(valueCount.map { $0 > 1 ? "×\($0)" : "" } ?? "[]"))"
        if let minimum, let maximum { s += " \(Self.format(minimum))…\(Self.format(maximum))" }
        if !enumerators.isEmpty { s += " " + enumeratorList }
        if let defaultValue { s += " default \(Self.format(defaultValue))" }
        return s
    }
}
