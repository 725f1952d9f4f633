/// A port a stage declares: what it is called, the frames it carries (`Item`) and the kinds of buffer in
/// them. The graph connects an output port to an input port of the same `Item` only when every kind the
/// output may send is one the input takes (`StageGraph.connect`).
///
///     static let pictures = PortDeclaration<RenderedFrame>("pictures", carries: [.hostMemory])
struct PortDeclaration<Item: Sendable>: Sendable {
    let name: String
    let kinds: Set<BufferKind>

    init(_ name: String, carries kinds: Set<BufferKind>) {
        self.name = name
        self.kinds = kinds
    }
}

/// A stage's input: the one queue it reads. An unconnected input reads nothing.
///
///     while let frame = frames.pop() { … }
struct InputPort<Item: Sendable>: Sendable {
    private let edge: BoundedQueue<Item>?

    init(_ edge: BoundedQueue<Item>?) { self.edge = edge }

    /// An input nothing feeds.
    static var unconnected: InputPort { InputPort(nil) }

    var isConnected: Bool { edge != nil }

    /// The next item, waiting for it; nil once the producer closed the edge and it is drained.
    func pop() -> Item? { edge?.pop() }

    /// The next item, waiting at most `timeout`.
    func pop(waitingAtMost timeout: Duration) -> BoundedQueue<Item>.Popped {
        edge?.pop(waitingAtMost: timeout) ?? .closed
    }

    /// Lets go of everything still queued, counting it as dropped (a stage that failed stops reading).
    func discardRemaining() { edge?.discardAll() }

    /// Whether the producer waits for room rather than dropping (a file's frames, not a camera's).
    var blocks: Bool { edge?.policy == .block }
}

/// A stage's output: every queue connected to it, each with its own policy. A picture output may feed
/// several consumers (a display and web previews); one with no consumer sends nothing, and the stage can
/// ask (`isConnected`) to skip the work.
///
///     if pictures.isConnected { pictures.push(frame) }
struct OutputPort<Item: Sendable>: Sendable {
    private let edges: [BoundedQueue<Item>]

    init(_ edges: [BoundedQueue<Item>]) { self.edges = edges }

    /// An output nothing reads.
    static var unconnected: OutputPort { OutputPort([]) }

    var isConnected: Bool { !edges.isEmpty }

    /// How full the fullest consumer's queue is (items / capacity, 0…1); 0 when nothing reads the output.
    var fullestFill: Double {
        edges.map { Double($0.count) / Double(max($0.capacity, 1)) }.max() ?? 0
    }

    /// Sends `item` to every consumer; false when any of them did not queue it (closed, or its policy
    /// dropped this very item).
    @discardableResult
    func push(_ item: Item) -> Bool {
        var queuedEverywhere = true
        for edge in edges where !edge.push(item) { queuedEverywhere = false }
        return queuedEverywhere
    }

    /// Tells every consumer no more items come; they drain what is queued and finish.
    func close() { edges.forEach { $0.close() } }
}
