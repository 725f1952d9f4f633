import IrisCore

/// A stored image composited over a camera chain's output row: `sourceOver(affine(crop(intermediate)), …)`
/// with an affine that moves by whole pixels, the shape a detector overlay's label takes (a piece of the
/// glyph sheet placed beside its feature). `YCbCrOutputPath` composites it into the rows it crosses, as the
/// span interpreter would, so a labelled camera frame keeps the direct row path (without it, a label sent
/// the whole frame to the span interpreter: about an eighth of a labelled 720p recording's time).
struct PlacedImageOver: Sendable {
    /// The intermediate pass holding the image.
    let pass: Int
    /// Where the image may land (the moved node's extent), in output coordinates.
    let target: ExtentBounds
    /// The whole-pixel move from an output pixel to the stored pixel it shows.
    let dx: Int, dy: Int
    /// What the crop keeps (its rectangle and its node's extent), in the stored image's coordinates.
    let kept: [ExtentBounds]

    /// Nil for any other node, or when the image is not one of the `intermediates` passes before the output.
    init?(_ node: RenderPlan.KernelNode, covering rect: Rect, intermediates: Int) {
        guard node.kernel.role == .sourceOver, node.inputs.count == 2, node.extent.contains(rect),
            case let .kernel(move) = node.inputs[0], move.kernel.role == .affine, move.inputs.count == 1,
            case let .kernel(cut) = move.inputs[0], cut.kernel.role == .crop, cut.inputs.count == 1,
            case let .intermediate(index) = cut.inputs[0], index >= 0, index < intermediates
        else { return nil }
        // The affine's arguments map an output point to the stored one: a move by whole pixels keeps pixel
        // centres on pixel centres, so every read is a stored texel, not a blend.
        let row0 = move.arguments.vec3(0), row1 = move.arguments.vec3(1)
        guard row0.x == 1, row0.y == 0, row1.x == 0, row1.y == 1, abs(row0.z) < 16_777_216, abs(row1.z) < 16_777_216,
            row0.z == row0.z.rounded(), row1.z == row1.z.rounded()
        else { return nil }
        let crop = cut.arguments.vec4(0)
        pass = index
        target = ExtentBounds(move.extent)
        dx = Int(row0.z)
        dy = Int(row1.z)
        kept = [
            ExtentBounds(Rect(x: Double(crop.x), y: Double(crop.y), width: Double(crop.z), height: Double(crop.w))),
            ExtentBounds(cut.extent)
        ]
    }

    /// Composites the image over `count` premultiplied colours of global row `y` starting at column `x0`.
    /// `foreground` and `points` are the caller's scratch rows.
    func composite(
        over colours: inout [SIMD4<Float>], row y: Int, x0: Int, count: Int, images: [PassImage],
        foreground: inout [SIMD4<Float>], points: inout [SIMD2<Float>]
    ) {
        guard target.containsRow(centre: Double(y) + 0.5) else { return }
        let storedY = y + dy
        var columns = target.columns(x0: x0, count: count)
        for bounds in kept {
            guard bounds.containsRow(centre: Double(storedY) + 0.5) else { return }
            let inside = bounds.columns(x0: x0 + dx, count: count)
            let lo = max(columns.lowerBound, inside.lowerBound), hi = min(columns.upperBound, inside.upperBound)
            columns = lo..<max(lo, hi)
        }
        let n = columns.count
        guard n > 0 else { return }
        if foreground.count < n { foreground = [SIMD4<Float>](repeating: .zero, count: n) }
        let span = SpanPoints(
            row: storedY, x0: x0 + dx + columns.lowerBound, count: n, materialized: false, storage: &points)
        var scratch: [SIMD4<Float>] = []
        foreground.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            images[pass].withSampler { $0.sample(span, into: base, scratch: &scratch) }
        }
        colours.withUnsafeMutableBufferPointer { c in
            foreground.withUnsafeBufferPointer { f in
                for i in 0..<n {
                    let k = columns.lowerBound + i
                    c[k] = f[i] + c[k] * (1 - f[i].w)
                }
            }
        }
    }
}
