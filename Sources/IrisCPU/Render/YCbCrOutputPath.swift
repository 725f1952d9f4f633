import IrisCore

/// The camera case of an output pass, rendered without the span interpreter: a 4:2:0 decoder (NV12, NV21,
/// I420) read at pixel centres inside the frame, optionally followed by one baked `ColorCube` and a BGRA
/// swizzle. Rows go straight from the planes through `YCbCrRowDecoder` (and the cube) into output bytes.
/// Any other shape, or a rectangle reaching outside the frame, takes the general path.
struct YCbCrOutputPath: Sendable {
    enum Chroma: Sendable {
        /// CbCr pairs (CrCb when `swapped`) in one plane.
        case interleaved(RenderPlan.Leaf, swapped: Bool)
        case planar(cb: RenderPlan.Leaf, cr: RenderPlan.Leaf)
    }

    let luma: RenderPlan.Leaf
    let chroma: Chroma
    let matrix: YCbCrMatrix
    let cube: CubeInterpolator?
    /// The output conversion left after the cube (the sRGB encode, steep near black, stays exact).
    let encode: Kernel.CPUBody?
    /// The sRGB encode as a byte table, when it follows an opaque, finite cube (premultiplied and straight
    /// colour are the same there).
    let byteEncode: SRGBByteTable?
    let swapsRedBlue: Bool
    /// The output rectangle: x of its left column, y of its top row + 1, width.
    let x: Int, maxY: Int, width: Int

    init?(pass: RenderPlan.Pass, rect: Rect, leaves: [RenderPlan.Leaf]) {
        var root = pass.root
        var swaps = false
        if case let .kernel(node) = root, node.kernel.role == .swizzleBGRA, node.extent.contains(rect) {
            root = node.inputs[0]; swaps = true
        }
        var encode: Kernel.CPUBody?
        var encodesSRGB = false
        if case let .kernel(node) = root, node.extent.contains(rect), case let .lookup(inner) = node.inputs.first,
           node.kernel.role == .linearToSRGB || node.kernel.role == .unpremultiply,
           inner.extent.contains(rect) {
            encode = node.kernel.cpu; root = node.inputs[0]
            encodesSRGB = node.kernel.role == .linearToSRGB
        }
        var cube: CubeInterpolator?
        if case let .lookup(node) = root, node.extent.contains(rect) {
            cube = CubeInterpolator(node.cube); root = node.input
        }
        guard encode == nil || cube != nil else { return nil }
        guard case let .kernel(decode) = root, decode.extent.contains(rect), pass.extent.contains(rect),
              rect.x == rect.x.rounded(), Int(rect.x) % 2 == 0 else { return nil }
        let args = decode.arguments
        guard args.values.count == 3 else { return nil }
        let swapped = args.float(2) > 0.5
        func chromaLeaf(_ e: RenderPlan.Expression) -> RenderPlan.Leaf? {
            // The decoders read chroma through a 2× affine upsample, cropped to the frame when the upsample
            // overhangs it (odd sides).
            var upsample = e
            if case let .kernel(crop) = e, crop.kernel.role == .crop {
                let r = crop.arguments.vec4(0)
                guard crop.extent.contains(rect),
                      Rect(x: Double(r.x), y: Double(r.y), width: Double(r.z), height: Double(r.w)).contains(rect) else { return nil }
                upsample = crop.inputs[0]
            }
            guard case let .kernel(affine) = upsample else { return nil }
            return ChromaUpsampleNode.matches(affine, leaves: leaves)
        }
        guard decode.inputs.count >= 2, case let .leaf(lumaIndex) = decode.inputs[0], leaves.indices.contains(lumaIndex) else { return nil }
        let luma = leaves[lumaIndex]
        switch decode.kernel.role {
        case .ycbcrBiplanar:
            guard decode.inputs.count == 2, let c = chromaLeaf(decode.inputs[1]), c.channels == 2 else { return nil }
            chroma = .interleaved(c, swapped: swapped)
        case .ycbcrTriplanar:
            guard decode.inputs.count == 3, let u = chromaLeaf(decode.inputs[1]), let v = chromaLeaf(decode.inputs[2]),
                  u.channels == 1, v.channels == 1 else { return nil }
            chroma = swapped ? .planar(cb: v, cr: u) : .planar(cb: u, cr: v)
        default:
            return nil
        }
        // Whole 4:2:0 frames only: even sides, chroma exactly half, the rectangle inside the luma plane.
        let frameWidth = luma.width, frameHeight = luma.height
        guard luma.channels == 1, luma.buffer.format.planes[luma.plane].bytesPerSample == 1,
              frameWidth % 2 == 0, frameHeight % 2 == 0,
              Rect(width: frameWidth, height: frameHeight).contains(rect) else { return nil }
        for leaf in Self.chromaLeaves(chroma) where leaf.width != frameWidth / 2 || leaf.height != frameHeight / 2 { return nil }
        self.luma = luma
        self.matrix = YCbCrMatrix(columnMajor: args.mat4(0), offset: args.vec4(1))
        self.cube = cube
        self.encode = encode
        byteEncode = encodesSRGB && cube?.isOpaqueAndFinite == true ? SRGBByteTable.shared : nil
        self.swapsRedBlue = swaps
        x = Int(rect.x); maxY = Int(rect.y + rect.height); width = Int(rect.width)
    }

    private static func chromaLeaves(_ chroma: Chroma) -> [RenderPlan.Leaf] {
        switch chroma {
        case let .interleaved(leaf, _): return [leaf]
        case let .planar(cb, cr): return [cb, cr]
        }
    }

