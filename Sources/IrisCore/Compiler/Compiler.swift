/// Compiles a recipe into a `RenderPlan`: fuses maximal chains of colour and warp kernels into one
/// program, folds colour matrices and affines, bakes colour chains after a decoder into one lookup (when
/// the renderer asks for it), propagates extents and regions of interest, and splits
/// renders that exceed the texture limit into tiles.
///
///     let plan = try Compiler(options: .init(maximumTextureSize: 4096)).plan(image)
public struct Compiler: Sendable {
    public let options: CompilerOptions
    public init(options: CompilerOptions = .init()) { self.options = options }

    /// Plans the render of `rect` (default: the image's extent, rounded out to whole pixels). Throws the
    /// `PlanError` that `RenderPlan.validate` would for the same fault: the output format, an empty or
    /// infinite extent, or a render that no tiling fits into the texture limit; and a plan over
    /// `options.limits`.
    public func plan(_ image: Image, rect: Rect? = nil) throws(PlanError) -> RenderPlan {
        guard RenderPlan.outputFormats.contains(options.outputFormat) else {
            throw .unsupportedOutputFormat(options.outputFormat)
        }
        let target = (rect ?? image.extent)
        if target.isInfinite { throw .infiniteExtent }
        let outputRect = target.integral
        if outputRect.isEmpty || image.extent.isEmpty { throw .emptyExtent }
        try checkOutputSize(outputRect, of: image)

        var lowering = Lowering(options: options)
        var root = lowering.output(lowering.lower(image), rect: outputRect)
        if options.fusion && options.bakesColorCubes {
            var baking = ColorCubeBaking(
                root: root, colorManagement: options.colorManagement, store: options.bakedCubes)
            root = baking.rewrite(root)
        }
        let materialized = partition(root)
        var passes: [RenderPlan.Pass] = []
        for node in materialized {
            passes.append(RenderPlan.Pass(root: expression(for: node, passRoot: node), extent: node.extent))
        }
        let tiles = try Tiler(passes: passes, leaves: lowering.leaves, maximumTextureSize: options.maximumTextureSize)
            .tiles(covering: outputRect)
        try checkTiles(tiles, passes: passes, outputRect: outputRect)
        var plan = RenderPlan(
            leaves: lowering.leaves, passes: passes, tiles: tiles, outputRect: outputRect,
            outputFormat: options.outputFormat, maximumTextureSize: options.maximumTextureSize)
        plan.planningTraffic = lowering.traffic
        return plan
    }

    /// Chooses the nodes whose results are stored (pass boundaries) and returns them producers-first.
    /// Fused: the root, the non-trivial inputs of general kernels (they are read at many points), and
    /// non-trivial nodes read by more than one consumer, and enough others that no pass fuses more than
    /// `maximumKernelsPerPass` kernels. Unfused: every kernel.
    private func partition(_ root: GraphNode) -> [GraphNode] {
        let all = GraphNode.postOrderCountingConsumers(root)
        var stored = Set<ObjectIdentifier>([ObjectIdentifier(root)])
        for n in all {
            guard let kernel = n.kernel else { continue }
            if !options.fusion {
                stored.insert(ObjectIdentifier(n))
                continue
            }
            if n.consumers > 1 && !n.isCheapToResample { stored.insert(ObjectIdentifier(n)) }
            if kernel.kind == .general {
                for input in n.inputs where !input.isCheapToResample && !Self.recomputedAtEveryTap(input, by: kernel) {
                    stored.insert(ObjectIdentifier(Self.storagePoint(input)))
                }
            }
        }
        if options.fusion { splitLargePasses(all, stored: &stored) }
        // `all` is post-order, so producers come before their consumers.
        let order = all.filter { stored.contains(ObjectIdentifier($0)) }
        for (i, n) in order.enumerated() { n.passIndex = i }
        return order
    }

    /// Stores the largest fused inputs of any node whose pass would otherwise hold more than
    /// `maximumKernelsPerPass` kernels. A GL compiler's time grows faster than a program's size (a thousand
    /// fused colour kernels took minutes on llvmpipe), and every walk over a pass's expression stays shallow.
    private func splitLargePasses(_ postOrder: [GraphNode], stored: inout Set<ObjectIdentifier>) {
        let limit = max(options.maximumKernelsPerPass, 1)
        var fusedSize: [ObjectIdentifier: Int] = [:]
        for n in postOrder {
            guard n.kernel != nil || n.isLookup else { continue }
            var size = 1
            var fused: [(node: GraphNode, size: Int)] = []
            for input in n.inputs where !stored.contains(ObjectIdentifier(input)) {
                let s = fusedSize[ObjectIdentifier(input)] ?? 0
                size += s
                if s > 0 && !input.extent.isEmpty { fused.append((input, s)) }
            }
            if size > limit {
                for (input, s) in fused.sorted(by: { $0.size > $1.size }) where size > limit {
                    stored.insert(ObjectIdentifier(input))
                    size -= s
                }
            }
            fusedSize[ObjectIdentifier(n)] = size
        }
    }

    /// The longest colour chain a `readsInputsAtFullPrecision` kernel recomputes at each point it reads.
    static let fullPrecisionChainLimit = 4

    private static func recomputedAtEveryTap(_ input: GraphNode, by kernel: Kernel) -> Bool {
        guard kernel.traits.contains(.readsInputsAtFullPrecision), let count = input.pointwiseKernelCount else {
            return false
        }
        return count <= fullPrecisionChainLimit
    }

    /// Where to cut a general kernel's input: below any warps and crops on top of it, so the stored image
    /// is the (finite) colour chain and the clamp or affine resamples it for free.
    private static func storagePoint(_ input: GraphNode) -> GraphNode {
        var node = input
        while let k = node.kernel, k.kind == .warp || k.role == .crop,
            let inner = node.inputs.first, !inner.isCheapToResample
        {
            node = inner
        }
        return node
    }

    private func expression(for node: GraphNode, passRoot: GraphNode) -> RenderPlan.Expression {
        if node !== passRoot, let pass = node.passIndex { return .intermediate(pass) }
        switch node.operation {
        case let .leaf(i): return .leaf(i)
        case let .constant(c): return .constant(c)
        case let .kernel(kernel, args, label, _, _):
            return .kernel(
                RenderPlan.KernelNode(
                    kernel: kernel, inputs: node.inputs.map { expression(for: $0, passRoot: passRoot) },
                    arguments: args, label: label, extent: node.extent))
        case let .lookup(cube, label):
            return .lookup(
                RenderPlan.LookupNode(
                    cube: cube, input: expression(for: node.inputs[0], passRoot: passRoot),
                    label: label, extent: node.extent))
        }
    }
}
