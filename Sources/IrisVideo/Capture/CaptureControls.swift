import CV4L2
import IrisCore
#if canImport(Glibc)
    import Glibc
#endif

/// One device control (brightness, exposure, vivid's "OSD Text Mode"), as VIDIOC_QUERYCTRL describes it.
public struct CameraControl: Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case integer, boolean, menu, integerMenu, button, integer64, string, bitmask, other
    }
    public let id: UInt32
    /// The driver's name ("Brightness").
    public let name: String
    public let kind: Kind
    public let minimum: Int64, maximum: Int64, step: Int64, defaultValue: Int64
    /// The current value; nil for buttons, write-only and compound controls.
    public let value: Int64?
    /// Menu entries (index, label) for menu controls.
    public let menu: [(index: Int64, label: String)]
    public let readOnly: Bool, inactive: Bool

    /// "osd_text_mode" for "OSD Text Mode": v4l2-ctl's spelling, accepted wherever a name is.
    public var key: String {
        var out = ""
        for ch in name.lowercased() {
            if ch.isLetter || ch.isNumber { out.append(ch) } else if !out.hasSuffix("_") { out.append("_") }
        }
        while out.hasSuffix("_") { out.removeLast() }
        return out
    }

    public var description: String {
        var s = "\(key) (\(kind.rawValue))"
        switch kind {
        case .integer, .integer64: s += " \(minimum)…\(maximum) step \(step)"
        case .menu, .integerMenu: s += " " + menu.map { "\($0.index)=\($0.label)" }.joined(separator: ", ")
        default: break
        }
        s += " default \(defaultValue)"
        if let value { s += " value \(value)" }
        if readOnly { s += " read-only" }
        if inactive { s += " inactive" }
        return s
    }
}

extension VideoDevice {
    /// Every control the device has (user, camera and driver-private classes), in the driver's order.
    public func controls() -> [CameraControl] {
        var result: [CameraControl] = []
        var id = UInt32(V4L2_CTRL_FLAG_NEXT_CTRL)
        while result.count < 1024 {
            var q = v4l2_queryctrl()
            q.id = id
            if attempt(IRIS_VIDIOC_QUERYCTRL, &q) != 0 { break }
            id = q.id | UInt32(V4L2_CTRL_FLAG_NEXT_CTRL)
            if q.flags & UInt32(V4L2_CTRL_FLAG_DISABLED) != 0 || q.type == V4L2_CTRL_TYPE_CTRL_CLASS.rawValue {
                continue
            }
            result.append(describe(q))
        }
        return result
    }

    /// The control whose name or key (`osd_text_mode`) matches, case-insensitively.
    public func control(named name: String) throws(CaptureError) -> CameraControl {
        let wanted = name.lowercased()
        guard let c = controls().first(where: { $0.name.lowercased() == wanted || $0.key == wanted }) else {
            throw .noSuchControl(path: path, control: name)
        }
        return c
    }

    /// Sets a control by name; a menu control also takes an entry's label ("None").
    public func setControl(_ name: String, to value: Int64) throws(CaptureError) {
        try setControl(control(named: name), to: value)
    }

    public func setControl(_ name: String, toMenuEntry label: String) throws(CaptureError) {
        let c = try control(named: name)
        guard let entry = c.menu.first(where: { $0.label.lowercased() == label.lowercased() }) else {
            throw .invalidControlSetting(
                path: path, control: c.name, value: label,
                reason: "no such menu entry; it has \(c.menu.map(\.label).joined(separator: ", "))")
        }
        try setControl(c, to: entry.index)
    }

    public func setControl(_ control: CameraControl, to value: Int64) throws(CaptureError) {
        if control.readOnly {
            throw .invalidControlValue(path: path, control: control.name, value: value, reason: "read-only")
        }
        guard value >= control.minimum, value <= control.maximum else {
            throw .invalidControlValue(
                path: path, control: control.name, value: value,
                reason: "outside \(control.minimum)…\(control.maximum)")
        }
        var c = v4l2_control()
        c.id = control.id
        c.value = Int32(truncatingIfNeeded: value)
        let code = attempt(IRIS_VIDIOC_S_CTRL, &c)
        switch code {
        case 0: return
        case EINVAL, ERANGE, EACCES:
            throw .invalidControlValue(
                path: path, control: control.name, value: value, reason: String(cString: strerror(code)))
        default: throw CaptureError.from(errno: code, path: path, operation: "VIDIOC_S_CTRL \(control.name)")
        }
    }

