import IrisCore

/// The encoder's planes as the row-band threads write them: one `BandedOutput` per plane, so each band
/// claims its own luma and chroma rows (bands start on even rows, so no chroma row is shared).
struct EncoderPlanesOutput: Sendable {
    let planes: [BandedOutput]
    let converter: EncoderPlaneConverter

    /// Converts picture rows `rows` (starting even), row r's bytes at `first + (r - rows.lowerBound) *
    /// stride`, into the planes; the caller's band, starting at `bandFirstRow`, has claimed those rows.
    func convert(
        rows: Range<Int>, first: UnsafePointer<UInt8>, stride: Int, width: Int,
        luma: UnsafeMutableRawPointer, chroma: [UnsafeMutableRawPointer], bandFirstRow: Int
    ) {
        let strides = planes.map(\.bytesPerRow)
        let firstPair = (rows.lowerBound - bandFirstRow) / 2
        let lumaFirst = (luma + (rows.lowerBound - bandFirstRow) * strides[0]).assumingMemoryBound(to: UInt8.self)
        let chromaFirst = chroma.enumerated().map {
            ($0.element + firstPair * strides[$0.offset + 1]).assumingMemoryBound(to: UInt8.self)
        }
        converter.convert(
            rows: rows.count, from: first, stride: stride, width: width, into: [lumaFirst] + chromaFirst,
            strides: strides)
    }

    /// Claims band rows `rows` (memory rows of the picture, starting even) in every plane and runs `body`
    /// with the luma band and the chroma bands.
    func withBand<R>(
        rows: Range<Int>, _ body: (UnsafeMutableRawPointer, [UnsafeMutableRawPointer]) -> R
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
    /// Rows rendered before their pairs are converted: even, and small enough to stay in cache (16 rows of
    /// 1080p BGRA are 120 KiB).
    static let chunkRows = 16

    /// Renders a one-tile plan's output pass into the encoder's planes, a chunk of rows at a time: each
    /// chunk is written as bytes (into the picture's rows when `picture` is kept, else into the band's
    /// scratch rows) and its row pairs converted while it is in cache.
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
            planes.withBand(rows: rows) { luma, chroma in
                // Rows are written a chunk at a time (a per-pair call costs its setup sixteen times more
                // often), then converted pair by pair while the chunk is still in cache.
                func convertChunks(stride: Int, rowStart: (Int) -> UnsafeMutablePointer<UInt8>) {
                    for chunkTop in Swift.stride(from: rows.lowerBound, to: rows.upperBound, by: Self.chunkRows) {
                        let chunk = chunkTop..<min(chunkTop + Self.chunkRows, rows.upperBound)
                        writer.write(rows: chunk, into: rowStart)
                        planes.convert(
                            rows: chunk, first: rowStart(chunk.lowerBound), stride: stride, width: width, luma: luma,
                            chroma: chroma, bandFirstRow: rows.lowerBound)
                    }
                }
                if let picture {
                    let stride = picture.bytesPerRow
                    picture.withRows(
                        from: rows.lowerBound * stride, byteLength: (rows.count - 1) * stride + width * 4
                    ) { band in
                        convertChunks(stride: stride) {
                            (band + ($0 - rows.lowerBound) * stride).assumingMemoryBound(to: UInt8.self)
                        }
                    }
                } else {
                    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.chunkRows * width * 4)
                    defer { scratch.deallocate() }
                    convertChunks(stride: width * 4) { scratch + (($0 - rows.lowerBound) % Self.chunkRows) * width * 4 }
                }
            }
        }
    }
}
