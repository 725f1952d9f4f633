/// Turns the recipe into the working graph: inserts colour management at the sources, folds
/// consecutive colour matrices and affine transforms, and collects the plane leaves.
struct Lowering {
    let options: CompilerOptions
    private(set) var leaves: [RenderPlan.Leaf] = []
    private var memo: [ObjectIdentifier: GraphNode] = [:]
    private var leafIndex: [ObjectIdentifier: Int] = [:]

    init(options: CompilerOptions) { self.options = options }

    mutating func lower(_ image: Image) -> GraphNode {
        let id = ObjectIdentifier(image)
        if let done = memo[id] { return done }
        let node: GraphNode
        switch image.node {
        case let .plane(buffer, index):
            let i: Int
            if let known = leafIndex[id] { i = known } else {
                let channels = buffer.format.planes[index].textureChannels
                leaves.append(RenderPlan.Leaf(buffer: buffer, plane: index, channels: channels, swapsRedBlue: buffer.format == .bgra8))
                i = leaves.count - 1
                leafIndex[id] = i
            }
            node = GraphNode(.leaf(i), extent: image.extent)
        case let .constant(c):
            node = GraphNode(.constant(c), extent: image.extent)
        case let .encoded(inner):
            node = intoWorkingSpace(inner)
        case let .kernel(app):
            node = lowerKernel(app, extent: image.extent)
        case let .lookup(cube, input, label):
            node = GraphNode(.lookup(cube, label: label), inputs: [lower(input)], extent: image.extent)
        }
        memo[id] = node
        return node
    }

    private mutating func intoWorkingSpace(_ inner: Image) -> GraphNode {
        if case let .constant(c) = inner.node {
            let working = options.colorManagement
                ? SIMD4(TransferFunction.sRGBToLinear(c.x) * c.w, TransferFunction.sRGBToLinear(c.y) * c.w, TransferFunction.sRGBToLinear(c.z) * c.w, c.w)
                : SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
            return GraphNode(.constant(working), extent: inner.extent)
        }
        let kernel = options.colorManagement ? BuiltInKernels.srgbToLinear : BuiltInKernels.premultiply
        let label = options.colorManagement ? "srgb_to_linear" : "premultiply"
        return GraphNode(.kernel(kernel, KernelArguments([]), label: label, colorMatrix: nil, affine: nil),
                         inputs: [lower(inner)], extent: inner.extent)
    }

    private mutating func lowerKernel(_ app: Image.KernelApplication, extent: Rect) -> GraphNode {
        let inputs = app.inputs.map { lower($0) }
        if options.fusion, let outer = app.colorMatrix, let inner = inputs.first,
           case let .kernel(_, _, innerLabel, innerMatrix?, _) = inner.operation {
            let folded = innerMatrix.followed(by: outer)
            return GraphNode(.kernel(BuiltInKernels.colorMatrix, folded.kernelArguments, label: innerLabel + "+" + app.label,
                                     colorMatrix: folded, affine: nil), inputs: inner.inputs, extent: extent)
        }
        if options.fusion, let outer = app.affine, let inner = inputs.first,
           case let .kernel(_, _, _, _, innerAffine?) = inner.operation {
            let combined = innerAffine.concatenating(outer)
            if let inverse = combined.inverted {
                return GraphNode(.kernel(BuiltInKernels.affine, BuiltInKernels.affineArguments(inverse: inverse), label: "affine",
                                         colorMatrix: nil, affine: combined), inputs: inner.inputs, extent: extent)
            }
        }
        return GraphNode(.kernel(app.kernel, app.arguments, label: app.label, colorMatrix: app.colorMatrix, affine: app.affine),
                         inputs: inputs, extent: extent)
    }

    /// Wraps the root for output: back to encoded straight colour, and BGRA order if asked. A source
    /// rendered unchanged skips the round trip through the working space.
    mutating func output(_ root: GraphNode, rect: Rect) -> GraphNode {
        var node = root
        let intoWorking: Kernel.Role = options.colorManagement ? .srgbToLinear : .premultiply
        if node.kernel?.role == intoWorking, let encoded = node.inputs.first {
            node = encoded
        } else {
            let k = options.colorManagement ? BuiltInKernels.linearToSRGB : BuiltInKernels.unpremultiply
            node = GraphNode(.kernel(k, KernelArguments([]), label: options.colorManagement ? "linear_to_srgb" : "unpremultiply",
                                     colorMatrix: nil, affine: nil), inputs: [node], extent: node.extent)
        }
        if !node.extent.contains(rect) {
            node = GraphNode(.kernel(BuiltInKernels.crop, KernelArguments([BuiltInKernels.rectArgument(node.extent.integral.intersection(rect))]),
                                     label: "crop", colorMatrix: nil, affine: nil), inputs: [node], extent: node.extent.intersection(rect))
        }
        if options.outputFormat == .bgra8 {
            node = GraphNode(.kernel(BuiltInKernels.swizzleBGRA, KernelArguments([]), label: "bgra", colorMatrix: nil, affine: nil),
                             inputs: [node], extent: node.extent)
        }
        return node
    }
}
