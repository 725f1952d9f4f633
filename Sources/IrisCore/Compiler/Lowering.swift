/// Turns the recipe into the working graph: inserts colour management at the sources, folds
/// consecutive colour matrices and affine transforms, and collects the plane leaves.
struct Lowering {
    let options: CompilerOptions
    private(set) var leaves: [RenderPlan.Leaf] = []
    /// The bytes the CPU moved while lowering: I420 chroma interleaved (`CompilerOptions.interleavesChroma`).
    private(set) var traffic = ByteTraffic()
    private var memo: [ObjectIdentifier: GraphNode] = [:]
    /// Images made while lowering, kept alive so no other image reuses an identifier the memo holds.
    private var madeHere: [Image] = []

    init(options: CompilerOptions) { self.options = options }

    /// The node for `image`, lowering every image below it first. Iterative, inputs before the images that
    /// read them, so a recipe thousands of filters deep needs no deep stack.
    mutating func lower(_ image: Image) -> GraphNode {
        var stack: [(image: Image, inputsDone: Bool)] = [(image, false)]
        while let (next, inputsDone) = stack.popLast() {
            if memo[ObjectIdentifier(next)] != nil { continue }
            if inputsDone {
                memo[ObjectIdentifier(next)] = lowerOne(next)
                continue
            }
            if options.interleavesChroma, let (decode, bytes) = InterleavedChromaDecode.replacement(for: next) {
                madeHere.append(decode)
                traffic += ByteTraffic(cpuConverted: bytes)
                memo[ObjectIdentifier(next)] = lower(decode)
                continue
            }
            stack.append((next, true))
            for input in next.inputs.reversed() where memo[ObjectIdentifier(input)] == nil {
                stack.append((input, false))
            }
        }
        return lowered(image)
    }

    private func lowered(_ image: Image) -> GraphNode {
        guard let node = memo[ObjectIdentifier(image)] else { preconditionFailure("lowered before its inputs") }
        return node
    }

    /// Lowers one image whose inputs are lowered already.
    private mutating func lowerOne(_ image: Image) -> GraphNode {
        switch image.node {
        case let .plane(buffer, index):
            let channels = buffer.format.planes[index].textureChannels
            leaves.append(
                RenderPlan.Leaf(
                    buffer: buffer, plane: index, channels: channels, swapsRedBlue: buffer.format.storesBlueFirst)
            )
            return GraphNode(.leaf(leaves.count - 1), extent: image.extent)
        case let .constant(c):
            return GraphNode(.constant(c), extent: image.extent)
        case let .encoded(inner):
            return intoWorkingSpace(inner)
        case let .kernel(app):
            return lowerKernel(app, extent: image.extent)
        case let .lookup(cube, input, label):
            return GraphNode(.lookup(cube, label: label), inputs: [lowered(input)], extent: image.extent)
        }
    }

    private mutating func intoWorkingSpace(_ inner: Image) -> GraphNode {
        if case let .constant(c) = inner.node {
            let working =
                options.colorManagement
                ? SIMD4(
                    TransferFunction.sRGBToLinear(c.x) * c.w, TransferFunction.sRGBToLinear(c.y) * c.w,
                    TransferFunction.sRGBToLinear(c.z) * c.w, c.w)
                : SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
            return GraphNode(.constant(working), extent: inner.extent)
        }
        let kernel = options.colorManagement ? BuiltInKernels.srgbToLinear : BuiltInKernels.premultiply
        let label = options.colorManagement ? "srgb_to_linear" : "premultiply"
        return GraphNode(
            .kernel(kernel, KernelArguments([]), label: label, colorMatrix: nil, affine: nil),
            inputs: [lowered(inner)], extent: inner.extent)
    }

    private mutating func lowerKernel(_ app: Image.KernelApplication, extent: Rect) -> GraphNode {
        let inputs = app.inputs.map(lowered)
        if options.fusion, let outer = app.colorMatrix, let inner = inputs.first,
            case let .kernel(_, _, innerLabel, innerMatrix?, _) = inner.operation
        {
            let folded = innerMatrix.followed(by: outer)
            return GraphNode(
                .kernel(
                    BuiltInKernels.colorMatrix, folded.kernelArguments, label: innerLabel + "+" + app.label,
                    colorMatrix: folded, affine: nil), inputs: inner.inputs, extent: extent)
        }
        if options.fusion, let outer = app.affine, let inner = inputs.first,
            case let .kernel(_, _, _, _, innerAffine?) = inner.operation
        {
            let combined = innerAffine.concatenating(outer)
            if let inverse = combined.inverted {
                return GraphNode(
                    .kernel(
                        BuiltInKernels.affine, BuiltInKernels.affineArguments(inverse: inverse), label: "affine",
                        colorMatrix: nil, affine: combined), inputs: inner.inputs, extent: extent)
            }
        }
        return GraphNode(
            .kernel(app.kernel, app.arguments, label: app.label, colorMatrix: app.colorMatrix, affine: app.affine),
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
            node = GraphNode(
                .kernel(
                    k, KernelArguments([]), label: options.colorManagement ? "linear_to_srgb" : "unpremultiply",
                    colorMatrix: nil, affine: nil), inputs: [node], extent: node.extent)
        }
        if !node.extent.contains(rect) {
            node = GraphNode(
                .kernel(
                    BuiltInKernels.crop,
                    KernelArguments([BuiltInKernels.rectArgument(node.extent.integral.intersection(rect))]),
                    label: "crop", colorMatrix: nil, affine: nil), inputs: [node],
                extent: node.extent.intersection(rect))
        }
        if options.outputFormat == .bgra8 {
            node = GraphNode(
                .kernel(BuiltInKernels.swizzleBGRA, KernelArguments([]), label: "bgra", colorMatrix: nil, affine: nil),
                inputs: [node], extent: node.extent)
        }
        return node
    }
}
