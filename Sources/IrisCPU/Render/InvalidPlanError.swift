/// A plan the CPU renderer cannot execute because it breaks `RenderPlan`'s own rules (a hand-built plan,
/// or a compiler bug). Each case names the pass, tile or leaf at fault.
public enum InvalidPlanError: Error, Equatable, CustomStringConvertible {
    case noPasses
    case tilePassCount(tile: Int, expected: Int, got: Int)
    case rectNotIntegral(tile: Int, pass: Int, rect: String)
    case leafIndex(pass: Int, leaf: Int, leafCount: Int)
    case leafPlane(leaf: Int, plane: Int, planeCount: Int)
    case leafChannels(leaf: Int, channels: Int)
    case leafTooSmall(leaf: Int, needed: Int, got: Int)
    case intermediateIndex(pass: Int, reads: Int)
    case kernelInputCount(kernel: String, expected: Int, got: Int)

    public var description: String {
        switch self {
        case .noPasses: return "the plan has no passes"
        case let .tilePassCount(t, e, g): return "tile \(t) has \(g) pass rects for \(e) passes"
        case let .rectNotIntegral(t, p, r): return "tile \(t), pass \(p): rect \(r) is not finite and integral"
        case let .leafIndex(p, l, n): return "pass \(p) reads leaf \(l) of \(n)"
        case let .leafPlane(l, p, n): return "leaf \(l) reads plane \(p) of a \(n)-plane buffer"
        case let .leafChannels(l, c): return "leaf \(l) declares \(c) channels (1…4 allowed)"
        case let .leafTooSmall(l, n, g): return "leaf \(l)'s plane needs \(n) bytes, has \(g)"
        case let .intermediateIndex(p, r): return "pass \(p) reads pass \(r), which does not run before it"
        case let .kernelInputCount(k, e, g): return "kernel '\(k)' takes \(e) inputs, the plan gives \(g)"
        }
    }
}
