import IrisCore

/// A histogram without scatter (GLES2 has neither compute nor atomics): every output pixel of the first pass
/// is one bin of one block of the area (up to 64 rows of up to 512 pixels), holding per component the
/// fraction of the block's pixels that fall in that bin; the blocks are then summed by `AreaReduction`.
/// The GLES pass reads each block once per bin; the CPU body counts a block once for all its bins.
enum AreaHistogram {
    static let blockWidth = 512
    static let blockRowLimit = 64
    /// Blocks stack in one column of the first pass's output, so their count stays within a texture side.
    static let blockLimit = 8192

    /// CIAreaHistogram's output: `bins`×1 at the origin; bin b of red, green and blue holds `scale` × the
    /// fraction of the area's pixels whose component value v (working space, premultiplied, clamped to 0…1)
    /// has ⌊v · bins⌋ = b (v = 1 falls in the last bin). A value within a thousandth of a bin below a boundary
    /// counts in the bin above, so that a value on the boundary (a byte such as 51 with 5 bins) lands in the
    /// same bin on every renderer whatever its last bit. Alpha is 1: Iris writes straight alpha, so an alpha
    /// histogram would blank every colour bin whose alpha bin is empty.
    static func histogram(_ image: Image, area: Rect, bins: Int, scale: Double, filter: String) throws(FilterError)
        -> Image
    {
        let width = Int(area.width), height = Int(area.height)
        let blockWidth = min(width, Self.blockWidth)
        let columns = (width + blockWidth - 1) / blockWidth
        var blockRows = 8
        func blocks(_ rows: Int) -> Int { columns * ((height + rows - 1) / rows) }
        while blocks(blockRows) > blockLimit && blockRows < blockRowLimit { blockRows *= 2 }
        let count = blocks(blockRows)
        guard count <= blockLimit else {
            throw .invalidValue(
                filter: filter, key: "inputExtent",
                reason:
                    "\(width)×\(height) is more than a histogram reads (\(blockLimit) blocks of \(blockRowLimit)×\(Self.blockWidth) pixels)"
            )
        }
        let layout = SIMD4(
            Float(bins), Float(blockRows), Float(blockWidth), Float((height + blockRows - 1) / blockRows))
        let perBlock = Image.make(
            countKernel, [image],
            KernelArguments([
                .vec2(SIMD2(Float(area.minX), Float(area.minY))), .vec2(SIMD2(Float(width), Float(height))),
                .vec4(layout)
            ]),
            extent: Rect(x: 0, y: 0, width: Double(bins), height: Double(count)), label: filter)
        // The reduction's mean over the blocks, back to counts over the area's pixels.
        let mean = AreaReduction.reduce(
            perBlock, area: perBlock.extent, mode: .mean, alongX: false, alongY: true, label: filter)
        let factor = Double(count * blockRows * blockWidth) / Double(width * height) * scale
        return Image.make(
            opaqueScaleKernel, [mean], KernelArguments([.float(Float(factor))]), extent: mean.extent, label: filter)
    }

    /// Output pixel (bin, block): the block's share of pixels in `bin`, per component, over its full size.
    /// layout = (bins, rows per block, block width, blocks per column of blocks).
    static let countKernel = Kernel(
        general: "irisHistogramCount",
        parameters: [
            .init("origin", "vec2"), .init("size", "vec2"),
            .init("layout", "vec4")
        ],
        glsl: """
            vec4 irisHistogramCount(vec2 dc, vec2 origin, vec2 size, vec4 layout) {
                vec2 cell = floor(dc);
                float column = floor(cell.y / layout.w);
                vec2 base = vec2(column * layout.z, (cell.y - column * layout.w) * layout.y);
                vec4 result = vec4(0.0);
                for (int j = 0; j < 64; j++) {
                    if (float(j) >= layout.y || base.y + float(j) >= size.y) break;
                    for (int i = 0; i < 512; i++) {
                        if (float(i) >= layout.z || base.x + float(i) >= size.x) break;
                        vec4 s = clamp(sample0(origin + base + vec2(float(i), float(j)) + 0.5), 0.0, 1.0);
                        result.rgb += vec3(equal(min(floor(s.rgb * layout.x + 0.001), layout.x - 1.0), vec3(cell.x)));
                    }
                }
                return result / (layout.y * layout.z);
            }
            """,
        cpu: { coords, sample, args in
            let origin = args.vec2(0), size = args.vec2(1), layout = args.vec4(2)
            let bins = Int(layout.x), rows = Int(layout.y), blockWidth = Int(layout.z), perColumn = Int(layout.w)
            var counted: [Int: [SIMD4<Float>]] = [:]
            func block(_ cell: Int) -> [SIMD4<Float>] {
                if let known = counted[cell] { return known }
                let column = cell / perColumn
                let baseX = column * blockWidth, baseY = (cell - column * perColumn) * rows
                var points: [SIMD2<Float>] = []
                for j in 0..<rows where Float(baseY + j) < size.y {
                    for i in 0..<blockWidth where Float(baseX + i) < size.x {
                        points.append(origin + SIMD2(Float(baseX + i), Float(baseY + j)) + 0.5)
                    }
                }
                var histogram = [SIMD4<Float>](repeating: .zero, count: bins)
                let share = 1 / Float(rows * blockWidth)
                for s in sample(0, points) {
                    for c in 0..<3 {
                        let bin = min(Int((min(max(s[c], 0), 1) * layout.x + 0.001).rounded(.down)), bins - 1)
                        histogram[bin][c] += share
                    }
                }
                counted[cell] = histogram
                return histogram
            }
            return coords.map { p in
                let bin = Int(p.x.rounded(.down)), cell = Int(p.y.rounded(.down))
                guard bin >= 0, bin < bins, cell >= 0 else { return .zero }
                return block(cell)[bin]
            }
        },
        roi: { _, _, args in
            let origin = args.vec2(0), size = args.vec2(1)
            return Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.x), height: Double(size.y))
        })

    /// The last step: block shares back to shares of the area, times the scale, opaque.
    static let opaqueScaleKernel = Kernel(
        color: "irisHistogramScale", parameters: [.init("scale", "float")],
        glsl: """
            vec4 irisHistogramScale(vec4 s0, float scale) { return vec4(s0.rgb * scale, 1.0); }
            """,
        cpu: { px, _, _, args in
            let scale = args.float(0)
            for i in px.indices { px[i] = SIMD4(px[i].x * scale, px[i].y * scale, px[i].z * scale, 1) }
        })
}
