/// Writes a formula as a GLSL ES 1.00 colour-kernel function: one temporary per step, in order.
enum FormulaGLSL {
    static func function(named name: String, parameters: [Kernel.Parameter], program: FormulaProgram) -> String {
        let signature = (["vec4 s0"] + parameters.map { "\($0.glslType) \($0.name)" }).joined(separator: ", ")
        var body = ""
        for (i, step) in program.steps.enumerated() {
            body += "    \(step.type.rawValue) t\(i) = \(expression(step, program)!);\n"
        }
        return "vec4 \(name)(\(signature)) {\n\(body)    return \(reference(program.result, program));\n}\n"
    }

    /// How a step's value is named where it is used.
    private static func reference(_ node: FormulaNode, _ program: FormulaProgram) -> String {
        switch node.operation {
        case .input: return "s0"
        case let .parameter(_, name): return name
        case let .constant(value): return literal(value, node.type)
        case .function: return "t\(program.index[ObjectIdentifier(node)]!)"
        }
    }

    private static func expression(_ node: FormulaNode, _ program: FormulaProgram) -> String? {
        guard case let .function(function, arguments) = node.operation else { return nil }
        let a = arguments.map { reference($0, program) }
        switch function {
        case .add: return "\(a[0]) + \(a[1])"
        case .subtract: return "\(a[0]) - \(a[1])"
        case .multiply: return "\(a[0]) * \(a[1])"
        case .divide: return "\(a[0]) / \(a[1])"
        case .negate: return "-\(a[0])"
        case .minimum: return "min(\(a[0]), \(a[1]))"
        case .maximum: return "max(\(a[0]), \(a[1]))"
        case .power: return "pow(\(a[0]), \(a[1]))"
        case .step: return "step(\(a[0]), \(a[1]))"
        case .absolute: return "abs(\(a[0]))"
        case .squareRoot: return "sqrt(\(a[0]))"
        case .sign: return "sign(\(a[0]))"
        case .floor: return "floor(\(a[0]))"
        case .fraction: return "fract(\(a[0]))"
        case .exponential: return "exp(\(a[0]))"
        case .logarithm: return "log(\(a[0]))"
        case .clamp: return "clamp(\(a[0]), \(a[1]), \(a[2]))"
        case .mix: return "mix(\(a[0]), \(a[1]), \(a[2]))"
        case .smoothstep: return "smoothstep(\(a[0]), \(a[1]), \(a[2]))"
        case .dot: return "dot(\(a[0]), \(a[1]))"
        case .largestComponent: return "max(\(a[0]).r, max(\(a[0]).g, \(a[0]).b))"
        case .smallestComponent: return "min(\(a[0]).r, min(\(a[0]).g, \(a[0]).b))"
        case .colorPart: return "\(a[0]).rgb"
        case let .component(i): return "\(a[0]).\(["r", "g", "b", "a"][i])"
        case .color: return "vec4(\(a[0]), \(a[1]))"
        case .vector: return "\(node.type.rawValue)(\(a[0]))"
        case .unpremultiply: return "iris_unpremultiply(\(a[0]))"
        }
    }

    /// A GLSL float constant always has a point or an exponent (`1.0`, not `1`).
    static func literal(_ value: SIMD4<Float>, _ type: FormulaType) -> String {
        func number(_ v: Float) -> String {
            let text = "\(v)"
            return text.contains(".") || text.contains("e") ? text : text + ".0"
        }
        switch type {
        case .float: return number(value.x)
        case .vec3: return "vec3(\(number(value.x)), \(number(value.y)), \(number(value.z)))"
        case .vec4: return "vec4(\(number(value.x)), \(number(value.y)), \(number(value.z)), \(number(value.w)))"
        }
    }
}
