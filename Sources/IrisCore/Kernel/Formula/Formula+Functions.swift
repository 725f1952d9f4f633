// The operators and GLSL's built-in functions on formulas. As in GLSL, a float mixes with a vector of any size
// and stands for that vector with the float in every component; a number literal is a float constant.

private func formulaStep<R: FormulaValue>(_ f: FormulaFunction, _ arguments: FormulaNode...) -> Formula<R> {
    Formula(.function(f, arguments))
}

extension Formula {
    public static func + (a: Self, b: Self) -> Self { formulaStep(.add, a.node, b.node) }
    public static func - (a: Self, b: Self) -> Self { formulaStep(.subtract, a.node, b.node) }
    public static func * (a: Self, b: Self) -> Self { formulaStep(.multiply, a.node, b.node) }
    public static func / (a: Self, b: Self) -> Self { formulaStep(.divide, a.node, b.node) }
    public static prefix func - (a: Self) -> Self { formulaStep(.negate, a.node) }
}

extension Formula where Value: FormulaVector {
    public func minimum(_ b: Formula<Float>) -> Self { formulaStep(.minimum, node, b.node) }
    public func maximum(_ b: Formula<Float>) -> Self { formulaStep(.maximum, node, b.node) }
    /// GLSL's `clamp` with per-component bounds.
    public func clamped(_ low: Self, _ high: Self) -> Self { formulaStep(.clamp, node, low.node, high.node) }

    public static func + (a: Self, b: Formula<Float>) -> Self { formulaStep(.add, a.node, b.node) }
    public static func - (a: Self, b: Formula<Float>) -> Self { formulaStep(.subtract, a.node, b.node) }
    public static func * (a: Self, b: Formula<Float>) -> Self { formulaStep(.multiply, a.node, b.node) }
    public static func / (a: Self, b: Formula<Float>) -> Self { formulaStep(.divide, a.node, b.node) }
    public static func + (a: Formula<Float>, b: Self) -> Self { formulaStep(.add, a.node, b.node) }
    public static func - (a: Formula<Float>, b: Self) -> Self { formulaStep(.subtract, a.node, b.node) }
    public static func * (a: Formula<Float>, b: Self) -> Self { formulaStep(.multiply, a.node, b.node) }
    public static func / (a: Formula<Float>, b: Self) -> Self { formulaStep(.divide, a.node, b.node) }
}

// GLSL's built-in functions are methods, not free functions: free `abs`, `exp` or `min` overloads would
// slow down the type-checking of every arithmetic expression in code that imports IrisCore.
extension Formula {
    public func minimum(_ b: Self) -> Self { formulaStep(.minimum, node, b.node) }
    public func maximum(_ b: Self) -> Self { formulaStep(.maximum, node, b.node) }
    /// GLSL's `pow`: undefined for a negative base, as there.
    public func power(_ exponent: Self) -> Self { formulaStep(.power, node, exponent.node) }
    /// GLSL's `step(edge, x)`: 0 where x < edge, else 1.
    public func step(_ edge: Formula<Float>) -> Self { formulaStep(.step, edge.node, node) }
    /// GLSL's `smoothstep(low, high, x)`: 0 below `low`, 1 above `high`, a cubic Hermite step between.
    public func smoothstep(_ low: Formula<Float>, _ high: Formula<Float>) -> Self {
        formulaStep(.smoothstep, low.node, high.node, node)
    }
    /// GLSL's `clamp`: min(max(x, low), high).
    public func clamped(_ low: Formula<Float>, _ high: Formula<Float>) -> Self {
        formulaStep(.clamp, node, low.node, high.node)
    }
    /// GLSL's `mix`: self·(1 − t) + b·t.
    public func mixed(with b: Self, _ t: Formula<Float>) -> Self { formulaStep(.mix, node, b.node, t.node) }

    public var magnitude: Self { formulaStep(.absolute, node) }
    public var squareRoot: Self { formulaStep(.squareRoot, node) }
    /// −1, 0 or 1 per component.
    public var sign: Self { formulaStep(.sign, node) }
    public var floor: Self { formulaStep(.floor, node) }
    /// GLSL's `fract`: x − floor(x).
    public var fraction: Self { formulaStep(.fraction, node) }
    public var exponential: Self { formulaStep(.exponential, node) }
    public var logarithm: Self { formulaStep(.logarithm, node) }
}

/// A vector with `value` in every component: GLSL's `vec3(x)`.
public func vec3(_ value: Formula<Float>) -> Formula<SIMD3<Float>> { formulaStep(.vector, value.node) }

/// A vec4 with `value` in every component: GLSL's `vec4(x)`.
public func vec4(_ value: Formula<Float>) -> Formula<SIMD4<Float>> { formulaStep(.vector, value.node) }

/// A colour from its red, green and blue and its alpha: GLSL's `vec4(rgb, a)`.
public func vec4(_ rgb: Formula<SIMD3<Float>>, _ alpha: Formula<Float>) -> Formula<SIMD4<Float>> {
    formulaStep(.color, rgb.node, alpha.node)
}

extension Formula where Value == SIMD4<Float> {
    public var rgb: Formula<SIMD3<Float>> { formulaStep(.colorPart, node) }
    public var r: Formula<Float> { formulaStep(.component(0), node) }
    public var g: Formula<Float> { formulaStep(.component(1), node) }
    public var b: Formula<Float> { formulaStep(.component(2), node) }
    public var a: Formula<Float> { formulaStep(.component(3), node) }
    /// Straight colour from premultiplied; a transparent pixel gives 0.
    public var unpremultiplied: Formula<SIMD4<Float>> { formulaStep(.unpremultiply, node) }
    /// Premultiplied colour from straight: red, green and blue times alpha.
    public var premultiplied: Formula<SIMD4<Float>> {
        let alpha = a
        return vec4(rgb * alpha, alpha)
    }
}

extension Formula where Value == SIMD3<Float> {
    public func dot(_ b: Self) -> Formula<Float> { formulaStep(.dot, node, b.node) }
    public var largestComponent: Formula<Float> { formulaStep(.largestComponent, node) }
    public var smallestComponent: Formula<Float> { formulaStep(.smallestComponent, node) }
}
