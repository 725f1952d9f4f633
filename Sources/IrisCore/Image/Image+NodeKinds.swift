extension Image {
    /// The kinds of node in this recipe down to `stop` (not included): "source", "lookup" or a kernel kind
    /// ("color", "warp", "general"). The filter reference lists them per filter.
    package func nodeKinds(above stop: Image) -> [String] {
        var kinds = Set<String>()
        var seen = Set<ObjectIdentifier>()
        func walk(_ image: Image) {
            guard image !== stop, seen.insert(ObjectIdentifier(image)).inserted else { return }
            switch image.node {
            case .plane, .constant: kinds.insert("source")
            case let .encoded(inner): walk(inner)
            case let .kernel(app):
                kinds.insert(app.kernel.kind.rawValue)
                app.inputs.forEach(walk)
            case let .lookup(_, input, _):
                kinds.insert("lookup")
                walk(input)
            }
        }
        walk(self)
        return kinds.sorted()
    }
}
