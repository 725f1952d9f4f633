import IrisCore

/// A whole camera frame as a plan reads it: a 4:2:0 Y'CbCr decode kernel (NV12, NV21, I420) over the luma
/// leaf and the chroma leaves' 2× upsample, or the packed 4:2:2 decode (YUYV) over its one plane.
/// Recognising it lets the CPU decode rows with `YCbCrRowDecoder` instead of interpreting the kernel, its
/// warps and its bilinear samplers pixel by pixel.
struct YCbCrSource: Sendable {
    enum Chroma: Sendable {
        /// CbCr pairs (CrCb when `swapped`) in one plane.
        case interleaved(RenderPlan.Leaf, swapped: Bool)
        case planar(cb: RenderPlan.Leaf, cr: RenderPlan.Leaf)
        /// In the luma leaf's own texels, Y0 Cb Y1 Cr per pixel pair (Y0 Cr Y1 Cb when `swapped`).
        case packed(swapped: Bool)
    }

    /// The luma plane; for a packed frame, its one plane (a texel per pixel pair).
    let luma: RenderPlan.Leaf
    let chroma: Chroma
    let matrix: DecodeKernelMatrix
    /// The frame's size in pixels.
    let width: Int
    var height: Int { luma.height }

    /// Nil unless `decode` is a 4:2:0 decoder over whole frames (even sides, chroma exactly half) or a
    /// packed 4:2:2 one over its whole plane.
    init?(_ decode: RenderPlan.KernelNode, leaves: [RenderPlan.Leaf]) {
        let args = decode.arguments
        guard args.values.count == 3, decode.inputs.count >= 1, case let .leaf(lumaIndex) = decode.inputs[0],
            leaves.indices.contains(lumaIndex)
        else { return nil }
        let luma = leaves[lumaIndex]
        let swapped = args.float(2) > 0.5
        self.matrix = DecodeKernelMatrix(columnMajor: args.mat4(0), offset: args.vec4(1))
        if decode.kernel.role == .ycbcrPacked422 {
            let frameWidth = luma.width * 2
            guard decode.inputs.count == 1, luma.channels == 4,
                luma.buffer.format.planes[luma.plane].bytesPerSample == 4,
                luma.buffer.width == frameWidth, decode.extent.contains(Rect(width: frameWidth, height: luma.height))
            else { return nil }
            self.luma = luma
            chroma = .packed(swapped: swapped)
            width = frameWidth
            return
        }
        guard decode.inputs.count >= 2 else { return nil }
        let frame = Rect(width: luma.width, height: luma.height)
        func chromaLeaf(_ e: RenderPlan.Expression) -> RenderPlan.Leaf? {
            // The decoders read chroma through a 2× affine upsample, cropped to the frame when the upsample
            // overhangs it (odd sides).
            var upsample = e
            if case let .kernel(crop) = e, crop.kernel.role == .crop {
                let r = crop.arguments.vec4(0)
                guard crop.extent.contains(frame),
                    Rect(x: Double(r.x), y: Double(r.y), width: Double(r.z), height: Double(r.w)).contains(frame)
                else { return nil }
                upsample = crop.inputs[0]
            }
            guard case let .kernel(affine) = upsample else { return nil }
            return ChromaUpsampleNode.matches(affine, leaves: leaves)
        }
        switch decode.kernel.role {
        case .ycbcrBiplanar:
            guard decode.inputs.count == 2, let c = chromaLeaf(decode.inputs[1]), c.channels == 2 else { return nil }
            chroma = .interleaved(c, swapped: swapped)
        case .ycbcrTriplanar:
            guard decode.inputs.count == 3, let u = chromaLeaf(decode.inputs[1]), let v = chromaLeaf(decode.inputs[2]),
                u.channels == 1, v.channels == 1
            else { return nil }
            chroma = swapped ? .planar(cb: v, cr: u) : .planar(cb: u, cr: v)
        default:
            return nil
        }
        guard luma.channels == 1, luma.buffer.format.planes[luma.plane].bytesPerSample == 1,
            luma.width % 2 == 0, luma.height % 2 == 0, decode.extent.contains(frame)
        else { return nil }
        let chromaLeaves: [RenderPlan.Leaf] =
            switch chroma {
            case let .interleaved(leaf, _): [leaf]
            case let .planar(cb, cr): [cb, cr]
            case .packed: []
            }
        for leaf in chromaLeaves where leaf.width != luma.width / 2 || leaf.height != luma.height / 2 { return nil }
        self.luma = luma
        width = luma.width
    }

    /// A row decoder for this frame's layout.
    func makeDecoder() -> YCbCrRowDecoder {
        guard case let .packed(swapped) = chroma else { return YCbCrRowDecoder(width: width) }
        return YCbCrRowDecoder(width: width, packed: swapped ? .crFirst : .cbFirst)
    }

