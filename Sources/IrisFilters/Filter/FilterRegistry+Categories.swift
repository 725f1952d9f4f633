import IrisCore

/// Categories as a user types them: `blur`, `Blur`, `CICategoryBlur` and `color-effect` all name Core
/// Image's `CICategoryBlur` and `CICategoryColorEffect`.
///
///     let blurs = try FilterRegistry.builtIn.descriptors(inCategory: "blur")
extension FilterRegistry {
    /// Every category some filter is in, Core Image's names, sorted.
    public var categories: [String] { Set(all.flatMap(\.categories)).sorted() }

    /// `CICategoryColorEffect` → `color-effect`: the short form `iris filters --category` prints and accepts.
    public static func shortCategoryName(_ category: String) -> String {
        let bare = category.hasPrefix("CICategory") ? String(category.dropFirst("CICategory".count)) : category
        var out = ""
        for (i, c) in bare.enumerated() {
            if c.isUppercase, i > 0 { out += "-" }
            out += c.lowercased()
        }
        return out
    }

    /// Core Image's name for the category `text` names (case-insensitive; prefix, spaces and dashes optional).
    public func category(named text: String) throws(FilterError) -> String {
        func key(_ s: String) -> String {
            let lowered = s.lowercased().filter { $0 != "-" && $0 != " " && $0 != "_" }
            return lowered.hasPrefix("cicategory") ? String(lowered.dropFirst("cicategory".count)) : lowered
        }
        let known = categories
        if let found = known.first(where: { key($0) == key(text) }) { return found }
        let shortNames = known.map(Self.shortCategoryName)
        throw .unknownCategory(
            text, suggestion: ClosestName.match(Self.shortCategoryName(text), among: shortNames), known: shortNames)
    }

    /// The filters in the category `text` names, in name order.
    public func descriptors(inCategory text: String) throws(FilterError) -> [FilterDescriptor] {
        let category = try category(named: text)
        return all.filter { $0.categories.contains(category) }
    }
}
