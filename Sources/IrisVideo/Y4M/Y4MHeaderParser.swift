import IrisCore

extension Y4MHeader {
    /// Parses a header line (with or without its newline), e.g. "YUV4MPEG2 W640 H480 F30:1 Ip A1:1 C420jpeg".
    /// Unknown field letters are ignored, as the format asks; W and H are required.
    /// - Parameter source: the name errors report.
    public init(line: String, source: String = "<memory>") throws(Y4MError) {
        var text = Substring(line)
        if text.hasSuffix("\n") { text = text.dropLast() }
        var tokens = text.split(separator: " ", omittingEmptySubsequences: true)
        guard tokens.first == "YUV4MPEG2" else { throw .badMagic(path: source) }
        tokens.removeFirst()

        var width: Int?, height: Int?
        self.init(width: 0, height: 0)
        for token in tokens {
            let value = token.dropFirst()
            // The field is named by its letter, never quoted: a file's text is not echoed into messages.
            func malformed(_ what: String) -> Y4MError {
                .malformedHeader(path: source, reason: "\(what) (field \(token.first.map(String.init) ?? ""))")
            }
            switch token.first {
            case "W":
                guard let w = Int(value), w > 0 else { throw malformed("bad width") }
                width = w
            case "H":
                guard let h = Int(value), h > 0 else { throw malformed("bad height") }
                height = h
            case "F":
                guard let rate = Self.ratio(value), rate.numerator > 0, rate.denominator > 0 else {
                    throw malformed("bad frame rate")
                }
                frameRate = rate
            case "A":
                guard let aspect = Self.ratio(value) else { throw malformed("bad pixel aspect ratio") }
                pixelAspectRatio = aspect
            case "I":
                guard let mode = Interlacing(rawValue: String(value)) else { throw malformed("bad interlacing") }
                interlacing = mode
            case "C":
                guard let space = Y4MColorspace(rawValue: String(value)) else {
                    // A tag is shown only when it looks like one (C420paldv, Cmono16), never arbitrary text.
                    let shown =
                        value.count <= 9 && (value.first?.isNumber == true || value.hasPrefix("mono"))
                        && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
                    throw .unsupportedColorspace(path: source, tag: shown ? String(value) : "(unrecognised)")
                }
                colorspace = space
            case "X":
                if value.hasPrefix("COLORRANGE=") {
                    switch value.dropFirst("COLORRANGE=".count).uppercased() {
                    case "FULL": colorimetry.range = .full
                    case "LIMITED": colorimetry.range = .video
                    default: throw malformed("bad colour range")
                    }
                } else {
                    extensions.append(String(token))
                }
            default:
                continue
            }
        }
        guard let width else { throw .missingHeaderField(path: source, field: "W (width)") }
        guard let height else { throw .missingHeaderField(path: source, field: "H (height)") }
        guard DecodeLimits.allows(width: width, height: height) else {
            throw .malformedHeader(path: source, reason: "\(width)×\(height) is larger than Iris reads")
        }
        self.width = width
        self.height = height
    }

    /// "n:d" with non-negative parts (A0:0 is legal: unknown aspect).
    private static func ratio(_ text: Substring) -> Ratio? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let n = Int(parts[0]), let d = Int(parts[1]), n >= 0, d >= 0 else { return nil }
        return Ratio(n, d)
    }
}
