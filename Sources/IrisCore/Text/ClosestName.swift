/// The "did you mean" search every error that names an unknown word uses: filter names, categories, the
/// command line's subcommands and options. Case-insensitive; the closest candidate within a typo's reach
/// (a quarter of the word's length, at least 2 edits), or nil when nothing is that close.
///
///     ClosestName.match("fitlers", among: ["filters", "render"])   // "filters"
public enum ClosestName {
    public static func match(_ word: String, among candidates: [String], limit: Int? = nil) -> String? {
        let wanted = word.lowercased()
        if let exact = candidates.first(where: { $0.lowercased() == wanted }) { return exact }
        let reach = limit ?? max(2, wanted.count / 4)
        // The length difference bounds the edit distance from below: names too far off cost nothing.
        let scored = candidates.filter { abs($0.count - wanted.count) <= reach }
            .map { ($0, editDistance($0.lowercased(), wanted)) }.min { $0.1 < $1.1 }
        guard let best = scored, best.1 <= reach else { return nil }
        return best.0
    }

    /// Levenshtein distance, with a swap of two neighbouring letters ("fitlers") counted as one edit.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = [Int](repeating: 0, count: b.count + 1)
        var row = Array(0...b.count)
        for i in 1...a.count {
            var next = [Int](repeating: 0, count: b.count + 1)
            next[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    next[j] = min(next[j], previous[j - 2] + 1)
                }
            }
            previous = row
            row = next
        }
        return row[b.count]
    }
}
