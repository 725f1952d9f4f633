import IrisCore

/// 1-D codes read one at a time, for the pictures zxing-cpp 1.4 cannot read all at once without tripping its
/// assertion (CZXing/ZXingAssertions.cpp): each read asks for one code, which never merges two reads, and the
/// code read is whitened out of the picture before the next: its read lines, and the rows (or columns) above
/// and below them that repeat the read line's bars. What is left of a code and read again is whitened too and
/// reported once.
struct OneAtATimeReading {
    /// zxing-cpp's matrix (2-D and stacked) formats, which the assertion never concerns.
    static let matrixFormats: Set<ZXingReader.Format> = [.aztec, .dataMatrix, .pdf417, .microQRCode, .qrCode, .maxiCode]
    /// At most this many reads in a picture.
    static let maximumReads = 32
    /// A row (or column) still belongs to the bars while its mean difference from the read line is below this.
    static let sameBarsDifference = 48.0

    var settings: ZXingReader.Settings

    func codes(in luma: LumaPlane) throws(DetectorError) -> [DecodedCode] {
        var settings = self.settings
        settings.maxSymbols = 1
        var picture = luma.packed
        var found: [(code: DecodedCode, box: Box)] = []
        for _ in 0..<Self.maximumReads {
            guard let code = try ZXingReader.read(picture, settings).first else { break }
            let box = Self.bars(of: code, in: picture)
            let again = found.contains {
                $0.code.format == code.format && $0.code.bytes == code.bytes && $0.box.touches(box)
            }
            if !again { found.append((code, box)) }
            box.whiten(&picture)
        }
        return found.map(\.code)
    }

    /// Pixel bounds, top-left origin, end-exclusive.
    struct Box: Equatable {
        var x0: Int, y0: Int, x1: Int, y1: Int

        /// Whether the boxes overlap, or lie within a tenth of the larger's length of each other.
        func touches(_ other: Box) -> Bool {
            let reach = max(x1 - x0, y1 - y0, other.x1 - other.x0, other.y1 - other.y0) / 10
            return x0 - reach < other.x1 && other.x0 - reach < x1 && y0 - reach < other.y1 && other.y0 - reach < y1
        }

        func whiten(_ picture: inout LumaPlane) {
            for y in max(y0, 0)..<min(y1, picture.height) {
                for x in max(x0, 0)..<min(x1, picture.width) { picture.bytes[y * picture.width + x] = 255 }
            }
        }
    }

    /// The code's bars: its read lines' box, widened by a twentieth of its length along them (the quiet zone's
    /// edge), and grown across them while rows (or columns) repeat the middle read line.
    static func bars(of code: DecodedCode, in picture: LumaPlane) -> Box {
        let xs = code.corners.map(\.x), ys = code.corners.map(\.y)
        let width = picture.width, height = picture.height
        func clamp(_ v: Double, _ limit: Int) -> Int { min(max(Int(v.rounded()), 0), limit) }
        let (minX, maxX, minY, maxY) = (xs.min() ?? 0, xs.max() ?? 0, ys.min() ?? 0, ys.max() ?? 0)
        let horizontal = maxX - minX >= maxY - minY
        let pad = max(maxX - minX, maxY - minY, 1) / 20
        var box =
            horizontal
            ? Box(
                x0: clamp(minX - pad, width), y0: clamp(minY, height), x1: clamp(maxX + pad + 1, width),
                y1: clamp(maxY + 1, height))
            : Box(
                x0: clamp(minX, width), y0: clamp(minY - pad, height), x1: clamp(maxX + 1, width),
                y1: clamp(maxY + pad + 1, height))
        guard box.x1 > box.x0, box.y1 > box.y0 else { return box }
        // Lines across the code, as (from, to) ranges along it at a position across it.
        func difference(_ a: Int, _ b: Int) -> Double {
            var sum = 0
            if horizontal {
                for x in box.x0..<box.x1 { sum += abs(Int(picture[x, a]) - Int(picture[x, b])) }
                return Double(sum) / Double(box.x1 - box.x0)
            }
            for y in box.y0..<box.y1 { sum += abs(Int(picture[a, y]) - Int(picture[b, y])) }
            return Double(sum) / Double(box.y1 - box.y0)
        }
        let (low, high, limit) = horizontal ? (box.y0, box.y1, height) : (box.x0, box.x1, width)
        let middle = (low + high - 1) / 2
        var first = low, last = high
        while first > 0, difference(first - 1, middle) < sameBarsDifference { first -= 1 }
        while last < limit, difference(last, middle) < sameBarsDifference { last += 1 }
        // A pixel or two more each way, for blurred bar ends.
        if horizontal {
            box.y0 = max(first - 2, 0)
            box.y1 = min(last + 2, height)
        } else {
            box.x0 = max(first - 2, 0)
            box.x1 = min(last + 2, width)
        }
        return box
    }
}
