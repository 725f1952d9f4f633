/// A HOG template ready to slide: each fHOG plane's 2-D filter split into a few separable (column ×
/// row) terms, as dlib's `build_fhog_filterbank` does: the singular value decomposition of each plane's
/// filter, dropping singular values under 0.1 % of the largest. Templates trained with dlib's nuclear-norm
/// regulariser have few terms, so sliding them costs about half the full filters; a template with too
/// many terms keeps its full filters, by dlib's same rule.
struct HOGFilterBank: Sendable, Equatable {
    struct Term: Sendable, Equatable {
        /// Taps along a row (one per template column) and down a column (one per template row).
        let row: [Float]
        let column: [Float]
    }

    let rows: Int
    let columns: Int
    /// Per plane: its separable terms, or nil when the template runs full (`full` holds the weights).
    let terms: [[Term]]?
    let full: [Float]

    init(_ filter: HOGDetectorModel.Filter, rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        full = filter.weights
        var planes: [[Term]] = []
        for plane in 0..<FHOGFeatures.planeCount {
            let weights = filter.weights[(plane * rows * columns)..<((plane + 1) * rows * columns)].map(Double.init)
            planes.append(Self.separableTerms(weights, rows: rows, columns: columns))
        }
        let termCount = planes.reduce(0) { $0 + $1.count }
        // dlib's choice: separable only while it is cheaper than the full filters.
        terms = Double(termCount) > Double(FHOGFeatures.planeCount * min(rows, columns)) / 3 ? nil : planes
    }

    /// f = Σ σⱼ uⱼ vⱼᵀ, each term split as (√σⱼ uⱼ) down the column and (√σⱼ vⱼ) along the row.
    static func separableTerms(_ f: [Double], rows m: Int, columns n: Int) -> [Term] {
        var gram = [Double](repeating: 0, count: n * n)
        for i in 0..<n { for j in 0..<n { for r in 0..<m { gram[i * n + j] += f[r * n + i] * f[r * n + j] } } }
        let (values, vectors) = SymmetricEigen.decompose(gram, size: n)
        let singular = values.map { max($0, 0).squareRoot() }
        let threshold = max(1e-4, (singular.max() ?? 0) * 0.001)
        var terms: [Term] = []
        for j in singular.indices.sorted(by: { singular[$0] > singular[$1] }) where singular[j] >= threshold {
            let sigma = singular[j], scale = sigma.squareRoot()
            let v = (0..<n).map { vectors[$0 * n + j] }
            let u = (0..<m).map { r in (0..<n).reduce(0.0) { $0 + f[r * n + $1] * v[$1] } / sigma }
            terms.append(Term(row: v.map { Float($0 * scale) }, column: u.map { Float($0 * scale) }))
        }
        return terms
    }
}
