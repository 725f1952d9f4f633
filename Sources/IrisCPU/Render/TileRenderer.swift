import IrisCore
import Synchronization

/// Renders one tile of a checked plan: every pass in order over its tile rectangle, intermediates kept as
/// float bands, the last pass packed into the shared output bytes.
struct TileRenderer: Sendable {
    let plan: RenderPlan
    let threads: Int
    let spanLength: Int
    /// Output rows copied per lock of the output buffer.
    let rowsPerFlush: Int

    func render(_ tile: RenderPlan.Tile, into output: borrowing Mutex<[UInt8]>, bytesPerRow: Int) {
        let last = plan.passes.count - 1
        var images: [PassImage] = []
        for k in 0..<last {
            images.append(renderIntermediate(plan.passes[k], rect: tile.passRects[k], images: images))
        }
        let target = tile.output.intersection(plan.outputRect)
        guard !target.isEmpty else { return }
        renderOutput(plan.passes[last], rect: target, images: images, into: output, bytesPerRow: bytesPerRow)
    }

    private func renderIntermediate(_ pass: RenderPlan.Pass, rect: Rect, images: [PassImage]) -> PassImage {
        let width = rect.isEmpty ? 0 : Int(rect.width), height = rect.isEmpty ? 0 : Int(rect.height)
        let bands = RowBands(rows: width == 0 ? 0 : height, threads: threads)
        let results = Mutex([[SIMD4<Float>]](repeating: [], count: bands.count))
        let factory = SpanNodeFactory(leaves: plan.leaves, images: images)
        let spanLength = self.spanLength
        bands.forEach { b in
            let rows = bands.rows(of: b)
            let evaluator = RowEvaluator(pass: pass, rect: rect, spanLength: spanLength, factory: factory)
            var band = [SIMD4<Float>](repeating: .zero, count: rows.count * width)
            band.withUnsafeMutableBufferPointer { store in
                guard let base = store.baseAddress else { return }
                for (r, row) in rows.enumerated() {
                    evaluator.evaluate(row: row) { column, colours in
                        guard let src = colours.baseAddress else { return }
                        (base + r * width + column).update(from: src, count: colours.count)
                    }
                }
            }
            results.withLock { $0[b] = band }
        }
        let stored = results.withLock { bands in let taken = bands; bands = []; return taken }
        return PassImage(rect: rect, extent: ExtentBounds(pass.extent), width: width, height: height,
                         rowsPerBand: bands.rowsPerBand, bands: stored)
    }

    private func renderOutput(_ pass: RenderPlan.Pass, rect: Rect, images: [PassImage],
                              into output: borrowing Mutex<[UInt8]>, bytesPerRow: Int) {
        let width = Int(rect.width), height = Int(rect.height)
        let bands = RowBands(rows: height, threads: threads)
        let factory = SpanNodeFactory(leaves: plan.leaves, images: images)
        let directCopy = DirectLeafCopy(pass: pass, rect: rect, leaves: plan.leaves)
        let ycbcr = YCbCrOutputPath(pass: pass, rect: rect, leaves: plan.leaves)
        // Where the rect's top-left pixel lands in the output buffer.
        let firstRow = Int(plan.outputRect.y + plan.outputRect.height - (rect.y + rect.height))
        let firstByte = firstRow * bytesPerRow + Int(rect.x - plan.outputRect.x) * 4
        let rowBytes = width * 4
        let (spanLength, rowsPerFlush) = (self.spanLength, max(self.rowsPerFlush, 1))
        bands.forEach { b in
            let rows = bands.rows(of: b)
            let evaluator = RowEvaluator(pass: pass, rect: rect, spanLength: spanLength, factory: factory)
            let decodedRows = ycbcr?.rows()
            var scratch = [UInt8](repeating: 0, count: min(rowsPerFlush, rows.count) * rowBytes)
            var batchStart = rows.lowerBound
            while batchStart < rows.upperBound {
                let batch = batchStart..<min(batchStart + rowsPerFlush, rows.upperBound)
                scratch.withUnsafeMutableBufferPointer { bytes in
                    guard let base = bytes.baseAddress else { return }
                    for row in batch {
                        let rowStart = base + (row - batch.lowerBound) * rowBytes
                        if directCopy?.copy(row: row, into: rowStart) == true { continue }
                        if let decodedRows { decodedRows.render(row: row, into: rowStart); continue }
                        evaluator.evaluate(row: row) { column, colours in
                            guard let src = colours.baseAddress else { return }
                            packBytes(src, count: colours.count, into: rowStart + column * 4)
                        }
                    }
                }
                output.withLock { bytes in
                    bytes.withUnsafeMutableBytes { dst in
                        scratch.withUnsafeBytes { src in
                            guard let to = dst.baseAddress, let from = src.baseAddress else { return }
                            for row in batch {
                                (to + firstByte + row * bytesPerRow)
                                    .copyMemory(from: from + (row - batch.lowerBound) * rowBytes, byteCount: rowBytes)
                            }
                        }
                    }
                }
                batchStart = batch.upperBound
            }
        }
    }
}
