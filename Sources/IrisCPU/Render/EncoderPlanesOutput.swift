import IrisCore

/// The encoder's planes as the row-band threads write them: one `BandedOutput` per plane, so each band
/// claims its own luma and chroma rows (bands start on even rows, so no chroma row is shared).
struct EncoderPlanesOutput: Sendable {
    let planes: [BandedOutput]
    let converter: EncoderPlaneConverter

    /// Converts the row pair whose top is picture row `row` (even) from `top` and `bottom` (nil for an odd
    /// height's last row) into the planes; the caller's band has claimed those rows.
    func convert(
        row: Int, top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>?, width: Int,
        luma: UnsafeMutableRawPointer, chroma: [UnsafeMutableRawPointer], bandFirstRow: Int
    ) {
        let pair = (row - bandFirstRow) / 2
        let lumaTop = (luma + (row - bandFirstRow) * planes[0].bytesPerRow).assumingMemoryBound(to: UInt8.self)
        let chromaRow: EncoderPlaneConverter.ChromaRow =
            chroma.count == 2
            ? .planar(
                cb: (chroma[0] + pair * planes[1].bytesPerRow).assumingMemoryBound(to: UInt8.self),
                cr: (chroma[1] + pair * planes[2].bytesPerRow).assumingMemoryBound(to: UInt8.self))
            : .interleaved((chroma[0] + pair * planes[1].bytesPerRow).assumingMemoryBound(to: UInt8.self))
        converter.convert(
            top: top, bottom: bottom ?? top, width: width, lumaTop: lumaTop,
            lumaBottom: bottom == nil ? nil : lumaTop + planes[0].bytesPerRow, chroma: chromaRow)
    }

    /// Claims band rows `rows` (memory rows of the picture, starting even) in every plane and runs `body`
    /// with the luma band and the chroma bands.
    func withBand<R>(
        rows: Range<Int>, width: Int, _ body: (UnsafeMutableRawPointer, [UnsafeMutableRawPointer]) -> R
    ) -> R {
        let pairs = (rows.lowerBound / 2)..<((rows.upperBound + 1) / 2)
        let lumaBytes = planes[0].bytesPerRow
        return planes[0].withRows(from: rows.lowerBound * lumaBytes, byteLength: rows.count * lumaBytes) { luma in
            func claimChroma(_ index: Int, _ claimed: [UnsafeMutableRawPointer]) -> R {
                guard index < planes.count else { return body(luma, claimed) }
                let stride = planes[index].bytesPerRow
                return planes[index].withRows(from: pairs.lowerBound * stride, byteLength: pairs.count * stride) {
                    claimChroma(index + 1, claimed + [$0])
                }
            }
            return claimChroma(1, [])
        }
    }
}

extension TileRenderer {
    /// Renders a one-tile plan's output pass into the encoder's planes, a row pair at a time: each pair is
    /// written as bytes (into the picture's rows when `picture` is kept, else into the band's two scratch
    /// rows) and converted while it is in cache.
    func renderEncoded(
        _ tile: RenderPlan.Tile, into planes: EncoderPlanesOutput, picture: BandedOutput?
    ) throws(AllocationError) {
        let last = plan.passes.count - 1
        var images: [PassImage] = []
        for k in 0..<last {
            images.append(try renderIntermediate(plan.passes[k], index: k, rect: tile.passRects[k], images: images))
        }
        let rect = plan.outputRect
        let width = Int(rect.width), height = Int(rect.height)
        let bands = RowBands(rows: height, threads: threads, rowsMultipleOf: 2)
        let rowWriter = OutputRowWriter(
            plan: plan, pass: plan.passes[last], rect: rect, images: images, spanLength: spanLength)
        bands.forEach { b in
            let rows = bands.rows(of: b)
            guard !rows.isEmpty else { return }
            let writer = rowWriter.makeBandWriter()
            planes.withBand(rows: rows, width: width) { luma, chroma in
                func convertPairs(rowStart: (Int) -> UnsafeMutablePointer<UInt8>) {
                    for top in stride(from: rows.lowerBound, to: rows.upperBound, by: 2) {
                        let pair = top..<min(top + 2, rows.upperBound)
                        writer.write(rows: pair, into: rowStart)
                        planes.convert(
                            row: top, top: rowStart(top), bottom: pair.count == 2 ? rowStart(top + 1) : nil,
                            width: width, luma: luma, chroma: chroma, bandFirstRow: rows.lowerBound)
                    }
                }
                if let picture {
                    let stride = picture.bytesPerRow
                    picture.withRows(
                        from: rows.lowerBound * stride, byteLength: (rows.count - 1) * stride + width * 4
                    ) { band in
                        convertPairs { (band + ($0 - rows.lowerBound) * stride).assumingMemoryBound(to: UInt8.self) }
                    }
                } else {
                    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * width * 4)
                    defer { scratch.deallocate() }
                    convertPairs { scratch + ($0 % 2) * width * 4 }
                }
            }
        }
    }
}