    /// One thread's row renderer (it owns scratch rows).
    func rows() -> YCbCrOutputRows { YCbCrOutputRows(self) }
}

/// Renders rows of a `YCbCrOutputPath` into RGBA (or BGRA) bytes.
final class YCbCrOutputRows {
    private let path: YCbCrOutputPath
    private var decoder: YCbCrRowDecoder
    /// The matrix scaled to bytes, or to the cube's fixed-point coordinates.
    private let scaledMatrix: YCbCrRowDecoder.ScaledMatrix
    private var r: [Int32], g: [Int32], b: [Int32]
    private var colours: [SIMD4<Float>]
    private let cubeRows = CubeRowLookup()

    init(_ path: YCbCrOutputPath) {
        self.path = path
        decoder = YCbCrRowDecoder(width: path.luma.width)
        let scaled = YCbCrRowDecoder.ScaledMatrix(path.matrix, scale: path.cube?.unitScale ?? 255)
        scaledMatrix = path.cube == nil && path.swapsRedBlue ? scaled.swappingRedBlue : scaled
        let padded = path.width + 8
        r = [Int32](repeating: 0, count: padded); g = r; b = r
        colours = [SIMD4<Float>](repeating: .zero, count: path.cube == nil ? 0 : padded)
    }

    /// Renders memory row `row` (0 = the rectangle's top) into `out` (width × 4 bytes).
    func render(row: Int, into out: UnsafeMutablePointer<UInt8>) {
        let y = path.maxY - 1 - row                      // global row, bottom-up
        let lumaRow = path.luma.height - 1 - y            // planes are stored top-down
        blendChroma(forGlobalRow: y)
        let lumaPlane = path.luma.buffer.planes[path.luma.plane]
        lumaPlane.bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            let luma = base + lumaRow * lumaPlane.bytesPerRow
            if let cube = path.cube {
                lookUp(luma: luma, cube: cube, into: out)
            } else {
                UnsafeMutableRawPointer(out).withMemoryRebound(to: UInt32.self, capacity: path.width) { words in
                    decoder.decodeToBytes(luma: luma, x0: path.x, count: path.width, matrix: scaledMatrix, into: words)
                }
            }
        }
    }

    /// Bilinear weights of the two chroma rows around global row y: the same sample positions as the
    /// decode kernels' 2× affine (pixel centre y + ½ reads chroma position (y + ½) / 2), so the near row's
    /// weight is ¼ or ¾ (any weight at the clamped edges, where both rows are the same).
    private func blendChroma(forGlobalRow y: Int) {
        let h = path.luma.height / 2
        let fromTop = Float(h) - (Float(y) + 0.5) * 0.5 - 0.5
        let r0f = fromTop.rounded(.down)
        let nearWeight = Int16(((1 - (fromTop - r0f)) * 4).rounded())
        let near = min(max(Int(r0f), 0), h - 1), far = min(max(Int(r0f) + 1, 0), h - 1)
        switch path.chroma {
        case let .interleaved(leaf, swapped):
            let plane = leaf.buffer.planes[leaf.plane]
            plane.bytes.withUnsafeBufferPointer { p in
                guard let base = p.baseAddress else { return }
                decoder.blendInterleaved(near: base + near * plane.bytesPerRow, far: base + far * plane.bytesPerRow,
                                         nearWeight: nearWeight, swapped: swapped)
            }
        case let .planar(cbLeaf, crLeaf):
            let cb = cbLeaf.buffer.planes[cbLeaf.plane], cr = crLeaf.buffer.planes[crLeaf.plane]
            cb.bytes.withUnsafeBufferPointer { u in cr.bytes.withUnsafeBufferPointer { v in
                guard let ub = u.baseAddress, let vb = v.baseAddress else { return }
                decoder.blendPlanar(cbNear: ub + near * cb.bytesPerRow, cbFar: ub + far * cb.bytesPerRow,
                                    crNear: vb + near * cr.bytesPerRow, crFar: vb + far * cr.bytesPerRow, nearWeight: nearWeight)
            } }
        }
    }

    /// Decode to the cube's coordinates, then one cube lookup per pixel, then the output encode straight to
    /// bytes: the sRGB byte table after an opaque cube, the exact kernel otherwise.
    private func lookUp(luma: UnsafePointer<UInt8>, cube: CubeInterpolator, into out: UnsafeMutablePointer<UInt8>) {
        let width = path.width
        r.withUnsafeMutableBufferPointer { rp in g.withUnsafeMutableBufferPointer { gp in b.withUnsafeMutableBufferPointer { bp in
            guard let rs = rp.baseAddress, let gs = gp.baseAddress, let bs = bp.baseAddress else { return }
            decoder.decode(luma: luma, x0: path.x, count: width, matrix: scaledMatrix, r: rs, g: gs, b: bs)
            if let table = path.byteEncode {
                UnsafeMutableRawPointer(out).withMemoryRebound(to: UInt32.self, capacity: width) { words in
                    cubeRows.lookUpAndEncode(cube, r: rs, g: gs, b: bs, count: width, table: table,
                                             swapsRedBlue: path.swapsRedBlue, into: words)
                }
                return
            }
            colours.withUnsafeMutableBufferPointer { cp in
                guard let cs = cp.baseAddress else { return }
                cubeRows.lookUp(cube, r: rs, g: gs, b: bs, count: width, into: cs)
            }
        } } }
        guard path.byteEncode == nil else { return }
        if case let .color(body)? = path.encode { body(&colours, [], [], KernelArguments([])) }
        colours.withUnsafeBufferPointer { cp in
            guard let cs = cp.baseAddress else { return }
            packBytes(cs, count: width, into: out)
        }
    }
}
