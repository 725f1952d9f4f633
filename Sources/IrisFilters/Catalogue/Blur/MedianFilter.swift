import IrisCore

extension BuiltInFilters {
    /// CIMedianFilter: each component (premultiplied, alpha included) is the median of its 3×3
    /// neighbourhood, computed by a 19-exchange selection network in GLSL (Paeth's, as in McGuire's
    /// "A fast, small-radius GPU median filter") and by sorting on the CPU; both give the exact median.
    static let medianFilter = FilterDescriptor(
        name: "CIMedianFilter", displayName: "Median",
        categories: [FilterCategory.blur, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn],
        summary:
            "Computes the median value for a group of neighboring pixels and replaces each pixel value with the median.",
        inputs: [.image],
        readsNeighbourhood: true,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(
                medianKernel, [image], KernelArguments([]), extent: image.extent.insetBy(dx: -1, dy: -1),
                label: "CIMedianFilter")
        })

    /// The exchanges (a gets the minimum, b the maximum) that leave the median of v0…v8 in v4.
    static let medianExchanges: [(Int, Int)] = {
        var out: [(Int, Int)] = []
        func s2(_ a: Int, _ b: Int) { out.append((a, b)) }
        func mn3(_ a: Int, _ b: Int, _ c: Int) {
            s2(a, b)
            s2(a, c)
        }
        func mx3(_ a: Int, _ b: Int, _ c: Int) {
            s2(b, c)
            s2(a, c)
        }
        func mnmx3(_ a: Int, _ b: Int, _ c: Int) {
            mx3(a, b, c)
            s2(a, b)
        }
        func mnmx4(_ a: Int, _ b: Int, _ c: Int, _ d: Int) {
            s2(a, b)
            s2(c, d)
            s2(a, c)
            s2(b, d)
        }
        func mnmx5(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int) {
            s2(a, b)
            s2(c, d)
            mn3(a, c, e)
            mx3(b, d, e)
        }
        func mnmx6(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int) {
            s2(a, d)
            s2(b, e)
            s2(c, f)
            mn3(a, b, c)
            mx3(d, e, f)
        }
        mnmx6(0, 1, 2, 3, 4, 5)
        mnmx5(1, 2, 3, 4, 6)
        mnmx4(2, 3, 4, 7)
        mnmx3(3, 4, 8)
        return out
    }()

    static let medianKernel = Kernel(
        general: "irisMedian3x3", parameters: [],
        glsl: {
            var body = "vec4 irisMedian3x3(vec2 dc) {\n    vec4 t;\n"
            for k in 0..<9 { body += "    vec4 v\(k) = sample0(dc + vec2(\(k % 3 - 1).0, \(k / 3 - 1).0));\n" }
            for (a, b) in medianExchanges { body += "    t = v\(a); v\(a) = min(t, v\(b)); v\(b) = max(t, v\(b));\n" }
            return body + "    return v4;\n}"
        }(),
        cpu: { coords, sample, _ in
            var shifted = coords
            var values: [[SIMD4<Float>]] = []
            for k in 0..<9 {
                let o = SIMD2(Float(k % 3 - 1), Float(k / 3 - 1))
                for i in coords.indices { shifted[i] = coords[i] + o }
                values.append(sample(0, shifted))
            }
            var out = [SIMD4<Float>](repeating: .zero, count: coords.count)
            var column = [Float](repeating: 0, count: 9)
            for i in coords.indices {
                for c in 0..<4 {
                    for k in 0..<9 { column[k] = values[k][i][c] }
                    column.sort()
                    out[i][c] = column[4]
                }
            }
            return out
        }, roi: { _, rect, _ in rect.insetBy(dx: -1, dy: -1) })
}
