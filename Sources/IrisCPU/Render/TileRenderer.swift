import IrisCore

/// Renders one tile of a checked plan: every pass in order over its tile rectangle, intermediates kept as
/// float bands, the last pass packed into the shared output bytes.
struct TileRenderer: Sendable {
    let plan: RenderPlan
    let threads: Int
    let spanLength: Int

    /// Throws `AllocationError` when an intermediate's memory cannot be had, before that pass starts.
    func render(_ tile: RenderPlan.Tile, into output: BandedOutput) throws(AllocationError) {
        let last = plan.passes.count - 1
        var images: [PassImage] = []
        for k in 0..<last {
            images.append(try renderIntermediate(plan.passes[k], index: k, rect: tile.passRects[k], images: images))
        }
        let target = tile.output.intersection(plan.outputRect)
        guard !target.isEmpty else { return }
        renderOutput(plan.passes[last], rect: target, images: images, into: output)
    }

    func renderIntermediate(_ pass: RenderPlan.Pass, index: Int, rect: Rect, images: [PassImage])
        throws(AllocationError) -> PassImage
    {
        let width = rect.isEmpty ? 0 : Int(rect.width), height = rect.isEmpty ? 0 : Int(rect.height)
        let bands = RowBands(rows: width == 0 ? 0 : height, threads: threads)
        // Every band's memory is had before any thread starts: a refusal is an error here, not a trap there.
        var stored: [FloatBand] = []
        stored.reserveCapacity(bands.count)
        for b in 0..<bands.count {
            stored.append(
                try FloatBand(
                    count: bands.rows(of: b).count * width,
                    for: "pass \(index)'s \(width)×\(height) intermediate"))
        }
        let factory = SpanNodeFactory(leaves: plan.leaves, images: images)
        let spanLength = self.spanLength
        let store = stored
        bands.forEach { b in
            let rows = bands.rows(of: b)
            let evaluator = RowEvaluator(pass: pass, rect: rect, spanLength: spanLength, factory: factory)
            let base = store[b].base
            for (r, row) in rows.enumerated() {
                evaluator.evaluate(row: row) { column, colours in
                    guard let src = colours.baseAddress else { return }
                    (base + r * width + column).update(from: src, count: colours.count)
                }
            }
        }
        return PassImage(
            rect: rect, extent: ExtentBounds(pass.extent), width: width, height: height,
            rowsPerBand: bands.rowsPerBand, bands: stored)
    }

    private func renderOutput(_ pass: RenderPlan.Pass, rect: Rect, images: [PassImage], into output: BandedOutput) {
        let width = Int(rect.width), height = Int(rect.height)
        let bands = RowBands(rows: height, threads: threads)
        let rowWriter = OutputRowWriter(plan: plan, pass: pass, rect: rect, images: images, spanLength: spanLength)
        // Where the rect's top-left pixel lands in the output buffer.
        let bytesPerRow = output.bytesPerRow
        let firstRow = Int(plan.outputRect.y + plan.outputRect.height - (rect.y + rect.height))
        let firstByte = firstRow * bytesPerRow + Int(rect.x - plan.outputRect.x) * 4
        bands.forEach { b in
            let rows = bands.rows(of: b)
            guard !rows.isEmpty else { return }
            let writer = rowWriter.makeBandWriter()
            let bandStart = firstByte + rows.lowerBound * bytesPerRow
            output.withRows(from: bandStart, byteLength: (rows.count - 1) * bytesPerRow + width * 4) { band in
                writer.write(rows: rows) { row in
                    (band + (row - rows.lowerBound) * bytesPerRow).assumingMemoryBound(to: UInt8.self)
                }
            }
        }
    }
}
