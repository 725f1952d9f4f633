import IrisCore

/// Checks what the GL path relies on before any GL work: formats, sizes and that the tile lists line up.
enum PlanValidation {
    static func check(_ plan: RenderPlan, maximumTextureSize: Int) throws(RenderError) {
        guard plan.outputFormat == .rgba8 || plan.outputFormat == .bgra8 else { throw .unsupportedOutputFormat(plan.outputFormat) }
        guard !plan.outputRect.isInfinite else { throw .infiniteExtent }
        guard !plan.outputRect.isEmpty else { throw .emptyExtent }
        guard !plan.passes.isEmpty else { throw malformed("the plan has no passes") }
        for (t, tile) in plan.tiles.enumerated() {
            guard tile.passRects.count == plan.passes.count, tile.leafRects.count == plan.leaves.count else {
                throw malformed("tile \(t) has \(tile.passRects.count) pass and \(tile.leafRects.count) leaf rectangles for \(plan.passes.count) passes and \(plan.leaves.count) leaves")
            }
            guard tile.passRects.last == tile.output else {
                throw malformed("tile \(t)'s output pass rectangle is not its output \(tile.output)")
            }
            guard tile.output.isEmpty || plan.outputRect.contains(tile.output) else {
                throw malformed("tile \(t)'s output \(tile.output) is outside the output \(plan.outputRect)")
            }
            for rect in tile.passRects + tile.leafRects where !rect.isEmpty {
                guard !rect.isInfinite else { throw malformed("tile \(t) has an infinite rectangle") }
                guard Int(rect.width) <= maximumTextureSize, Int(rect.height) <= maximumTextureSize else {
                    throw .gl(operation: "tile \(t) needs a \(Int(rect.width))×\(Int(rect.height)) texture, over the limit of \(maximumTextureSize)",
                              code: 0x0501)   // GL_INVALID_VALUE, what glTexImage2D would say
                }
            }
        }
    }

    static func malformed(_ what: String) -> RenderError {
        .gl(operation: "malformed plan: \(what)", code: 0x0502)   // GL_INVALID_OPERATION
    }
}
