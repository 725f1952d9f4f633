import IrisCore

/// How many rows and data columns a PDF417 symbol gets (ISO/IEC 15438, section 5.2: 3–90 rows, 1–30 columns,
/// at most 928 codewords), and the picture's size that follows: one pixel per module, rows three pixels tall
/// (the standard's smallest row height) and a two-pixel light border (its smallest quiet zone), which are
/// also what Core Image's smallest `inputMinWidth` (56) and `inputMinHeight` (13) describe.
struct PDF417Layout: Sendable, Equatable {
    let columns: Int
    let rows: Int

    static let rowHeight = 3
    static let quietZone = 2
    static let maximumCodewords = 928

    /// Start pattern, left row indicator, data, right row indicator and stop pattern: 17 modules each but the
    /// 18-module stop; compact symbols drop the right indicator and end in a one-module bar.
    static func modulesPerRow(columns: Int, compact: Bool) -> Int { 17 * columns + (compact ? 35 : 69) }
    static func width(columns: Int, compact: Bool) -> Int {
        modulesPerRow(columns: columns, compact: compact) + 2 * quietZone
    }
    static func height(rows: Int) -> Int { rowHeight * rows + 2 * quietZone }

    /// What the caller asks of the layout; nil leaves a choice to the layout.
    struct Request: Sendable {
        var columns: Int?
        var rows: Int?
        var compact = false
        var width: ClosedRange<Int> = 0...Int.max
        var height: ClosedRange<Int> = 0...Int.max
        /// Width over height of the picture the layout should come nearest.
        var aspectRatio = 3.0
    }

    /// The layout nearest the aspect ratio among those that hold `codewords` (data and check) and meet the
    /// request; ties go to the fewer codewords. Rows are the fewest the columns need, raised to the minimum
    /// height when one is asked.
    static func choose(holding codewords: Int, _ request: Request) throws(PDF417LayoutError) -> PDF417Layout {
        if let c = request.columns, let r = request.rows {
            guard r * c <= maximumCodewords else { throw .tooManyCodewords(rows: r, columns: c) }
            guard r * c >= codewords else { throw .gridTooSmall(rows: r, columns: c, needed: codewords) }
        }
        guard codewords <= maximumCodewords else { throw .messageTooLong(needed: codewords) }
        let fitting = (request.columns.map { [$0] } ?? Array(1...30)).compactMap { c -> PDF417Layout? in
            var r = request.rows ?? max(3, (codewords + c - 1) / c)
            if request.rows == nil {
                while height(rows: r) < request.height.lowerBound && r < 90 && (r + 1) * c <= maximumCodewords {
                    r += 1
                }
            }
            guard r <= 90, r * c <= maximumCodewords, r * c >= codewords else { return nil }
            return PDF417Layout(columns: c, rows: r)
        }
        guard !fitting.isEmpty else {
            if let c = request.columns { throw .columnsTooFew(columns: c, rows: request.rows, needed: codewords) }
            throw .rowsTooFew(rows: request.rows ?? 90, needed: codewords)
        }
        let widths = fitting.map { width(columns: $0.columns, compact: request.compact) }
        let wide = fitting.filter { request.width.contains(width(columns: $0.columns, compact: request.compact)) }
        guard !wide.isEmpty else {
            throw .noWidthFits(
                request.width, needed: codewords, tooWide: widths.allSatisfy { $0 > request.width.upperBound })
        }
        let tall = wide.filter { request.height.contains(height(rows: $0.rows)) }
        guard !tall.isEmpty else {
            throw .noHeightFits(
                request.height, needed: codewords,
                tooTall: wide.allSatisfy { height(rows: $0.rows) > request.height.upperBound })
        }
        func distance(_ l: PDF417Layout) -> Double {
            abs(
                Double(width(columns: l.columns, compact: request.compact)) / Double(height(rows: l.rows))
                    - request.aspectRatio)
        }
        return tall.min {
            (distance($0), $0.rows * $0.columns, $0.columns) < (distance($1), $1.rows * $1.columns, $1.columns)
        } ?? tall[0]
    }
}

/// Why no PDF417 layout meets the request.
public enum PDF417LayoutError: Error, Equatable, Sendable {
    case messageTooLong(needed: Int)
    case tooManyCodewords(rows: Int, columns: Int)
    case gridTooSmall(rows: Int, columns: Int, needed: Int)
    case columnsTooFew(columns: Int, rows: Int?, needed: Int)
    case rowsTooFew(rows: Int, needed: Int)
    /// `tooWide`: every layout that holds the message is wider than the range (else some are narrower).
    case noWidthFits(ClosedRange<Int>, needed: Int, tooWide: Bool)
    case noHeightFits(ClosedRange<Int>, needed: Int, tooTall: Bool)
}
