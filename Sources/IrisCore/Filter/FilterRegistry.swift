import Synchronization

/// Filters by Core Image name. `builtIn` holds Iris's filters; register your own composite filters or
/// custom-kernel filters with `register(_:)`.
///
///     let names = FilterRegistry.builtIn.names(inCategory: "CICategoryBlur")
public final class FilterRegistry: Sendable {
    private let table: Mutex<[String: FilterDescriptor]>

    public init(_ descriptors: [FilterDescriptor] = []) {
        table = Mutex(Dictionary(descriptors.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }))
    }

    /// Every built-in filter.
    public static let builtIn = FilterRegistry(BuiltInFilters.all)

    public func register(_ descriptor: FilterDescriptor) throws(FilterError) {
        let added = table.withLock { t -> Bool in
            if t[descriptor.name] != nil { return false }
            t[descriptor.name] = descriptor
            return true
        }
        if !added { throw .duplicateFilter(descriptor.name) }
    }

    /// The longest filter name looked up; a longer one is unknown at once, with no "did you mean" search.
    /// (Core Image's longest is 32 characters.)
    public static let maximumNameLength = 100

    public func descriptor(named name: String) throws(FilterError) -> FilterDescriptor {
        guard name.utf8.count <= Self.maximumNameLength else { throw .unknownFilter(name, suggestion: nil) }
        if let d = table.withLock({ $0[name] }) { return d }
        throw .unknownFilter(name, suggestion: suggestion(for: name))
    }

    public var all: [FilterDescriptor] { table.withLock { Array($0.values) }.sorted { $0.name < $1.name } }
    public var names: [String] { all.map(\.name) }
    public func names(inCategory category: String) -> [String] { all.filter { $0.categories.contains(category) }.map(\.name) }

    /// The closest known name, for "did you mean" in errors (case-insensitive, CI prefix optional).
    private func suggestion(for name: String) -> String? {
        let wanted = name.lowercased().hasPrefix("ci") ? name.lowercased() : "ci" + name.lowercased()
        let candidates = names
        if let exact = candidates.first(where: { $0.lowercased() == wanted }) { return exact }
        let limit = max(2, wanted.count / 4)
        // The length difference bounds the edit distance from below: names too far off cost nothing.
        let scored = candidates.filter { abs($0.count - wanted.count) <= limit }
            .map { ($0, editDistance($0.lowercased(), wanted)) }.min { $0.1 < $1.1 }
        guard let best = scored, best.1 <= limit else { return nil }
        return best.0
    }
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var row = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        var prev = row[0]; row[0] = i
        for j in stride(from: 1, through: b.count, by: 1) {
            let cur = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
            prev = cur
        }
    }
    return a.isEmpty ? b.count : row[b.count]
}
