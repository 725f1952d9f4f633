import IrisCore
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
    public func names(inCategory category: String) -> [String] {
        all.filter { $0.categories.contains(category) }.map(\.name)
    }

    /// The closest known name, for "did you mean" in errors (case-insensitive, CI prefix optional).
    private func suggestion(for name: String) -> String? {
        ClosestName.match(name.lowercased().hasPrefix("ci") ? name : "CI" + name, among: names)
    }
}
