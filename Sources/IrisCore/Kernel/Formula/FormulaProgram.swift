/// A formula's steps in the order they are computed, each once: what both the GLSL writer and the CPU
/// evaluator walk. Leaves (the input, parameters, constants) are not steps; they are read where used.
struct FormulaProgram: Sendable {
    let steps: [FormulaNode]
    let result: FormulaNode
    /// Each step's position in `steps`, by node identity.
    let index: [ObjectIdentifier: Int]

    init(result: FormulaNode) {
        var steps: [FormulaNode] = []
        var index: [ObjectIdentifier: Int] = [:]
        // Iterative post-order, so a long formula cannot exhaust the stack.
        var stack: [(FormulaNode, argumentsDone: Bool)] = [(result, false)]
        while let (node, argumentsDone) = stack.popLast() {
            guard case .function = node.operation, index[ObjectIdentifier(node)] == nil else { continue }
            if argumentsDone {
                index[ObjectIdentifier(node)] = steps.count
                steps.append(node)
            } else {
                stack.append((node, true))
                for argument in node.arguments.reversed() { stack.append((argument, false)) }
            }
        }
        self.steps = steps
        self.result = result
        self.index = index
    }
}
