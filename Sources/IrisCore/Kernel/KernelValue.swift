/// A value passed to a kernel parameter; the GLSL uniform type follows the case.
public enum KernelValue: Sendable, Hashable, CustomStringConvertible {
    case float(Float)
    case vec2(SIMD2<Float>)
    case vec3(SIMD3<Float>)
    case vec4(SIMD4<Float>)
    /// Column-major 4×4 matrix (GLSL `mat4` layout): element (row r, column c) is at `c * 4 + r`.
    case mat4([Float])

    public var glslType: String {
        switch self {
        case .float: return "float"
        case .vec2: return "vec2"
        case .vec3: return "vec3"
        case .vec4: return "vec4"
        case .mat4: return "mat4"
        }
    }

    public var description: String {
        func f(_ v: Float) -> String { String(format3(v)) }
        switch self {
        case let .float(v): return f(v)
        case let .vec2(v): return "[\(f(v.x)) \(f(v.y))]"
        case let .vec3(v): return "[\(f(v.x)) \(f(v.y)) \(f(v.z))]"
        case let .vec4(v): return "[\(f(v.x)) \(f(v.y)) \(f(v.z)) \(f(v.w))]"
        case let .mat4(m): return "[" + m.map(f).joined(separator: " ") + "]"
        }
    }
}

@inline(__always) func format3(_ v: Float) -> String {
    let r = (Double(v) * 1000).rounded() / 1000
    return r == r.rounded() ? String(Int(r)) : String(r)
}

/// The arguments of one kernel application, in the order of the kernel's parameters.
public struct KernelArguments: Sendable, Hashable {
    public var values: [KernelValue]
    public init(_ values: [KernelValue]) { self.values = values }

    // A missing or mistyped argument reads as zero: kernel bodies run on hand-built plans too.
    public func float(_ i: Int) -> Float {
        if case let .float(v)? = value(i) { return v }
        return 0
    }
    public func vec2(_ i: Int) -> SIMD2<Float> {
        if case let .vec2(v)? = value(i) { return v }
        return .zero
    }
    public func vec3(_ i: Int) -> SIMD3<Float> {
        if case let .vec3(v)? = value(i) { return v }
        return .zero
    }
    public func vec4(_ i: Int) -> SIMD4<Float> {
        if case let .vec4(v)? = value(i) { return v }
        return .zero
    }
    public func mat4(_ i: Int) -> [Float] {
        if case let .mat4(v)? = value(i) { return v }
        return [Float](repeating: 0, count: 16)
    }

    private func value(_ i: Int) -> KernelValue? { values.indices.contains(i) ? values[i] : nil }
}

extension KernelValue {
    /// The value's numbers in order (a matrix's sixteen, column by column).
    var numbers: [Float] {
        switch self {
        case let .float(v): [v]
        case let .vec2(v): [v.x, v.y]
        case let .vec3(v): [v.x, v.y, v.z]
        case let .vec4(v): [v.x, v.y, v.z, v.w]
        case let .mat4(m): m
        }
    }
}
