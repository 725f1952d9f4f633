import Foundation

/// Runs a formula on the CPU over a row, a chunk of pixels at a time: every step of the formula runs as one
/// tight loop over the chunk, and the chunk is small enough that all the steps' values stay in the first-level
/// cache. So the cost per pixel is that of the arithmetic, not of walking the formula or of memory traffic.
/// Floats are held in all four lanes, so a float beside a vector needs no special case; a vec3's fourth lane
/// is never read.
struct FormulaRowEvaluator: Sendable {
    typealias Lanes = SIMD4<Float>

    /// Pixels per chunk: 64 × 16 bytes per value, a kilobyte for each step.
    static let chunk = 64

    /// One step: the function, the registers it reads (up to three), the register it writes.
    struct Instruction: Sendable {
        let function: FormulaFunction
        let operands: [Int]
        let output: Int
    }

    /// Where a register's value comes from before the steps run: register 0 is the input pixel.
    enum Leaf: Sendable {
        case constant(Lanes)
        case parameter(index: Int, type: FormulaType)
    }

    let leaves: [(register: Int, leaf: Leaf)]
    let instructions: [Instruction]
    let registerCount: Int
    let result: Int

    init(program: FormulaProgram) {
        var register: [ObjectIdentifier: Int] = [:]
        var leaves: [(Int, Leaf)] = []
        var count = 1
        func registerOf(_ node: FormulaNode) -> Int {
            if let r = register[ObjectIdentifier(node)] { return r }
            let r: Int
            switch node.operation {
            case .input: r = 0
            case let .constant(value):
                r = count
                leaves.append((r, .constant(value)))
                count += 1
            case let .parameter(index, _):
                r = count
                leaves.append((r, .parameter(index: index, type: node.type)))
                count += 1
            case .function:
                r = count
                count += 1
            }
            register[ObjectIdentifier(node)] = r
            return r
        }
        var instructions: [Instruction] = []
        for step in program.steps {
            guard case let .function(function, arguments) = step.operation else { continue }
            let operands = arguments.map(registerOf)
            instructions.append(Instruction(function: function, operands: operands, output: registerOf(step)))
        }
        self.result = registerOf(program.result)
        self.leaves = leaves
        self.instructions = instructions
        self.registerCount = count
    }

    func run(_ pixels: inout [SIMD4<Float>], _ arguments: KernelArguments) {
        let chunk = Self.chunk
        let scratch = UnsafeMutablePointer<Lanes>.allocate(capacity: registerCount * chunk)
        defer { scratch.deallocate() }
        for (register, leaf) in leaves {
            (scratch + register * chunk).initialize(repeating: Self.value(of: leaf, arguments), count: chunk)
        }
        let count = pixels.count
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < count {
                let n = min(chunk, count - start)
                let input = base + start
                func slot(_ register: Int) -> UnsafeMutablePointer<Lanes> {
                    register == 0 ? input : scratch + register * chunk
                }
                for instruction in instructions {
                    let o = instruction.operands
                    Self.apply(
                        instruction.function, slot(o[0]), o.count > 1 ? slot(o[1]) : input,
                        o.count > 2 ? slot(o[2]) : input, into: slot(instruction.output), count: n)
                }
                if result != 0 { input.update(from: slot(result), count: n) }
                start += n
            }
        }
    }

    /// A leaf's value in four lanes: a float in all four, a vec3 in the first three.
    static func value(of leaf: Leaf, _ arguments: KernelArguments) -> Lanes {
        switch leaf {
        case let .constant(value): return value
        case let .parameter(index, .float): return Lanes(repeating: arguments.float(index))
        case let .parameter(index, .vec3): return Lanes(arguments.vec3(index), 0)
        case let .parameter(index, .vec4): return arguments.vec4(index)
        }
    }

    typealias In = UnsafeMutablePointer<Lanes>

    static func apply(_ function: FormulaFunction, _ a: In, _ b: In, _ c: In, into out: In, count n: Int) {
        switch function {
        case .add: map(a, b, out, n) { $0 + $1 }
        case .subtract: map(a, b, out, n) { $0 - $1 }
        case .multiply: map(a, b, out, n) { $0 * $1 }
        case .divide: map(a, b, out, n) { $0 / $1 }
        case .negate: map(a, out, n) { -$0 }
        case .minimum: map(a, b, out, n) { pointwiseMin($0, $1) }
        case .maximum: map(a, b, out, n) { pointwiseMax($0, $1) }
        case .power: map(a, b, out, n) { x, y in lanes { powf(x[$0], y[$0]) } }
        case .step: map(a, b, out, n) { edge, x in Lanes(repeating: 1).replacing(with: 0, where: x .< edge) }
        case .absolute: map(a, out, n) { $0.replacing(with: -$0, where: $0 .< 0) }
        case .squareRoot: map(a, out, n) { $0.squareRoot() }
        case .sign:
            map(a, out, n) { v in Lanes.zero.replacing(with: 1, where: v .> 0).replacing(with: -1, where: v .< 0) }
        case .floor: map(a, out, n) { $0.rounded(.down) }
        case .fraction: map(a, out, n) { $0 - $0.rounded(.down) }
        case .exponential: map(a, out, n) { x in lanes { expf(x[$0]) } }
        case .logarithm: map(a, out, n) { x in lanes { logf(x[$0]) } }
        case .clamp: map(a, b, c, out, n) { x, low, high in pointwiseMin(pointwiseMax(x, low), high) }
        case .mix: map(a, b, c, out, n) { x, y, t in x * (1 - t) + y * t }
        case .smoothstep:
            map(a, b, c, out, n) { low, high, x in
                let t = pointwiseMin(pointwiseMax((x - low) / (high - low), .zero), Lanes(repeating: 1))
                return t * t * (3 - 2 * t)
            }
        case .dot: map(a, b, out, n) { x, y in Lanes(repeating: x.x * y.x + x.y * y.y + x.z * y.z) }
        case .largestComponent: map(a, out, n) { Lanes(repeating: max($0.x, max($0.y, $0.z))) }
        case .smallestComponent: map(a, out, n) { Lanes(repeating: min($0.x, min($0.y, $0.z))) }
        case .colorPart: map(a, out, n) { Lanes($0.x, $0.y, $0.z, 0) }
        case let .component(i): map(a, out, n) { Lanes(repeating: $0[i]) }
        case .color: map(a, b, out, n) { rgb, alpha in Lanes(rgb.x, rgb.y, rgb.z, alpha.w) }
        case .vector: map(a, out, n) { $0 }
        case .unpremultiply: map(a, out, n) { unpremultiplied($0) }
        }
    }

    @inline(__always)
    private static func lanes(_ f: (Int) -> Float) -> Lanes { Lanes(f(0), f(1), f(2), f(3)) }

    @inline(__always)
    private static func map(_ a: In, _ out: In, _ n: Int, _ f: (Lanes) -> Lanes) {
        for i in 0..<n { out[i] = f(a[i]) }
    }

    @inline(__always)
    private static func map(_ a: In, _ b: In, _ out: In, _ n: Int, _ f: (Lanes, Lanes) -> Lanes) {
        for i in 0..<n { out[i] = f(a[i], b[i]) }
    }

    @inline(__always)
    private static func map(_ a: In, _ b: In, _ c: In, _ out: In, _ n: Int, _ f: (Lanes, Lanes, Lanes) -> Lanes) {
        for i in 0..<n { out[i] = f(a[i], b[i], c[i]) }
    }
}