    /// Sets a control as `--control NAME=VALUE` asks: a number for integer and menu controls, a boolean for
    /// boolean ones, a menu entry's label for menus. An unknown control is `.noSuchControl` (with the closest
    /// name the device has); a value of the wrong kind or out of range is `.invalidControlValue` naming both.
    public func apply(_ setting: ControlSetting) throws(CaptureError) {
        let available = controls()
        let wanted = setting.name.lowercased()
        guard let c = available.first(where: { $0.name.lowercased() == wanted || $0.key == wanted }) else {
            let suggestion = ClosestName.match(wanted, among: available.map(\.key))
            throw .noSuchControl(path: path, control: setting.name, suggestion: suggestion)
        }
        switch (setting.value, c.kind) {
        case let (.boolean(on), .boolean): try setControl(c, to: on ? 1 : 0)
        case let (.integer(v), .integer), let (.integer(v), .integer64), let (.integer(v), .menu),
            let (.integer(v), .integerMenu), let (.integer(v), .boolean):
            try setControl(c, to: v)
        case let (.menuEntry(label), .menu), let (.menuEntry(label), .integerMenu):
            try setControl(c.name, toMenuEntry: label)
        case let (value, kind):
            throw .invalidControlSetting(
                path: path, control: c.name, value: value.description,
                reason: "not a value for this \(kind.rawValue) control")
        }
    }

    /// The current value of a control.
    public func controlValue(_ name: String) throws(CaptureError) -> Int64 {
        let control = try control(named: name)
        var c = v4l2_control()
        c.id = control.id
        try self.control(IRIS_VIDIOC_G_CTRL, &c, "VIDIOC_G_CTRL \(control.name)")
        return Int64(c.value)
    }

    private func describe(_ q: v4l2_queryctrl) -> CameraControl {
        let kind: CameraControl.Kind
        switch q.type {
        case V4L2_CTRL_TYPE_INTEGER.rawValue: kind = .integer
        case V4L2_CTRL_TYPE_BOOLEAN.rawValue: kind = .boolean
        case V4L2_CTRL_TYPE_MENU.rawValue: kind = .menu
        case V4L2_CTRL_TYPE_INTEGER_MENU.rawValue: kind = .integerMenu
        case V4L2_CTRL_TYPE_BUTTON.rawValue: kind = .button
        case V4L2_CTRL_TYPE_INTEGER64.rawValue: kind = .integer64
        case V4L2_CTRL_TYPE_STRING.rawValue: kind = .string
        case V4L2_CTRL_TYPE_BITMASK.rawValue: kind = .bitmask
        default: kind = .other
        }
        var menu: [(Int64, String)] = []
        if kind == .menu || kind == .integerMenu, q.minimum >= 0, q.maximum < 256 {
            for i in q.minimum...q.maximum {
                var m = v4l2_querymenu()
                m.id = q.id
                m.index = UInt32(i)
                if attempt(IRIS_VIDIOC_QUERYMENU, &m) != 0 { continue }  // gaps are allowed
                var label = [CChar](repeating: 0, count: 64)
                iris_v4l2_querymenu_label(&m, kind == .integerMenu ? 1 : 0, &label, 64)
                menu.append(
                    (Int64(i), CText.string(label)))
            }
        }
        var value: Int64?
        let writeOnly = q.flags & UInt32(V4L2_CTRL_FLAG_WRITE_ONLY) != 0
        if [.integer, .boolean, .menu, .integerMenu, .bitmask].contains(kind), !writeOnly {
            var c = v4l2_control()
            c.id = q.id
            if attempt(IRIS_VIDIOC_G_CTRL, &c) == 0 { value = Int64(c.value) }
        }
        return CameraControl(
            id: q.id, name: CText.string(q.name), kind: kind, minimum: Int64(q.minimum), maximum: Int64(q.maximum),
            step: Int64(q.step), defaultValue: Int64(q.default_value), value: value, menu: menu,
            readOnly: q.flags & UInt32(V4L2_CTRL_FLAG_READ_ONLY) != 0,
            inactive: q.flags & UInt32(V4L2_CTRL_FLAG_INACTIVE) != 0)
    }
}
