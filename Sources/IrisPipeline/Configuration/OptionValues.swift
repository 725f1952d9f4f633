import IrisCore
import IrisDetect
import IrisVideo

/// `WxH` as commands and pipeline files write frame sizes.
///
///     FrameSize("1280x720")?.width   // 1280
public struct FrameSize: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        width = w
        height = h
    }
}

/// "4000000", "4M", "800k" as bits per second.
public enum Bitrate {
    /// Above any encoder's reach (libx264 tops out near 800 Mbit/s at level 6.2); also keeps the value
    /// far inside the integer types libav stores it in.
    public static let maximum = 10_000_000_000.0

    public static func parse(_ text: String) -> Int? {
        if case let .success(bits) = check(text) { return bits }
        return nil
    }

    /// The bits per second `text` asks for, or what is wrong with it.
    public static func check(_ text: String) -> Result<Int, BitrateError> {
        let lower = text.lowercased()
        let scale = lower.hasSuffix("m") ? 1_000_000.0 : lower.hasSuffix("k") ? 1_000.0 : 1.0
        let number = scale == 1 ? lower : String(lower.dropLast())
        guard let value = Double(number) else {
            return .failure(BitrateError(text: text, reason: "not a number; use e.g. 4000000, 4M or 800k"))
        }
        guard value.isFinite else {
            return .failure(BitrateError(text: text, reason: "must be a finite number of bits per second"))
        }
        guard value * scale > 0 else {
            return .failure(BitrateError(text: text, reason: "must be positive (at least 1k bits/s)"))
        }
        guard value * scale >= Double(RecorderOptions.minimumBitrate) else {
            return .failure(
                BitrateError(
                    text: text,
                    reason: "is below \(RecorderOptions.minimumBitrate) bits/s (1k), the least the encoders take"))
        }
        guard value * scale <= maximum else {
            return .failure(BitrateError(text: text, reason: "is over the 10G bits/s any encoder can use"))
        }
        return .success(Int(value * scale))
    }
}

/// A bitrate that is not one: the text given and what is wrong with it.
public struct BitrateError: Error, Equatable, CustomStringConvertible {
    public let text: String
    public let reason: String
    public var description: String { "'\(text)' \(reason)" }
}

/// The detector names commands and pipeline files use: qr, face, rect, barcode (and a few long forms).
/// Detector names as the command line and pipeline files write them: `qr`, `face`, `rect`, `barcode` (also
/// `qrcode`, `faces`, `rectangle`, `barcodes`…), comma-separated, or `all` (all four).
///
///     let types = try DetectorNames.types(in: "qr,face").get()   // [.qrCode, .face]
public enum DetectorNames {
    public static let spellings: [String: DetectorType] = [
        "qr": .qrCode, "qrcode": .qrCode, "qrcodes": .qrCode, "code": .qrCode, "codes": .qrCode,
        "rect": .rectangle, "rects": .rectangle, "rectangle": .rectangle, "rectangles": .rectangle,
        "face": .face, "faces": .face,
        "barcode": .barcode, "barcodes": .barcode
    ]

    /// What `all` names: every detector. Barcodes are in it because they cost little: at 720p and low accuracy
    /// the barcode detector (every symbology) takes 1.3–1.6× the QR detector's time and an eighth of the face
    /// cascade's (docs/detectors.md#barcodes).
    /// The commands' defaults without `--detect` stay qr, face and rect.
    public static let all: [DetectorType] = [.qrCode, .face, .rectangle, .barcode]

    public static func type(named name: String) -> DetectorType? {
        spellings[name.trimmingCharacters(in: .whitespaces).lowercased()]
    }

    /// A comma-separated list ("qr,face") or "all"; a failure names the first unknown entry.
    public static func types(in list: String) -> Result<[DetectorType], DetectorNameError> {
        if list.trimmingCharacters(in: .whitespaces).lowercased() == "all" { return .success(all) }
        var types: [DetectorType] = []
        for name in list.split(separator: ",") {
            guard let type = type(named: String(name)) else { return .failure(DetectorNameError(name: String(name))) }
            if !types.contains(type) { types.append(type) }
        }
        return .success(types)
    }
}

public struct DetectorNameError: Error, Equatable, CustomStringConvertible {
    public let name: String
    public var description: String {
        let suggestion = ClosestName.match(
            name.trimmingCharacters(in: .whitespaces),
            among: ["qr", "face", "rect", "barcode", "faces", "rectangle", "barcodes", "all"])
        return "'\(name)' is not a detector" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
            + ": expected qr, face, rect, barcode or all"
    }
}

extension PreviewOutput {
    /// The value "none" stands for no preview in `PreviewOutput(argument:)`.
    public static let none = "none"

    /// `auto`, `none`, `drm`, `drm:CONNECTOR`, or a card path (`/dev/dri/card0`, optionally `:CONNECTOR`).
    public init?(argument text: String) {
        switch text {
        case "auto", "drm": self.init()
        case Self.none: self.init(card: Self.none)
        default:
            if text.hasPrefix("drm:") {
                self.init(connector: String(text.dropFirst(4)))
                return
            }
            guard text.hasPrefix("/") else { return nil }
            let parts = text.split(separator: ":", maxSplits: 1)
            self.init(card: String(parts[0]), connector: parts.count > 1 ? String(parts[1]) : nil)
        }
    }
}
