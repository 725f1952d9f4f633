extension RenderPlan {
    /// The formats a plan can write: the output pass stores 4 bytes a pixel (`bgra8` by a swizzle the
    /// compiler adds).
    public static let outputFormats: [PixelFormat] = [.rgba8, .bgra8]

    /// Checks everything that could stop a render before any of it is done: the plan's own rules (indices,
    /// counts, integral rectangles, leaves that hold the bytes they promise, kernels given the inputs and
    /// arguments they declare) and what `requirements` asks for. Both renderers call it first, so a bad plan
    /// gets the same `PlanError` from either, and neither needs checks of its own.
    public func validate(_ requirements: PlanRequirements = .init()) throws(PlanError) {
        guard Self.outputFormats.contains(outputFormat) else { throw .unsupportedOutputFormat(outputFormat) }
        if outputRect.isInfinite { throw .infiniteExtent }
        if outputRect.isEmpty { throw .emptyExtent }
        guard Self.isIntegral(outputRect) else { throw .rectNotIntegral(.output, outputRect) }
        let width = Self.pixels(outputRect.width), height = Self.pixels(outputRect.height)
        if let size = requirements.outputSize, width != size.width || height != size.height {
            throw .outputSizeMismatch(
                width: width, height: height, expectedWidth: size.width, expectedHeight: size.height)
        }
        guard !passes.isEmpty else { throw .noPasses }
        for (index, leaf) in leaves.enumerated() { try Self.validate(leaf, index: index) }
        // Tiles never hold textures larger than the limit the plan was tiled for, whatever the renderer allows.
        let limit = min(requirements.maximumTextureSize, maximumTextureSize)
        for (index, tile) in tiles.enumerated() { try validate(tile, index: index, textureLimit: limit) }
        for (index, pass) in passes.enumerated() {
            var sampled = SampledTextures()
            try validate(pass.root, pass: index, requirements: requirements, sampled: &sampled)
            guard sampled.count <= requirements.maximumTexturesPerPass else {
                throw .tooManyTextures(pass: index, count: sampled.count, limit: requirements.maximumTexturesPerPass)
            }
        }
    }

    /// The one walk over `Expression` that validation makes: a new kind of node is checked here.
    private func validate(
        _ expression: Expression, pass: Int, requirements: PlanRequirements,
        sampled: inout SampledTextures
    ) throws(PlanError) {
        switch expression {
        case let .leaf(i):
            guard leaves.indices.contains(i) else { throw .leafIndex(pass: pass, leaf: i, leafCount: leaves.count) }
            sampled.leaves.insert(i)
        case let .intermediate(k):
            // Passes run in order, so a pass can read only the ones before it.
            guard k >= 0, k < pass else { throw .intermediateIndex(pass: pass, reads: k) }
            sampled.passes.insert(k)
        case .constant:
            break
        case let .lookup(node):
            guard requirements.executesColorCubes else { throw .colorCubeUnsupported(pass: pass, label: node.label) }
            sampled.cubes += 1
            try validate(node.input, pass: pass, requirements: requirements, sampled: &sampled)
        case let .kernel(node):
            let kernel = node.kernel
            // Bodies index their inputs and arguments by position; a short list would read past its end.
            guard node.inputs.count == kernel.inputCount else {
                throw .kernelInputCount(
                    pass: pass, kernel: kernel.name, expected: kernel.inputCount, got: node.inputs.count)
            }
            guard node.arguments.values.count == kernel.parameters.count else {
                throw .kernelArgumentCount(
                    pass: pass, kernel: kernel.name, expected: kernel.parameters.count,
                    got: node.arguments.values.count)
            }
            for (value, parameter) in zip(node.arguments.values, kernel.parameters)
            where value.glslType != parameter.glslType {
                throw .kernelArgumentType(
                    pass: pass, kernel: kernel.name, parameter: parameter.name,
                    expected: parameter.glslType, got: value.glslType)
            }
            for input in node.inputs { try validate(input, pass: pass, requirements: requirements, sampled: &sampled) }
            if requirements.requiresCPUBodies, kernel.cpu == nil {
                throw .missingCPUBody(pass: pass, kernel: kernel.name)
            }
        }
    }

    private static func validate(_ leaf: Leaf, index: Int) throws(PlanError) {
        let buffer = leaf.buffer
        // `planes` is a public var, so a buffer can hold fewer planes (or bytes) than its format promises.
        guard buffer.planes.indices.contains(leaf.plane), buffer.format.planes.indices.contains(leaf.plane) else {
            throw .leafPlane(leaf: index, plane: leaf.plane, planeCount: buffer.planes.count)
        }
        let layout = buffer.format.planes[leaf.plane]
        // The GLES renderer uploads the plane with the format table's channels and the shaders read the
        // leaf with the declared ones; the CPU renderer follows the same rule so the two agree.
        guard leaf.channels == layout.textureChannels else {
            throw .leafChannels(leaf: index, channels: leaf.channels, expected: layout.textureChannels)
        }
        let plane = buffer.planes[leaf.plane]
        let rowBytes = leaf.width * layout.bytesPerSample
        let needed = leaf.height > 0 ? plane.bytesPerRow * (leaf.height - 1) + rowBytes : 0
        guard plane.bytesPerRow >= rowBytes, plane.byteCount >= needed else {
            throw .leafTooSmall(leaf: index, needed: needed, got: plane.byteCount)
        }
    }

    private func validate(_ tile: Tile, index t: Int, textureLimit: Int) throws(PlanError) {
        guard tile.passRects.count == passes.count else {
            throw .tilePassCount(tile: t, expected: passes.count, got: tile.passRects.count)
        }
        guard tile.leafRects.count == leaves.count else {
            throw .tileLeafCount(tile: t, expected: leaves.count, got: tile.leafRects.count)
        }
        guard tile.passRects.last == tile.output else {
            throw .tileOutputPass(tile: t, output: tile.output, outputPass: tile.passRects.last ?? .empty)
        }
        try Self.validate(tile.output, at: .tileOutput(tile: t), inside: outputRect, textureLimit: .max)
        for (p, rect) in tile.passRects.enumerated() {
            try Self.validate(rect, at: .pass(p, tile: t), inside: nil, textureLimit: textureLimit)
        }
        for (l, rect) in tile.leafRects.enumerated() {
            try Self.validate(rect, at: .leaf(l, tile: t), inside: leaves[l].extent, textureLimit: textureLimit)
        }
    }

    /// An empty rectangle means the tile does not need that pass or leaf, so only non-empty ones are checked.
    private static func validate(_ rect: Rect, at place: PlanError.Place, inside bounds: Rect?, textureLimit: Int)
        throws(PlanError)
    {
        guard !rect.isEmpty else { return }
        guard isIntegral(rect) else { throw .rectNotIntegral(place, rect) }
        if let bounds, !bounds.contains(rect) { throw .rectOutside(place, rect, bounds: bounds) }
        let width = pixels(rect.width), height = pixels(rect.height)
        guard width <= textureLimit, height <= textureLimit else {
            throw .textureTooLarge(place, width: width, height: height, limit: textureLimit)
        }
    }

    private static func isIntegral(_ r: Rect) -> Bool {
        !r.isInfinite && [r.x, r.y, r.width, r.height].allSatisfy { $0 == $0.rounded() }
    }

    /// A finite, integral side as a pixel count; a side too long for `Int` (a hand-built plan's) saturates
    /// rather than trapping, and is over every limit anyway.
    private static func pixels(_ side: Double) -> Int { side < 0x1p62 ? Int(side) : .max }
}

/// The distinct leaves and earlier passes one pass samples: each is one texture to the GLES renderer.
private struct SampledTextures {
    var leaves: Set<Int> = []
    var passes: Set<Int> = []
    /// GLES binds one atlas texture per lookup node.
    var cubes = 0
    var count: Int { leaves.count + passes.count + cubes }
}
