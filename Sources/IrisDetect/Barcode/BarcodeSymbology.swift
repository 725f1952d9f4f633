import Foundation
import IrisCore

/// A symbology the barcode detector reads, named as Apple's Vision names it (`VNBarcodeSymbology`: `ean13`,
/// `code128`, `dataMatrix`, `i2of5`, `upce`, `microQR`…); UPC-A, which Vision reports as EAN-13, is `upca`.
/// All of them are read by zxing-cpp; QR codes are not among them: Iris's own QR detector (`.qrCode`, with
/// its retry views) reads those.
///
///     var options = DetectorOptions(); options.symbologies = [.ean13, .code128]
///     let symbologies = try BarcodeSymbology.list("ean13,code128,dataMatrix")
public enum BarcodeSymbology: String, Sendable, CaseIterable, Codable, Hashable, Comparable {
    case ean8, ean13, upca, upce, code39, code93, code128, i2of5, codabar
    case dataMatrix, aztec, pdf417, microQR

    /// Matrix and stacked codes; the others are 1-D (linear) codes read along scan lines.
    public var isTwoDimensional: Bool {
        switch self {
        case .dataMatrix, .aztec, .pdf417, .microQR: true
        default: false
        }
    }

    /// The name in reports and labels: "EAN-13", "Code 128", "DataMatrix"…
    public var displayName: String {
        switch self {
        case .ean8: "EAN-8"
        case .ean13: "EAN-13"
        case .upca: "UPC-A"
        case .upce: "UPC-E"
        case .code39: "Code 39"
        case .code93: "Code 93"
        case .code128: "Code 128"
        case .i2of5: "ITF"
        case .codabar: "Codabar"
        case .dataMatrix: "DataMatrix"
        case .aztec: "Aztec"
        case .pdf417: "PDF417"
        case .microQR: "Micro QR"
        }
    }

    /// What a barcode detector reads unless told otherwise: every symbology above.
    public static let standard = Set(allCases)

    public static func < (a: BarcodeSymbology, b: BarcodeSymbology) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Other spellings users write: zxing-cpp's names (ITF, MicroQRCode), with hyphens or spaces dropped.
    static let aliases: [String: BarcodeSymbology] = [
        "itf": .i2of5, "interleaved2of5": .i2of5, "microqrcode": .microQR, "datamatrixcode": .dataMatrix
    ]

    /// The symbology `name` spells (case, hyphens, underscores and spaces do not matter: `EAN-13`, `code_128`,
    /// `datamatrix`), or nil.
    public init?(name: String) {
        let key = Self.key(name)
        if let found = Self.allCases.first(where: { Self.key($0.rawValue) == key }) {
            self = found
            return
        }
        guard let alias = Self.aliases[key] else { return nil }
        self = alias
    }

    static func key(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !"-_ ".unicodeScalars.contains($0) })
    }

    /// A comma-separated list (`ean13,code128`) or `all`, in the order given, each once; a failure names the
    /// first entry that is not a symbology, with the closest name.
    public static func list(_ text: String) throws(BarcodeSymbologyError) -> [BarcodeSymbology] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "all" { return allCases }
        let names = trimmed.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return try list(names)
    }

    /// Names one by one (a pipeline file's array).
    public static func list(_ names: [String]) throws(BarcodeSymbologyError) -> [BarcodeSymbology] {
        var chosen: [BarcodeSymbology] = []
        for name in names {
            guard !name.isEmpty else { throw .empty }
            guard let symbology = BarcodeSymbology(name: name) else {
                let key = Self.key(name)
                if ["qr", "qrcode", "qrcodes"].contains(key) { throw .qrCode(name: name) }
                let suggestion = ClosestName.match(name, among: allCases.map(\.rawValue) + ["itf"])
                throw .unknown(name: name, suggestion: suggestion)
            }
            if !chosen.contains(symbology) { chosen.append(symbology) }
        }
        guard !chosen.isEmpty else { throw .empty }
        return chosen
    }
}

/// A symbology list that names no symbology the barcode detector reads.
public enum BarcodeSymbologyError: Error, Equatable, CustomStringConvertible {
    /// Not a symbology; `suggestion` is the closest one, if any is close.
    case unknown(name: String, suggestion: String?)
    /// QR codes are the `qr` detector's (Iris's own reader), not the barcode detector's.
    case qrCode(name: String)
    /// An empty list, or an empty entry in it ("ean13,,code128").
    case empty

    public static var expected: String { BarcodeSymbology.allCases.map(\.rawValue).joined(separator: ", ") + " or all" }

    public var description: String {
        switch self {
        case let .unknown(name, suggestion):
            "'\(name)' is not a barcode symbology" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
                + ": expected \(Self.expected)"
        case let .qrCode(name):
            "'\(name)': QR codes are read by the qr detector (Iris's own, with retries zxing-cpp lacks); add qr to --detect instead"
        case .empty:
            "an empty symbology: expected a comma-separated list of \(Self.expected)"
        }
    }
}

extension BarcodeSymbology {
    /// zxing-cpp's BarcodeFormat flag for the symbology.
    var zxingFormat: ZXingReader.Format {
        switch self {
        case .ean8: .ean8
        case .ean13: .ean13
        case .upca: .upcA
        case .upce: .upcE
        case .code39: .code39
        case .code93: .code93
        case .code128: .code128
        case .i2of5: .itf
        case .codabar: .codabar
        case .dataMatrix: .dataMatrix
        case .aztec: .aztec
        case .pdf417: .pdf417
        case .microQR: .microQRCode
        }
    }

    /// The symbology zxing-cpp reported, when it is one of these.
    init?(zxing format: ZXingReader.Format) {
        guard let found = Self.allCases.first(where: { $0.zxingFormat == format }) else { return nil }
        self = found
    }
}
