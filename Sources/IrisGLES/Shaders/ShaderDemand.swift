import IrisCore

/// Where a generated node function can be called: a closed box holding every point a pass's fragments
/// hand it (the pixel centres of the pass's drawn rectangles, over every tile, carried through colour
/// kernels, affine warps and clamps), or anywhere. `PassShaderGenerator` writes a node's "0 outside its extent"
/// test only when some point of its demand can lie outside that extent.
///
///     let demand = ShaderDemand.drawn(plan: plan, pass: plan.passes.count - 1)
struct ShaderDemand {
    /// Every point p handed to the function has minX ≤ p.x ≤ maxX and minY ≤ p.y ≤ maxY.
    let minX: Double, minY: Double, maxX: Double, maxY: Double
    /// Every point is a pixel centre (x + ½, y + ½ for whole x and y), so a texture stored over a whole-pixel
    /// rectangle is read at its texels' centres, where nearest sampling gives what bilinear does.
    var atPixelCentres = false

    static let anywhere = ShaderDemand(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)

    /// The centres of the pixels pass `index` is drawn over, in any tile.
    static func drawn(plan: RenderPlan, pass index: Int) -> ShaderDemand {
        let rects = plan.tiles.map { $0.passRects[index] }.filter { !$0.isEmpty }
        guard let first = rects.first else { return .anywhere }
        let drawn = rects.dropFirst().reduce(first) { $0.union($1) }
        guard !drawn.isInfinite else { return .anywhere }
        return ShaderDemand(
            minX: drawn.minX + 0.5, minY: drawn.minY + 0.5, maxX: drawn.maxX - 0.5, maxY: drawn.maxY - 0.5,
            atPixelCentres: true)
    }

    /// Whether every point lies inside `extent`, which holds p when min ≤ p < max (`iris_outside`'s rule).
    func isInside(_ extent: Rect) -> Bool {
        if extent.isInfinite { return true }
        return extent.minX <= minX && extent.minY <= minY && maxX < extent.maxX && maxY < extent.maxY
    }

    /// The points that pass a node's test against `extent` (all of them when no test is written).
    func inside(_ extent: Rect) -> ShaderDemand {
        guard !isInside(extent) else { return self }
        return ShaderDemand(
            minX: Swift.max(minX, extent.minX), minY: Swift.max(minY, extent.minY),
            maxX: Swift.min(maxX, extent.maxX), maxY: Swift.min(maxY, extent.maxY), atPixelCentres: atPixelCentres)
    }

    /// Where `node`, called at these points, calls its inputs: the same points for a colour kernel; for
    /// an affine warp (no longer at pixel centres, as for every warp), the box around the four corners it maps; for a clamp to a rectangle, the points
    /// clamped; anywhere for other warps and for general kernels, whose sample points their own code
    /// decides.
    func read(by node: RenderPlan.KernelNode) -> ShaderDemand {
        switch node.kernel.kind {
        case .color:
            return self
        case .general:
            return .anywhere
        case .warp:
            switch node.kernel.role {
            case .clampToRect: return clamped(by: node.arguments)
            case .affine where [minX, minY, maxX, maxY].allSatisfy(\.isFinite): return transformed(by: node.arguments)
            // Another warp's region of interest only decides what is uploaded, and one too small has been
            // harmless wherever a tile holds the whole input, so it is not trusted here.
            default: return .anywhere
            }
        }
    }

    /// The points moved by `BuiltInKernels.clampToRect` into the span of its rectangle's pixel centres.
    private func clamped(by arguments: KernelArguments) -> ShaderDemand {
        let r = arguments.vec4(0)
        let low = (Double(r.x) + 0.5, Double(r.y) + 0.5), high = (Double(r.x + r.z) - 0.5, Double(r.y + r.w) - 0.5)
        func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { Swift.min(Swift.max(v, lo), hi) }
        return ShaderDemand(
            minX: clamp(minX, low.0, high.0), minY: clamp(minY, low.1, high.1), maxX: clamp(maxX, low.0, high.0),
            maxY: clamp(maxY, low.1, high.1))
    }

    /// The box around the corners carried by an affine warp's rows (`BuiltInKernels.affine`), widened by
    /// 1/64 of a pixel for the shader's single-precision arithmetic.
    private func transformed(by arguments: KernelArguments) -> ShaderDemand {
        let row0 = arguments.vec3(0), row1 = arguments.vec3(1)
        let corners = [(minX, minY), (maxX, minY), (minX, maxY), (maxX, maxY)].map { x, y in
            (
                Double(row0.x) * x + Double(row0.y) * y + Double(row0.z),
                Double(row1.x) * x + Double(row1.y) * y + Double(row1.z)
            )
        }
        let xs = corners.map(\.0), ys = corners.map(\.1)
        let margin = 1.0 / 64
        return ShaderDemand(
            minX: xs.min()! - margin, minY: ys.min()! - margin, maxX: xs.max()! + margin, maxY: ys.max()! + margin)
    }
}
