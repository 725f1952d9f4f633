/// The compiler's checks of a plan against `RenderLimits`: the output before it is tiled (a huge output
/// would otherwise be split into millions of tiles), then each tile's intermediates and the render's
/// estimated peak memory.
extension Compiler {
    func checkOutputSize(_ outputRect: Rect, of image: Image) throws(PlanError) {
        let limits = options.limits
        guard outputRect.pixelCount > Double(limits.maximumOutputPixels) else { return }
        throw .outputTooLarge(
            width: Self.clampedInt(outputRect.width), height: Self.clampedInt(outputRect.height),
            limit: limits.maximumOutputPixels,
            culprit: Self.firstLabel(in: image, largerThan: Double(limits.maximumOutputPixels)))
    }

    func checkTiles(_ tiles: [RenderPlan.Tile], passes: [RenderPlan.Pass], outputRect: Rect) throws(PlanError) {
        let limits = options.limits
        let outputBytes =
            outputRect.pixelCount
            * options.outputFormat.planes.reduce(0) {
                $0 + Double($1.bytesPerSample) / Double($1.horizontalSubsampling * $1.verticalSubsampling)
            }
        var peak = outputBytes, peakLargest = passes.count - 1
        for tile in tiles {
            var bytes = outputBytes, largest = passes.count - 1, largestPixels = 0.0
            for (p, rect) in tile.passRects.enumerated().dropLast() where !rect.isEmpty {
                let pixels = rect.pixelCount
                if pixels > Double(limits.maximumIntermediatePixels) {
                    throw .intermediateTooLarge(
                        pass: p, label: passes[p].label, width: Self.clampedInt(rect.width),
                        height: Self.clampedInt(rect.height), limit: limits.maximumIntermediatePixels)
                }
                bytes += pixels * Double(RenderLimits.bytesPerIntermediatePixel)
                if pixels > largestPixels {
                    largestPixels = pixels
                    largest = p
                }
            }
            if bytes > peak {
                peak = bytes
                peakLargest = largest
            }
        }
        if peak > Double(limits.maximumMemory) {
            throw .memoryOverLimit(
                bytes: Self.clampedInt(peak), limit: limits.maximumMemory, largest: passes[peakLargest].label)
        }
    }

    /// The label of the first kernel, in evaluation order, whose finite extent holds more than `pixels`. A
    /// crop only cuts down what an earlier kernel made, so it is never the culprit.
    static func firstLabel(in image: Image, largerThan pixels: Double) -> String? {
        var visited = Set<ObjectIdentifier>()
        var stack: [(image: Image, inputsDone: Bool)] = [(image, false)]
        while let (next, inputsDone) = stack.popLast() {
            if inputsDone {
                if case let .kernel(app) = next.node, app.kernel.role != .crop, !next.extent.isInfinite,
                    next.extent.pixelCount > pixels
                {
                    return app.label
                }
                continue
            }
            guard visited.insert(ObjectIdentifier(next)).inserted else { continue }
            stack.append((next, true))
            for input in next.inputs.reversed() { stack.append((input, false)) }
        }
        return nil
    }

    static func clampedInt(_ value: Double) -> Int { value >= Double(Int.max) ? .max : Int(value) }
}

extension Rect {
    /// Width × height as a Double, which neither overflows nor traps for huge or infinite rectangles.
    var pixelCount: Double { isEmpty ? 0 : width * height }
}

extension RenderPlan.Pass {
    /// What a dump or an error calls the pass: the filter (or fold) at its root.
    var label: String {
        switch root {
        case let .kernel(node): return node.label
        case let .lookup(node): return node.label
        case .leaf, .intermediate, .constant: return "a copy"
        }
    }
}
