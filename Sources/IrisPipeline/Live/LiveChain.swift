import IrisCore
import IrisFilters
import Synchronization

/// The filter chain of a running pipeline, which the render stage reads for every frame and a control (the
/// web preview's sliders) may change while it runs. Every change is checked by the filters' descriptors, as
/// the command line's are, and is all-or-nothing: a refused change leaves the chain as it was.
///
///     try chain.set(["inputIntensity": .number(0.4)], ofFilterAt: 0)
public final class LiveChain: Sendable {
    private struct State {
        var specs: [FilterSpec]
        var version = 0
        /// The chain before the last change, kept until a frame has rendered with the new one.
        var previous: [FilterSpec]?
        /// Why the last change was taken back, for the controls to show.
        var revertReason: String?
    }
    private let state: Mutex<State>
    private let registry: FilterRegistry
    /// Published with the new version after every accepted change.
    public let changes = LiveFeed<Int>()

    public init(_ specs: [FilterSpec], registry: FilterRegistry = .builtIn) {
        state = Mutex(State(specs: specs))
        self.registry = registry
    }

    /// The chain now.
    public var specs: [FilterSpec] { state.withLock { $0.specs } }
    /// Goes up by one with every accepted change (and every change taken back).
    public var version: Int { state.withLock { $0.version } }
    /// The chain and its version, read together (what the render stage renders a frame with).
    public var current: (specs: [FilterSpec], version: Int) { state.withLock { ($0.specs, $0.version) } }
    /// Why the last change was taken back; nil after a change that rendered.
    public var revertReason: String? { state.withLock { $0.revertReason } }

    /// A frame rendered with `version`: the change that made it is kept for good.
    func rendered(version: Int) {
        state.withLock { s in if s.version == version { s.previous = nil } }
    }

    /// A frame failed to render with `version`, just after a change: the chain goes back to what it was
    /// before it (true), so a control cannot end the run with a chain the descriptors let through but a
    /// frame cannot render (an affine too large for the render limits, a cube file that cannot be read).
    /// False when `version` is not a fresh change: the failure is the run's.
    func revert(version: Int, because reason: String) -> Bool {
        let reverted = state.withLock { s -> Int? in
            guard s.version == version, let previous = s.previous else { return nil }
            s.specs = previous
            s.previous = nil
            s.version += 1
            s.revertReason = reason
            return s.version
        }
        guard let reverted else { return false }
        changes.publish(reverted)
        return true
    }

    /// Sets some inputs of the filter at `index`, keeping its others.
    public func set(_ values: [String: FilterValue], ofFilterAt index: Int) throws(ChainChangeError) {
        let version = try state.withLock { s throws(ChainChangeError) -> Int in
            guard s.specs.indices.contains(index) else { throw .noFilter(index: index, count: s.specs.count) }
            let spec = s.specs[index]
            var merged = spec.parameters
            for (key, value) in values { merged[key] = value }
            let changed = try Self.checked(FilterSpec(name: spec.name, parameters: merged), registry: registry)
            s.previous = s.previous ?? s.specs
            s.specs[index] = changed
            s.version += 1
            s.revertReason = nil
            return s.version
        }
        changes.publish(version)
    }

    /// Replaces the whole chain with filters in the command line's text form (`CISepiaTone inputIntensity=0.8`).
    public func replace(with texts: [String]) throws(ChainChangeError) {
        var specs: [FilterSpec] = []
        for text in texts {
            do {
                specs.append(try Self.checked(FilterSpecParser.parse(text, registry: registry), registry: registry))
            } catch let error as ChainChangeError {
                throw error
            } catch let error as FilterError {
                throw .filter(error)
            } catch {
                throw .filter(.invalidValue(filter: text, key: "", reason: "\(error)"))
            }
        }
        let version = state.withLock { s in
            s.previous = s.previous ?? s.specs
            s.specs = specs
            s.version += 1
            s.revertReason = nil
            return s.version
        }
        changes.publish(version)
    }

