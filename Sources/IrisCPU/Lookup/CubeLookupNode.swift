import IrisCore

/// A baked colour chain inside a pass: evaluates the input (opaque colour in 0…1 from a decoder), then
/// looks every pixel up in the cube. Pixels outside the node's extent are cleared by the mask around it.
final class CubeLookupNode: SpanNode {
    private let input: SpanNode
    private let cube: CubeInterpolator
    private let rows = CubeRowLookup()
    private var colours: [SIMD4<Float>] = []
    private var r: [Int32] = [], g: [Int32] = [], b: [Int32] = []

    init(_ node: RenderPlan.LookupNode, input: SpanNode) {
        self.input = input
        cube = CubeInterpolator(node.cube)
    }

    func evaluate(_ points: SpanPoints, into out: inout [SIMD4<Float>]) {
        let count = points.count
        input.evaluate(points, into: &colours)
        out.resize(to: count, fill: .zero)
        r.resize(to: count, fill: 0)
        g.resize(to: count, fill: 0)
        b.resize(to: count, fill: 0)
        colours.withUnsafeBufferPointer { c in
            r.withUnsafeMutableBufferPointer { rp in
                g.withUnsafeMutableBufferPointer { gp in
                    b.withUnsafeMutableBufferPointer { bp in
                        out.withUnsafeMutableBufferPointer { o in
                            guard let cs = c.baseAddress, let rs = rp.baseAddress, let gs = gp.baseAddress,
                                let bs = bp.baseAddress,
                                let os = o.baseAddress
                            else { return }
                            let n = min(count, c.count)
                            cube.coordinates(of: cs, count: n, r: rs, g: gs, b: bs)
                            rows.lookUp(cube, .cells(r: rs, g: gs, b: bs), count: n, into: os)
                        }
                    }
                }
            }
        }
    }
}