    /// Blends the chroma rows of global row y (0 = bottom) into `decoder` (see `Planes.blendChroma`).
    func blendChroma(forGlobalRow y: Int, into decoder: inout YCbCrRowDecoder) {
        withPlanes { $0.blendChroma(forGlobalRow: y, into: &decoder) }
    }

    /// Runs `body` with the luma bytes of global row y (0 = bottom; planes are stored top-down).
    func withLumaRow<R>(globalRow y: Int, _ body: (UnsafePointer<UInt8>) -> R) -> R {
        withPlanes { body($0.lumaRow(globalRow: y)) }
    }

    /// Runs `body` with the frame's planes as pointers, so a band of rows reads them without touching the
    /// buffers' reference counts row by row (two threads doing that on one buffer contend for its count).
    func withPlanes<R>(_ body: (Planes) -> R) -> R {
        let lumaPlane = luma.buffer.planes[luma.plane]
        return lumaPlane.withUnsafeBufferPointer { y in
            switch chroma {
            case let .interleaved(leaf, swapped):
                let plane = leaf.buffer.planes[leaf.plane]
                return plane.withUnsafeBufferPointer { c in
                    body(
                        Planes(
                            luma: y.baseAddress!, lumaStride: lumaPlane.bytesPerRow, height: height,
                            chroma: .interleaved(c.baseAddress!, stride: plane.bytesPerRow, swapped: swapped)))
                }
            case .packed:
                return body(
                    Planes(luma: y.baseAddress!, lumaStride: lumaPlane.bytesPerRow, height: height, chroma: .packed))
            case let .planar(cbLeaf, crLeaf):
                let cb = cbLeaf.buffer.planes[cbLeaf.plane], cr = crLeaf.buffer.planes[crLeaf.plane]
                return cb.withUnsafeBufferPointer { u in
                    cr.withUnsafeBufferPointer { v in
                        body(
                            Planes(
                                luma: y.baseAddress!, lumaStride: lumaPlane.bytesPerRow, height: height,
                                chroma: .planar(
                                    cb: u.baseAddress!, cbStride: cb.bytesPerRow, cr: v.baseAddress!,
                                    crStride: cr.bytesPerRow)))
                    }
                }
            }
        }
    }

    /// A frame's planes while `withPlanes` runs.
    struct Planes {
        enum Chroma {
            case interleaved(UnsafePointer<UInt8>, stride: Int, swapped: Bool)
            case planar(cb: UnsafePointer<UInt8>, cbStride: Int, cr: UnsafePointer<UInt8>, crStride: Int)
            /// Chroma sits in the luma rows (packed 4:2:2): nothing to blend.
            case packed
        }
        let luma: UnsafePointer<UInt8>
        let lumaStride: Int
        /// Luma rows.
        let height: Int
        let chroma: Chroma

        /// The luma bytes of global row y (0 = bottom; planes are stored top-down); a packed frame's whole row.
        func lumaRow(globalRow y: Int) -> UnsafePointer<UInt8> { luma + (height - 1 - y) * lumaStride }

        /// Blends the chroma rows of global row y (0 = bottom) into `decoder`: the same sample positions as
        /// the decode kernels' 2× affine (pixel centre y + ½ reads chroma position (y + ½) / 2), so the near
        /// row's weight is ¼ or ¾ (any weight at the clamped edges, where both rows are the same).
        func blendChroma(forGlobalRow y: Int, into decoder: inout YCbCrRowDecoder) {
            switch chroma {
            case .packed:
                return
            case let .interleaved(base, stride, swapped):
                let (near, far, nearWeight) = chromaRows(forGlobalRow: y)
                decoder.blendInterleaved(
                    near: base + near * stride, far: base + far * stride, nearWeight: nearWeight, swapped: swapped)
            case let .planar(cb, cbStride, cr, crStride):
                let (near, far, nearWeight) = chromaRows(forGlobalRow: y)
                decoder.blendPlanar(
                    cbNear: cb + near * cbStride, cbFar: cb + far * cbStride,
                    crNear: cr + near * crStride, crFar: cr + far * crStride, nearWeight: nearWeight)
            }
        }

        /// The 4:2:0 chroma rows global row y reads, and the near row's weight in quarters.
        private func chromaRows(forGlobalRow y: Int) -> (near: Int, far: Int, nearWeight: Int16) {
            let h = height / 2
            let fromTop = Float(h) - (Float(y) + 0.5) * 0.5 - 0.5
            let r0f = fromTop.rounded(.down)
            let nearWeight = Int16(((1 - (fromTop - r0f)) * 4).rounded())
            return (min(max(Int(r0f), 0), h - 1), min(max(Int(r0f) + 1, 0), h - 1), nearWeight)
        }
    }
}