    /// The chain as a control panel shows it: each filter's inputs with their values, defaults and ranges.
    public var entries: [ChainEntry] {
        specs.enumerated().compactMap { index, spec in
            guard let descriptor = try? registry.descriptor(named: spec.name) else { return nil }
            return ChainEntry(index: index, spec: spec, descriptor: descriptor)
        }
    }

    /// `spec` after every value passed the descriptor's checks of key, type and range.
    private static func checked(_ spec: FilterSpec, registry: FilterRegistry) throws(ChainChangeError) -> FilterSpec {
        do {
            var filter = try Filter(name: spec.name, registry: registry)
            for (key, value) in spec.parameters.sorted(by: { $0.key < $1.key }) {
                try filter.setValue(value, forKey: key)
            }
            return FilterSpec(name: spec.name, parameters: filter.values)
        } catch {
            throw .filter(error)
        }
    }
}

/// Why a change to a running chain was refused; the chain is unchanged.
public enum ChainChangeError: Error, Equatable, CustomStringConvertible {
    case noFilter(index: Int, count: Int)
    /// The descriptor refused a value: unknown filter or key, wrong type, out of range.
    case filter(FilterError)

    public var description: String {
        switch self {
        case let .noFilter(index, count):
            return "the chain has no filter \(index) (it has \(count): 0…\(max(count - 1, 0)))"
        case let .filter(error): return error.description
        }
    }
}

/// One filter of a running chain, as a control panel shows it.
public struct ChainEntry: Sendable, Encodable {
    public let index: Int
    public let name: String
    public let displayName: String
    /// The command line's text form, e.g. `CISepiaTone inputIntensity=0.8`.
    public let text: String
    public let inputs: [Input]

    /// An input a control can set (images are not among them).
    public struct Input: Sendable, Encodable {
        public let key: String
        public let type: String
        public let value: ControlValue?
        public let defaultValue: ControlValue?
        /// The range values must keep (nil where it is open).
        public let minimum: Double?
        public let maximum: Double?
        public let sliderMinimum: Double?
        public let sliderMaximum: Double?
        public let summary: String

        enum CodingKeys: String, CodingKey {
            case key, type, value, summary
            case defaultValue = "default"
            case minimum = "min"
            case maximum = "max"
            case sliderMinimum = "sliderMin"
            case sliderMaximum = "sliderMax"
        }
    }

    init(index: Int, spec: FilterSpec, descriptor: FilterDescriptor) {
        self.index = index
        name = descriptor.name
        displayName = descriptor.displayName
        let given = spec.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        text = ([descriptor.name] + given).joined(separator: " ")
        inputs = descriptor.inputs.compactMap { input in
            guard input.type != .image else { return nil }
            return Input(
                key: input.key, type: input.type.rawValue,
                value: (spec.parameters[input.key] ?? input.defaultValue).flatMap(ControlValue.init),
                defaultValue: input.defaultValue.flatMap(ControlValue.init),
                minimum: input.range?.lowerBound.finite, maximum: input.range?.upperBound.finite,
                sliderMinimum: input.sliderRange?.lowerBound.finite,
                sliderMaximum: input.sliderRange?.upperBound.finite,
                summary: input.summary)
        }
    }
}

private extension Double {
    /// JSON has no infinity: an open end of a range is left out.
    var finite: Double? { isFinite ? self : nil }
}

/// An input's value in JSON: a number, a list of numbers (vectors, colours, transforms), or text.
public enum ControlValue: Sendable, Encodable, Equatable {
    case number(Double)
    case numbers([Double])
    case text(String)

    init?(_ value: FilterValue) {
        switch value {
        case let .number(v): self = .number(v)
        case let .vector(v): self = .numbers(v)
        case let .color(c): self = .numbers([c.x, c.y, c.z, c.w])
        case let .transform(t): self = .numbers([t.a, t.b, t.c, t.d, t.tx, t.ty])
        case let .string(s): self = .text(s)
        case .image, .data: return nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .number(v): try container.encode(v)
        case let .numbers(v): try container.encode(v)
        case let .text(s): try container.encode(s)
        }
    }
}
