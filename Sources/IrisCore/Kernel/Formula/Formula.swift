/// One per-pixel colour formula that is both of a colour kernel's bodies: `Kernel(color:formula:)` writes
/// the GLSL function from it and runs it on the CPU, so the two cannot disagree. The value type is a phantom
/// (`Float`, `SIMD3<Float>` or `SIMD4<Float>`, GLSL's float, vec3 and vec4), so a formula that would not
/// type-check as GLSL does not compile as Swift either.
///
///     let invert = Kernel(color: "myInvert") { s0, _ in vec4(s0.a - s0.rgb, s0.a) }
public struct Formula<Value: FormulaValue>: Sendable {
    let node: FormulaNode

    init(_ node: FormulaNode) { self.node = node }

    init(_ operation: FormulaNode.Operation) { node = FormulaNode(operation, Value.formulaType) }
}

/// The value types a formula computes with; `Float`, `SIMD3<Float>` and `SIMD4<Float>` only.
public protocol FormulaValue: Sendable {
    static var formulaType: FormulaType { get }
}

/// A formula value's type as GLSL spells it.
public enum FormulaType: String, Sendable {
    case float, vec3, vec4
}

/// The vector value types: a float operand beside one stands for a vector with the float in every component.
public protocol FormulaVector: FormulaValue {}

extension Float: FormulaValue { public static var formulaType: FormulaType { .float } }
extension SIMD3: FormulaValue, FormulaVector where Scalar == Float {
    public static var formulaType: FormulaType { .vec3 }
}
extension SIMD4: FormulaValue, FormulaVector where Scalar == Float {
    public static var formulaType: FormulaType { .vec4 }
}

extension Formula: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral where Value == Float {
    /// A constant: `1 - x`.
    public init(floatLiteral value: Float) { self.init(value) }
    public init(integerLiteral value: Int) { self.init(Float(value)) }
    public init(_ value: Float) { self.init(.constant(SIMD4(repeating: value))) }
}

extension Formula where Value == SIMD3<Float> {
    /// A constant vector.
    public init(_ value: SIMD3<Float>) { self.init(.constant(SIMD4(value, 0))) }
}

/// One step of a formula: what it computes from which earlier steps. A step used twice is computed once
/// (a GLSL temporary; one row on the CPU), because formulas share steps by reference.
final class FormulaNode: Sendable {
    enum Operation: Sendable {
        /// The kernel's input colour (premultiplied, working space).
        case input
        /// The kernel's parameter at this index, in `Kernel.parameters` order.
        case parameter(Int, name: String)
        /// A float is held in all four lanes, a vec3 in the first three.
        case constant(SIMD4<Float>)
        case function(FormulaFunction, [FormulaNode])
    }

    let operation: Operation
    let type: FormulaType

    init(_ operation: Operation, _ type: FormulaType) {
        self.operation = operation
        self.type = type
    }

    var arguments: [FormulaNode] {
        if case let .function(_, arguments) = operation { return arguments }
        return []
    }
}

/// What a formula step can be. Lane-wise functions act on each component alike, as GLSL's built-ins do; a
/// float operand beside a vector stands for that vector with the float in every component.
enum FormulaFunction: Sendable, Equatable {
    case add, subtract, multiply, divide, negate
    case minimum, maximum, power, step
    case absolute, squareRoot, sign, floor, fraction, exponential, logarithm
    case clamp, mix, smoothstep
    /// vec3 · vec3 → float.
    case dot
    /// Largest and smallest of a vec3's components → float.
    case largestComponent, smallestComponent
    /// vec4 → vec3 (`.rgb`) and vec4 → float (`.r`, `.g`, `.b`, `.a`).
    case colorPart, component(Int)
    /// vec4(vec3, float), and vec3(float) or vec4(float): a float in every component.
    case color, vector
    /// Straight colour from premultiplied (`iris_unpremultiply`); transparent stays 0.
    case unpremultiply
}
