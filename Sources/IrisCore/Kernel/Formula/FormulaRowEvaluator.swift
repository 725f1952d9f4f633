import Foundation

/// Runs a formula on the CPU a row at a time: each step is one tight loop over the row, so the cost per
/// pixel is that of the arithmetic, not of walking the formula. Floats are held in all four lanes, so a float
/// beside a vector needs no special case; a vec3's fourth lane is never read.
struct FormulaRowEvaluator: Sendable {
    let program: FormulaProgram

    func run(_ pixels: inout [SIMD4<Float>], _ arguments: KernelArguments) {
        let count = pixels.count
        var rows = [[SIMD4<Float>]](repeating: [], count: program.steps.count)
        var splats: [ObjectIdentifier: [SIMD4<Float>]] = [:]
        let input = pixels

        func row(_ node: FormulaNode) -> [SIMD4<Float>] {
            switch node.operation {
            case .input: return input
            case .function: return rows[program.index[ObjectIdentifier(node)]!]
            case .constant, .parameter:
                if let filled = splats[ObjectIdentifier(node)] { return filled }
                let filled = [SIMD4<Float>](repeating: Self.value(of: node, arguments), count: count)
                splats[ObjectIdentifier(node)] = filled
                return filled
            }
        }

        for (i, step) in program.steps.enumerated() {
            guard case let .function(function, nodes) = step.operation else { continue }
            let a = nodes.map(row)
            rows[i] = Self.apply(function, a, count: count)
        }
        pixels = row(program.result)
    }

    /// A leaf's value in four lanes: a float in all four, a vec3 in the first three.
    static func value(of node: FormulaNode, _ arguments: KernelArguments) -> SIMD4<Float> {
        switch node.operation {
        case let .constant(value): return value
        case let .parameter(index, _):
            switch node.type {
            case .float: return SIMD4(repeating: arguments.float(index))
            case .vec3: return SIMD4(arguments.vec3(index), 0)
            case .vec4: return arguments.vec4(index)
            }
        case .input, .function: return .zero
        }
    }

    typealias Row = [SIMD4<Float>]
    typealias Lanes = SIMD4<Float>

    static func apply(_ function: FormulaFunction, _ a: [Row], count n: Int) -> Row {
        switch function {
        case .add: return map(a[0], a[1], n) { $0 + $1 }
        case .subtract: return map(a[0], a[1], n) { $0 - $1 }
        case .multiply: return map(a[0], a[1], n) { $0 * $1 }
        case .divide: return map(a[0], a[1], n) { $0 / $1 }
        case .negate: return map(a[0], n) { -$0 }
        case .minimum: return map(a[0], a[1], n) { pointwiseMin($0, $1) }
        case .maximum: return map(a[0], a[1], n) { pointwiseMax($0, $1) }
        case .power: return map(a[0], a[1], n) { x, y in lanes { powf(x[$0], y[$0]) } }
        case .step: return map(a[0], a[1], n) { edge, x in Lanes(repeating: 1).replacing(with: 0, where: x .< edge) }
        case .absolute: return map(a[0], n) { $0.replacing(with: -$0, where: $0 .< 0) }
        case .squareRoot: return map(a[0], n) { $0.squareRoot() }
        case .sign:
            return map(a[0], n) { v in Lanes.zero.replacing(with: 1, where: v .> 0).replacing(with: -1, where: v .< 0) }
        case .floor: return map(a[0], n) { $0.rounded(.down) }
        case .fraction: return map(a[0], n) { $0 - $0.rounded(.down) }
        case .exponential: return map(a[0], n) { x in lanes { expf(x[$0]) } }
        case .logarithm: return map(a[0], n) { x in lanes { logf(x[$0]) } }
        case .clamp: return map(a[0], a[1], a[2], n) { x, low, high in pointwiseMin(pointwiseMax(x, low), high) }
        case .mix: return map(a[0], a[1], a[2], n) { x, y, t in x * (1 - t) + y * t }
        case .smoothstep:
            return map(a[0], a[1], a[2], n) { low, high, x in
                let t = pointwiseMin(pointwiseMax((x - low) / (high - low), .zero), Lanes(repeating: 1))
                return t * t * (3 - 2 * t)
            }
        case .dot: return map(a[0], a[1], n) { x, y in Lanes(repeating: x.x * y.x + x.y * y.y + x.z * y.z) }
        case .largestComponent: return map(a[0], n) { Lanes(repeating: max($0.x, max($0.y, $0.z))) }
        case .smallestComponent: return map(a[0], n) { Lanes(repeating: min($0.x, min($0.y, $0.z))) }
        case .colorPart: return map(a[0], n) { Lanes($0.x, $0.y, $0.z, 0) }
        case let .component(i): return map(a[0], n) { Lanes(repeating: $0[i]) }
        case .color: return map(a[0], a[1], n) { rgb, alpha in Lanes(rgb.x, rgb.y, rgb.z, alpha.w) }
        case .vector: return a[0]
        case .unpremultiply: return map(a[0], n) { unpremultiplied($0) }
        }
    }

    @inline(__always)
    private static func lanes(_ f: (Int) -> Float) -> Lanes { Lanes(f(0), f(1), f(2), f(3)) }

    @inline(__always)
    private static func map(_ a: Row, _ n: Int, _ f: (Lanes) -> Lanes) -> Row {
        Row(unsafeUninitializedCapacity: n) { out, count in
            a.withUnsafeBufferPointer { a in for i in 0..<n { out[i] = f(a[i]) } }
            count = n
        }
    }

    @inline(__always)
    private static func map(_ a: Row, _ b: Row, _ n: Int, _ f: (Lanes, Lanes) -> Lanes) -> Row {
        Row(unsafeUninitializedCapacity: n) { out, count in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in for i in 0..<n { out[i] = f(a[i], b[i]) } }
            }
            count = n
        }
    }

    @inline(__always)
    private static func map(_ a: Row, _ b: Row, _ c: Row, _ n: Int, _ f: (Lanes, Lanes, Lanes) -> Lanes) -> Row {
        Row(unsafeUninitializedCapacity: n) { out, count in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    c.withUnsafeBufferPointer { c in for i in 0..<n { out[i] = f(a[i], b[i], c[i]) } }
                }
            }
            count = n
        }
    }
}
