extension Kernel {
    /// A colour kernel over one input written once, as a `Formula`: its GLSL function and its Swift body are
    /// both made from it. Parameters are declared by asking for them, in order.
    ///
    ///     let vibrance = Kernel(color: "myBoost") { s0, p in
    ///         let c = s0.unpremultiplied
    ///         return vec4(c.rgb * p.float("gain"), c.a).premultiplied
    ///     }
    public init(
        color name: String, traits: Traits = [],
        formula: (_ input: Formula<SIMD4<Float>>, _ parameters: inout FormulaParameters) -> Formula<SIMD4<Float>>
    ) {
        var parameters = FormulaParameters()
        let result = formula(Formula(.input), &parameters)
        let program = FormulaProgram(result: result.node)
        let evaluator = FormulaRowEvaluator(program: program)
        self.init(
            color: name, parameters: parameters.declared, traits: traits,
            glsl: FormulaGLSL.function(named: name, parameters: parameters.declared, program: program),
            cpu: { pixels, _, _, arguments in evaluator.run(&pixels, arguments) })
    }
}

/// The parameters a formula asks for, each declared the first time it is named.
public struct FormulaParameters: Sendable {
    private(set) var declared: [Kernel.Parameter] = []

    public mutating func float(_ name: String) -> Formula<Float> { parameter(name) }
    public mutating func vec3(_ name: String) -> Formula<SIMD3<Float>> { parameter(name) }
    public mutating func vec4(_ name: String) -> Formula<SIMD4<Float>> { parameter(name) }

    private mutating func parameter<T: FormulaValue>(_ name: String) -> Formula<T> {
        let index = declared.firstIndex { $0.name == name } ?? declared.count
        if index == declared.count { declared.append(Kernel.Parameter(name, T.formulaType.rawValue)) }
        return Formula(.parameter(index, name: name))
    }
}
