import IrisCore

extension BuiltInFilters {
    /// CIZoomBlur: each pixel p averages 33 evenly spaced taps on the segment from p towards `inputCenter` c,
    /// p + (c − p)·f·k/32 for k = 0…32, with f = min(`inputAmount` / 200, 1): the streak is a fraction of the
    /// distance to the centre, so it grows away from the centre as a zoom's does (at the default 20 it is a
    /// tenth of that distance). Core Image does not publish its formula; this one is Iris's. The extent stays
    /// the input's.
    static let zoomBlur = FilterDescriptor(
        name: "CIZoomBlur", displayName: "Zoom Blur",
        categories: [FilterCategory.blur, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary: "Simulates the effect of zooming the camera while capturing the image.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputCenter", .position, default: .vector([150, 150]), summary: "The centre of the zoom."),
            FilterInputDescriptor(
                "inputAmount", .distance, default: .number(20), range: 0...Double.infinity, slider: 0...200,
                summary: "The zoom-in amount: 200 streaks each pixel all the way to the centre.")
        ],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let center = try args.vector("inputCenter"), amount = try args.number("inputAmount")
            if amount == 0 { return image }
            let fraction = min(amount / 200, 1)
            return Image.make(
                zoomBlurKernel, [image],
                KernelArguments([.vec2(SIMD2(Float(center[0]), Float(center[1]))), .float(Float(fraction))]),
                extent: image.extent, label: "CIZoomBlur")
        })

    static let zoomTaps = 32

    static let zoomBlurKernel = Kernel(
        general: "irisZoomBlur", parameters: [.init("center", "vec2"), .init("fraction", "float")],
        glsl: """
            vec4 irisZoomBlur(vec2 dc, vec2 center, float fraction) {
                vec2 stride = (center - dc) * (fraction / \(zoomTaps).0);
                vec4 sum = vec4(0.0);
                for (int k = 0; k <= \(zoomTaps); k++) {
                    sum += sample0(dc + float(k) * stride);
                }
                return sum / \(zoomTaps + 1).0;
            }
            """,
        cpu: { coords, sample, args in
            let center = args.vec2(0), fraction = args.float(1)
            var sum = [SIMD4<Float>](repeating: .zero, count: coords.count)
            var shifted = coords
            for k in 0...zoomTaps {
                for i in coords.indices {
                    shifted[i] = coords[i] + Float(k) * ((center - coords[i]) * (fraction / Float(zoomTaps)))
                }
                let values = sample(0, shifted)
                for i in sum.indices { sum[i] += values[i] }
            }
            let scale = 1 / Float(zoomTaps + 1)
            for i in sum.indices { sum[i] *= scale }
            return sum
        },
        roi: { _, rect, args in
            // The segments run from the rectangle towards the centre: their hull holds both.
            let c = args.vec2(0)
            return rect.union(Rect(x: Double(c.x) - 1, y: Double(c.y) - 1, width: 2, height: 2))
        })
}
